// The worker thread that owns one GGUF model: it loads it once, then runs one generation at a time as the
// runtime asks, streaming the reply back in chunks. It never logs or keeps what it reads or writes.
import { parentPort, workerData } from 'node:worker_threads';
import { stat } from 'node:fs/promises';
import { getLlama, LlamaChat, LlamaLogLevel, type ChatHistoryItem, type Llama, type LlamaContextSequence, type LlamaGrammar } from 'node-llama-cpp';
import type { FromWorker, GenerationJob, ToWorker, WorkerOptions } from './protocol';

const port = parentPort;
if (!port) throw new Error('the local model worker runs in a worker thread');
const options = workerData as WorkerOptions;
const send = (message: FromWorker) => port.postMessage(message);

const running = new Map<number, AbortController>();
/** Cancelled before they started (while the model was still loading, say). */
const cancelledEarly = new Set<number>();
/** Grammars compiled once per schema: the schemas are few and fixed (memory, risk level). */
const grammars = new Map<string, Promise<LlamaGrammar>>();

async function load(): Promise<{ llama: Llama; sequence: LlamaContextSequence }> {
  const llama = await getLlama({
    gpu: options.gpu,
    // Never compile llama.cpp on a server, and never download anything: the prebuilt binaries come from npm.
    build: 'never',
    // llama.cpp's own log lines describe the model, not the conversation, but they are noise in the app's logs.
    logLevel: LlamaLogLevel.disabled,
  });
  const model = await llama.loadModel({ modelPath: options.modelPath });
  const context = await model.createContext({ contextSize: { max: options.contextSize }, threads: options.threads, sequences: 1 });
  const { size } = await stat(options.modelPath);
  send({
    type: 'ready',
    model: { name: model.fileInfo.metadata.general?.name ?? null, trainContextSize: model.trainContextSize, sizeBytes: size },
  });
  return { llama, sequence: context.getSequence() };
}

function history(turns: GenerationJob['turns']): ChatHistoryItem[] {
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

async function run(runtime: { llama: Llama; sequence: LlamaContextSequence }, id: number, job: GenerationJob) {
  if (cancelledEarly.delete(id)) {
    send({ type: 'end', id, text: '', tokens: 0, stopReason: 'aborted' });
    return;
  }
  const controller = new AbortController();
  running.set(id, controller);
  // Reuses the sequence: a conversation that grows by one turn only evaluates the new turn.
  const chat = new LlamaChat({ contextSequence: runtime.sequence, autoDisposeSequence: false });
  let tokens = 0;
  try {
    let grammar: LlamaGrammar | undefined;
    if (job.schema) {
      const key = JSON.stringify(job.schema);
      if (!grammars.has(key)) grammars.set(key, runtime.llama.createGrammarForJsonSchema(job.schema as never));
      grammar = await grammars.get(key);
    }
    const response = await chat.generateResponse(history(job.turns), {
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
    send({ type: 'end', id, text: response.response, tokens, stopReason: stop === 'abort' ? 'aborted' : stop === 'maxTokens' ? 'max-tokens' : 'done' });
  } catch {
    // An abort before the first token rejects instead of returning what there is.
    if (controller.signal.aborted) send({ type: 'end', id, text: '', tokens: 0, stopReason: 'aborted' });
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
