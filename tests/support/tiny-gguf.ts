// A tiny llama-architecture GGUF model with random weights, written from scratch, for testing the local
// model's mechanics (loading, streaming, queueing, grammars) without downloading a real one. What it writes
// is noise: it proves that the runtime works, never that a model writes well.
import { writeFile } from 'node:fs/promises';

/** GGUF metadata value types. */
const enum ValueType {
  UINT32 = 4,
  INT32 = 5,
  FLOAT32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
}

/** ggml tensor types: every tensor here is 32-bit float. */
const GGML_TYPE_F32 = 0;
const ALIGNMENT = 32;

/** Token types of llama.cpp's vocabulary. */
const TOKEN_NORMAL = 1;
const TOKEN_UNKNOWN = 2;
const TOKEN_CONTROL = 3;
const TOKEN_BYTE = 6;

type Value =
  | { type: ValueType.UINT32 | ValueType.INT32 | ValueType.FLOAT32; value: number }
  | { type: ValueType.BOOL; value: boolean }
  | { type: ValueType.STRING; value: string }
  | { type: ValueType.ARRAY; of: ValueType.STRING; values: string[] }
  | { type: ValueType.ARRAY; of: ValueType.FLOAT32 | ValueType.INT32; values: number[] };

export interface TinyModelShape {
  embedding: number;
  layers: number;
  heads: number;
  feedForward: number;
  contextLength: number;
  seed: number;
  /**
   * How much the model leans towards the double quote, whatever it read: above 0 it closes JSON strings
   * soon (a short title and reflection, well within the memory's token limit), below 0 it lets them run to
   * the longest the schema allows. 0 leaves the weights purely random.
   */
  quoteLean: number;
  /**
   * The same lean for other characters (each written as one character, its byte token leaning alike): a model
   * that, between the choices a grammar leaves open, always takes the most leaned one. `{ c: 4, r: 4 }` makes
   * the safety judgement's `{"level": …}` read "crisis", `{ n: 4 }` "none".
   */
  lean: Record<string, number>;
}

const DEFAULT_SHAPE: TinyModelShape = { embedding: 64, layers: 2, heads: 4, feedForward: 128, contextLength: 8192, seed: 42, quoteLean: 0, lean: {} };

/** The value of the embedding's first dimension in every token when the model leans: a signal the layers cannot drown. */
const LEAN_CHANNEL = 4;

/** ChatML, so that the runtime frames conversations as it does for Qwen-style instruct models. */
const CHAT_TEMPLATE =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/**
 * A SentencePiece-style vocabulary: the special tokens, the 256 byte tokens (so any text, accents included,
 * can be written), then one token per printable ASCII character, with the space written "▁" as SentencePiece does.
 */
function vocabulary() {
  const tokens: string[] = ['<unk>', '<s>', '</s>', '<|im_start|>', '<|im_end|>'];
  const types: number[] = [TOKEN_UNKNOWN, TOKEN_CONTROL, TOKEN_CONTROL, TOKEN_CONTROL, TOKEN_CONTROL];
  for (let byte = 0; byte < 256; byte++) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(TOKEN_BYTE);
  }
  for (let code = 0x21; code < 0x7f; code++) {
    tokens.push(String.fromCharCode(code));
    types.push(TOKEN_NORMAL);
  }
  tokens.push('▁');
  types.push(TOKEN_NORMAL);
  // Equal scores: nothing merges, every character is its own token.
  const scores = tokens.map(() => 0);
  return { tokens, types, scores, specials: 5 };
}

/** mulberry32: a small seeded generator, so the same seed writes the same file. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Tensor {
  name: string;
  /** ggml order: the first dimension varies fastest. */
  dims: number[];
  data: Float32Array;
}

class Writer {
  private chunks: Buffer[] = [];
  length = 0;
  push(buffer: Buffer) {
    this.chunks.push(buffer);
    this.length += buffer.length;
  }
  u32(value: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    this.push(b);
  }
  i32(value: number) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(value);
    this.push(b);
  }
  u64(value: number) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    this.push(b);
  }
  f32(value: number) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(value);
    this.push(b);
  }
  string(value: string) {
    const bytes = Buffer.from(value, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad() {
    const rest = this.length % ALIGNMENT;
    if (rest) this.push(Buffer.alloc(ALIGNMENT - rest));
  }
  value(value: Value) {
    this.u32(value.type);
    switch (value.type) {
      case ValueType.UINT32:
        return this.u32(value.value);
      case ValueType.INT32:
        return this.i32(value.value);
      case ValueType.FLOAT32:
        return this.f32(value.value);
      case ValueType.BOOL:
        return this.push(Buffer.from([value.value ? 1 : 0]));
      case ValueType.STRING:
        return this.string(value.value);
      case ValueType.ARRAY:
        this.u32(value.of);
        this.u64(value.values.length);
        if (value.of === ValueType.STRING) for (const s of value.values) this.string(s);
        else if (value.of === ValueType.FLOAT32) for (const n of value.values) this.f32(n);
        else for (const n of value.values) this.i32(n);
        return;
    }
  }
  toBuffer() {
    return Buffer.concat(this.chunks);
  }
}

/** The bytes of a GGUF v3 file holding a tiny llama model (about 0.5 MB with the default shape). */
export function tinyModelBytes(shape: Partial<TinyModelShape> = {}): Buffer {
  const { embedding, layers, heads, feedForward, contextLength, seed, quoteLean, lean } = { ...DEFAULT_SHAPE, ...shape };
  const vocab = vocabulary();
  const next = random(seed);
  const uniform = (count: number, scale: number) => Float32Array.from({ length: count }, () => (next() * 2 - 1) * scale);
  const ones = (count: number) => new Float32Array(count).fill(1);

  // The output rows of the special tokens are zero, so their logit is always 0 while ordinary tokens'
  // logits spread widely: the random model writes on instead of ending its answer at once.
  const output = uniform(embedding * vocab.tokens.length, 1);
  output.fill(0, 0, embedding * vocab.specials);
  const tokenEmbedding = uniform(embedding * vocab.tokens.length, 1);
  const leans = Object.entries({ ...lean, ...(quoteLean !== 0 ? { '"': quoteLean } : {}) });
  if (leans.length > 0) {
    // Every token carries the same value in the first dimension, and only the leaning characters' output rows
    // read it: their logits are shifted by about the same amount at every step.
    for (let token = 0; token < vocab.tokens.length; token++) {
      tokenEmbedding[token * embedding] = LEAN_CHANNEL;
      output[token * embedding] = 0;
    }
    for (const [character, by] of leans) {
      const byte = `<0x${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}>`;
      for (const token of [vocab.tokens.indexOf(character), vocab.tokens.indexOf(byte)]) output[token * embedding] = by;
    }
  }

  const tensors: Tensor[] = [
    { name: 'token_embd.weight', dims: [embedding, vocab.tokens.length], data: tokenEmbedding },
    { name: 'output_norm.weight', dims: [embedding], data: ones(embedding) },
    { name: 'output.weight', dims: [embedding, vocab.tokens.length], data: output },
  ];
  const scale = 1 / Math.sqrt(embedding);
  for (let i = 0; i < layers; i++) {
    tensors.push(
      { name: `blk.${i}.attn_norm.weight`, dims: [embedding], data: ones(embedding) },
      { name: `blk.${i}.attn_q.weight`, dims: [embedding, embedding], data: uniform(embedding * embedding, scale) },
      { name: `blk.${i}.attn_k.weight`, dims: [embedding, embedding], data: uniform(embedding * embedding, scale) },
      { name: `blk.${i}.attn_v.weight`, dims: [embedding, embedding], data: uniform(embedding * embedding, scale) },
      { name: `blk.${i}.attn_output.weight`, dims: [embedding, embedding], data: uniform(embedding * embedding, scale) },
      { name: `blk.${i}.ffn_norm.weight`, dims: [embedding], data: ones(embedding) },
      { name: `blk.${i}.ffn_gate.weight`, dims: [embedding, feedForward], data: uniform(embedding * feedForward, scale) },
      { name: `blk.${i}.ffn_up.weight`, dims: [embedding, feedForward], data: uniform(embedding * feedForward, scale) },
      { name: `blk.${i}.ffn_down.weight`, dims: [feedForward, embedding], data: uniform(feedForward * embedding, 1 / Math.sqrt(feedForward)) },
    );
  }

  const metadata: [string, Value][] = [
    ['general.architecture', { type: ValueType.STRING, value: 'llama' }],
    ['general.name', { type: ValueType.STRING, value: 'souvenir-tiny-test-model' }],
    ['general.alignment', { type: ValueType.UINT32, value: ALIGNMENT }],
    ['general.file_type', { type: ValueType.UINT32, value: 0 }],
    ['llama.context_length', { type: ValueType.UINT32, value: contextLength }],
    ['llama.embedding_length', { type: ValueType.UINT32, value: embedding }],
    ['llama.block_count', { type: ValueType.UINT32, value: layers }],
    ['llama.feed_forward_length', { type: ValueType.UINT32, value: feedForward }],
    ['llama.attention.head_count', { type: ValueType.UINT32, value: heads }],
    ['llama.attention.head_count_kv', { type: ValueType.UINT32, value: heads }],
    ['llama.attention.layer_norm_rms_epsilon', { type: ValueType.FLOAT32, value: 1e-5 }],
    ['llama.rope.dimension_count', { type: ValueType.UINT32, value: embedding / heads }],
    ['llama.rope.freq_base', { type: ValueType.FLOAT32, value: 10000 }],
    ['llama.vocab_size', { type: ValueType.UINT32, value: vocab.tokens.length }],
    ['tokenizer.ggml.model', { type: ValueType.STRING, value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: ValueType.ARRAY, of: ValueType.STRING, values: vocab.tokens }],
    ['tokenizer.ggml.scores', { type: ValueType.ARRAY, of: ValueType.FLOAT32, values: vocab.scores }],
    ['tokenizer.ggml.token_type', { type: ValueType.ARRAY, of: ValueType.INT32, values: vocab.types }],
    ['tokenizer.ggml.unknown_token_id', { type: ValueType.UINT32, value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: ValueType.UINT32, value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: ValueType.UINT32, value: 4 }],
    ['tokenizer.ggml.add_bos_token', { type: ValueType.BOOL, value: false }],
    ['tokenizer.ggml.add_eos_token', { type: ValueType.BOOL, value: false }],
    ['tokenizer.chat_template', { type: ValueType.STRING, value: CHAT_TEMPLATE }],
  ];

  const out = new Writer();
  out.push(Buffer.from('GGUF', 'ascii'));
  out.u32(3);
  out.u64(tensors.length);
  out.u64(metadata.length);
  for (const [key, value] of metadata) {
    out.string(key);
    out.value(value);
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const tensor of tensors) {
    out.string(tensor.name);
    out.u32(tensor.dims.length);
    for (const dim of tensor.dims) out.u64(dim);
    out.u32(GGML_TYPE_F32);
    out.u64(offset);
    offsets.push(offset);
    offset += Math.ceil(tensor.data.byteLength / ALIGNMENT) * ALIGNMENT;
  }
  out.pad();
  for (const tensor of tensors) {
    out.push(Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
    out.pad();
  }
  return out.toBuffer();
}

/** Writes the tiny model to `file` and returns its path. */
export async function writeTinyModel(file: string, shape: Partial<TinyModelShape> = {}): Promise<string> {
  await writeFile(file, tinyModelBytes(shape));
  return file;
}
