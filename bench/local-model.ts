// `npm run bench -- local-model`: time to first token and tokens per second of the model in LOCAL_MODEL_PATH.
import os from 'node:os';
import { loadConfig } from '../src/server/config';
import { createLocalModelRuntime, defaultThreads } from '../src/server/providers/local-model/runtime';

const RUNS = 3;
const MAX_TOKENS = 64;

/** A short bilingual day, so the prompt is of the size a first message has. */
const TURNS = [
  { role: 'system' as const, content: 'You are Souvenir, a gentle journaling companion. Answer in the language of the person, in two or three sentences.' },
  { role: 'user' as const, content: 'Aujourd’hui j’ai marché au bord de la mer avec ma sœur, et I felt calm for the first time this week.' },
];

export async function benchLocalModel() {
  const config = loadConfig();
  const { path: modelPath, contextSize } = config.localModel;
  if (!modelPath) {
    console.log('Local model: none configured. Set LOCAL_MODEL_PATH to a GGUF file (absolute, or a name under <DATA_DIR>/models),');
    console.log('  for example the file chosen in the AI tab: LOCAL_MODEL_PATH=<its name> npm run bench -- local-model;');
    console.log('  for the mechanics only: npx tsx scripts/make-tiny-model.ts /tmp/tiny.gguf && LOCAL_MODEL_PATH=/tmp/tiny.gguf npm run bench -- local-model');
    return;
  }
  const threads = config.localModel.threads ?? defaultThreads();
  const runtime = createLocalModelRuntime({ dataDir: config.dataDir, threads, contextSize, timeoutMs: 600_000 });
  try {
    const signal = new AbortController().signal;
    const loadStarted = performance.now();
    await runtime.generate(modelPath, { turns: TURNS, maxTokens: 1, temperature: 0 }, { signal });
    const load = performance.now() - loadStarted;
    const status = runtime.status(modelPath);

    const rows: { firstToken: number; perSecond: number; tokens: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A different last turn each time, so the prompt is evaluated again rather than reused from the cache.
      const turns = [...TURNS.slice(0, -1), { ...TURNS.at(-1)!, content: `${TURNS.at(-1)!.content} (${i})` }];
      const started = performance.now();
      let first = 0;
      const result = await runtime.generate(modelPath, { turns, maxTokens: MAX_TOKENS, temperature: 0.7 }, {
        signal,
        onChunk: () => {
          first ||= performance.now();
        },
      });
      const ended = performance.now();
      rows.push({ firstToken: first - started, tokens: result.tokens, perSecond: (result.tokens - 1) / ((ended - first) / 1000) });
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(`Local model (${status.model?.name ?? 'unnamed'}, ${((status.model?.sizeBytes ?? 0) / 1024 ** 2).toFixed(1)} MB, ${threads} thread(s), context ${contextSize}, CPU build)`);
    console.log(`  first load + 1 token   ${load.toFixed(0)} ms (worker start, library, model)`);
    console.log(`  time to first token    median ${median(rows.map((r) => r.firstToken)).toFixed(0)} ms over ${RUNS} replies (prompt of ~${TURNS.map((t) => t.content).join(' ').length} characters)`);
    console.log(`  generation             median ${median(rows.map((r) => r.perSecond)).toFixed(1)} tokens/s (${MAX_TOKENS} tokens at most per reply)`);
    console.log(`  machine                ${os.cpus().length} CPU(s), ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB RAM`);
  } finally {
    await runtime.close();
  }
}
