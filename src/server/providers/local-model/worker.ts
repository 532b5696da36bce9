// The worker thread that owns one GGUF model: it loads it once, then runs one generation at a time as the
// runtime asks, streaming the reply back in chunks. It never logs or writes anywhere what it reads or writes;
// what the model has read stays in memory (its cache, per sequence) until another prompt takes its place.
import { parentPort, workerData } from 'node:worker_threads';
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import {
  getLlama,
  LlamaChat,
  LlamaLogLevel,
  resolveChatWrapper,
  type ChatHistoryItem,
  type ChatWrapper,
  type Llama,
  type LlamaContextSequence,
  type LlamaGrammar,
  type LlamaModel,
} from 'node-llama-cpp';
import { fitToBudget } from './budget';
import type { FromWorker, GenerationJob, GenerationUsage, ToWorker, Turn, WorkerOptions } from './protocol';

const port = parentPort;
if (!port) throw new Error('the local model worker runs in a worker thread');
const options = workerData as WorkerOptions;
const send = (message: FromWorker) => port.postMessage(message);

const running = new Map<number, AbortController>();
/** Cancelled before they started (while the model was still loading, say). */
const cancelledEarly = new Set<number>();
/** Grammars compiled once per schema: the schemas are few and fixed (memory, risk level). */
const grammars = new Map<string, Promise<LlamaGrammar>>();

/** A sequence kept for conversations, and when it last answered one. */
interface Slot {
  sequence: LlamaContextSequence;
  lastUsed: number;
  /** The conversation it holds (conversationOf), null while empty. */
  conversation: string | null;
}

interface Loaded {
  llama: Llama;
  model: LlamaModel;
  /** The model's chat template, to measure prompts exactly as LlamaChat will write them. */
  chatWrapper: ChatWrapper;
  /** Memory writing, judgements, letters: jobs whose prompt changes every time, kept off the conversations' caches. */
  tasks: LlamaContextSequence;
  conversations: Slot[];
  /** Tokens each sequence holds: the size asked for, or less when the model was trained on fewer. */
  contextSize: number;
}

let uses = 0;

async function load(): Promise<Loaded> {
  const llama = await getLlama({
    gpu: options.gpu,
    // Never compile llama.cpp on a server, and never download anything: the prebuilt binaries come from npm.
    build: 'never',
    // llama.cpp's own log lines describe the model, not the conversation, but they are noise in the app's logs.
    logLevel: LlamaLogLevel.disabled,
  });
  const model = await llama.loadModel({ modelPath: options.modelPath });
  // Each sequence holds its own `contextSize` tokens of cache: memory grows with their number (docs/local-model.md).
  const context = await model.createContext({
    contextSize: { max: options.contextSize },
    threads: options.threads,
    sequences: options.conversations + 1,
  });
  const { size } = await stat(options.modelPath);
  const tasks = context.getSequence();
  const conversations = Array.from({ length: options.conversations }, (): Slot => ({ sequence: context.getSequence(), lastUsed: 0, conversation: null }));
  const chatWrapper = resolveChatWrapper(model);
  send({
    type: 'ready',
    model: { name: model.fileInfo.metadata.general?.name ?? null, trainContextSize: model.trainContextSize, sizeBytes: size },
  });
  return { llama, model, chatWrapper, tasks, conversations, contextSize: context.contextSize };
}

function history(turns: readonly Turn[]): ChatHistoryItem[] {
  const items: ChatHistoryItem[] = turns.map((turn) =>
    turn.role === 'system'
      ? { type: 'system', text: turn.content }
      : turn.role === 'user'
        ? { type: 'user', text: turn.content }
        : { type: 'model', response: [turn.content] },
  );
  // The reply the model writes next.
  items.push({ type: 'model', response: [] });
  return items;
}

/** The prompt's length exactly as LlamaChat evaluates it: the model's chat template applied to the turns. */
function promptTokens(runtime: Loaded, turns: readonly Turn[]): number {
  return runtime.chatWrapper.generateContextState({ chatHistory: history(turns) }).contextText.tokenize(runtime.model.tokenizer).length;
}

/**
 * Which conversation a job continues: its system prompt and its first message, which stay the same from turn to
 * turn (the client sends the whole conversation each time). Kept in memory only, as a digest.
 */
function conversationOf(turns: readonly Turn[]): string {
  const hash = createHash('sha256');
  for (const turn of turns.slice(0, 2)) hash.update(`${turn.role}\u0000${turn.content}\u0000`);
  return hash.digest('hex');
}

/**
 * The conversation sequence for a job: the one that answered this conversation last, else the least recently
 * used one, so that conversations taking turns each keep their own cache. Matching by the longest shared
 * prefix instead would let a new conversation whose system prompt is like another's take that one's sequence.
 */
function slotFor(slots: Slot[], conversation: string): Slot {
  return slots.find((slot) => slot.conversation === conversation) ?? slots.reduce((oldest, slot) => (slot.lastUsed < oldest.lastUsed ? slot : oldest));
}

async function run(runtime: Loaded, id: number, job: GenerationJob) {
  if (cancelledEarly.delete(id)) {
    send({ type: 'end', id, text: '', tokens: 0, stopReason: 'aborted', usage: null });
    return;
  }
  const controller = new AbortController();
  running.set(id, controller);
  // The prompt and the longest reply fit the context: the oldest turns give way first.
  const budget = Math.max(1, runtime.contextSize - job.maxTokens);
  const fitted = fitToBudget(job.turns, budget, (turns) => promptTokens(runtime, turns), (turn) => runtime.model.tokenize(turn.content).length);
  let sequence = runtime.tasks;
  if (job.kind === 'conversation') {
    const conversation = conversationOf(job.turns);
    const slot = slotFor(runtime.conversations, conversation);
    slot.lastUsed = ++uses;
    slot.conversation = conversation;
    sequence = slot.sequence;
  }
  // LlamaChat keeps the part of the sequence's cache that starts the new prompt and evaluates only the rest.
  const chat = new LlamaChat({ contextSequence: sequence, chatWrapper: runtime.chatWrapper, autoDisposeSequence: false });
  const before = sequence.tokenMeter.getState();
  let tokens = 0;
  const usage = (): GenerationUsage => {
    // The meter counts the prompt's tokens as input, except the last, whose logits start the reply (output).
    const evaluated = Math.min(fitted.tokens, sequence.tokenMeter.diff(before).usedInputTokens + 1);
    return { promptTokens: fitted.tokens, reusedTokens: fitted.tokens - evaluated, evaluatedTokens: evaluated, generatedTokens: tokens, droppedTurns: fitted.dropped };
  };
  try {
    let grammar: LlamaGrammar | undefined;
    if (job.schema) {
      const key = JSON.stringify(job.schema);
      if (!grammars.has(key)) grammars.set(key, runtime.llama.createGrammarForJsonSchema(job.schema as never));
      grammar = await grammars.get(key);
    }
    const response = await chat.generateResponse(history(fitted.turns), {
      signal: controller.signal,
      stopOnAbortSignal: true,
      maxTokens: job.maxTokens,
      temperature: job.temperature,
      ...(grammar ? { grammar } : {}),
      onToken: (generated) => {
        tokens += generated.length;
      },
      onTextChunk: (text) => {
        if (!controller.signal.aborted && text) send({ type: 'chunk', id, text });
      },
    });
    const stop = response.metadata.stopReason;
    send({
      type: 'end',
      id,
      text: response.response,
      tokens,
      stopReason: stop === 'abort' ? 'aborted' : stop === 'maxTokens' ? 'max-tokens' : 'done',
      usage: usage(),
    });
  } catch {
    // An abort before the first token rejects instead of returning what there is.
    if (controller.signal.aborted) send({ type: 'end', id, text: '', tokens: 0, stopReason: 'aborted', usage: null });
    else send({ type: 'failed', id, reason: 'generation' });
  } finally {
    running.delete(id);
    chat.dispose({ disposeSequence: false });
  }
}

const loaded = load().catch(() => {
  send({ type: 'load-failed' });
  return null;
});

// The runtime sends one job at a time; cancellations may arrive at any moment.
let chain: Promise<unknown> = loaded;
port.on('message', (message: ToWorker) => {
  if (message.type === 'cancel') {
    const controller = running.get(message.id);
    if (controller) controller.abort();
    else cancelledEarly.add(message.id);
    return;
  }
  chain = chain.then(async () => {
    const runtime = await loaded;
    if (!runtime) send({ type: 'failed', id: message.id, reason: 'load' });
    else await run(runtime, message.id, message.job);
  });
});
