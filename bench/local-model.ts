// `npm run bench -- local-model`: time to first token and tokens per second of the local model the server
// would run for the conversation and for memory writing, then a conversation of several turns with the prompt's
// tokens and those reused from the cache at each turn — the file chosen in the AI tab (read from the app's
// database: DATABASE_URL, else the embedded one in DATA_DIR), else LOCAL_MODEL_PATH — resolved as the server does.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createAiRepository, type AiProviderRow } from '../src/server/modules/ai/repository';
import { localModelChoiceOf } from '../src/server/modules/ai/service';
import type { Turn } from '../src/server/providers/local-model/protocol';
import { createLocalModelRuntime, defaultThreads, type LocalModelRuntime } from '../src/server/providers/local-model/runtime';

const RUNS = 3;
const MAX_TOKENS = 64;
const CAPABILITIES = [
  ['chat', 'conversation'],
  ['text', 'memory writing'],
] as const;

/** A short bilingual day, so the prompt is of the size a first message has. */
const TURNS = [
  { role: 'system' as const, content: 'You are Souvenir, a gentle journaling companion. Answer in the language of the person, in two or three sentences.' },
  { role: 'user' as const, content: 'Aujourd’hui j’ai marché au bord de la mer avec ma sœur, et I felt calm for the first time this week.' },
];

/** What the person says next, turn after turn, in the conversation measured for the cache. */
const NEXT_MESSAGES = [
  'Nous avons ramassé des coquillages, comme quand nous étions petites.',
  'She told me about her new job; I was happy for her, and a little jealous.',
  'Le soir, nous avons mangé des crêpes et parlé de notre grand-mère.',
  'I think I want to call her more often. Is that silly?',
  'Merci. Je crois que je vais dormir tôt ce soir.',
];
/** A job of memory writing's kind between two turns: it must leave the conversation's cache alone. */
const BETWEEN_TURNS = 3;

/**
 * The AI tab's saved choices, read through the app's own repository from the database the server would open.
 * Nothing is created or migrated: a data folder without a database has no choices yet. `rows` is null when
 * they cannot be read (the embedded database is locked while a server runs on the same folder).
 */
async function aiTabChoices(config: Config): Promise<{ where: string; rows: AiProviderRow[] | null; problem: string | null }> {
  const where = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : `the embedded database in ${config.dataDir}`;
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'db'))) return { where: `${where} (no database there yet)`, rows: [], problem: null };
  try {
    const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir });
    try {
      return { where, rows: await createAiRepository(database.db).list(), problem: null };
    } finally {
      await database.close();
    }
  } catch (error) {
    // A server running on the same folder holds its lock: the message says so, and what to do.
    return { where, rows: null, problem: error instanceof Error ? error.message : String(error) };
  }
}

/** Why a capability has no local model, in the words of the AI tab and the configuration. */
function noLocalModel(config: Config, capability: 'chat' | 'text', row: AiProviderRow | undefined, tabRead: boolean): string {
  if (row && row.source !== 'configuration') return `none: the AI tab chose ${row.source === 'openai-compatible' ? 'an OpenAI-compatible service' : 'the built-in default'}`;
  if (config[capability].baseUrl) return 'none: AI_BASE_URL sends it to a service';
  return tabRead ? 'none: neither the AI tab nor LOCAL_MODEL_PATH names a model file' : 'none: LOCAL_MODEL_PATH is not set';
}

async function measure(runtime: LocalModelRuntime, modelPath: string, threads: number, config: Config['localModel']) {
  const { contextSize, gpu } = config;
  const signal = new AbortController().signal;
  const loadStarted = performance.now();
  await runtime.generate(modelPath, { turns: TURNS, maxTokens: 1, temperature: 0 }, { signal });
  const load = performance.now() - loadStarted;
  const status = runtime.status(modelPath);

  const rows: { firstToken: number; perSecond: number; tokens: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    // A different first word each time: the cache holds a prompt's start, so only a change there has the whole
    // prompt evaluated again, as a first message is.
    const turns = [{ ...TURNS[0]!, content: `(${i}) ${TURNS[0]!.content}` }, ...TURNS.slice(1)];
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
  console.log(`  model                  ${status.model?.name ?? 'unnamed'}, ${((status.model?.sizeBytes ?? 0) / 1024 ** 2).toFixed(1)} MB, ${threads} thread(s), context ${contextSize}, ${gpu ? 'GPU build if installed' : 'CPU build'}`);
  console.log(`  first load + 1 token   ${load.toFixed(0)} ms (worker start, library, model)`);
  console.log(`  time to first token    median ${median(rows.map((r) => r.firstToken)).toFixed(0)} ms over ${RUNS} replies (prompt of ~${TURNS.map((t) => t.content).join(' ').length} characters)`);
  console.log(`  generation             median ${median(rows.map((r) => r.perSecond)).toFixed(1)} tokens/s (${MAX_TOKENS} tokens at most per reply)`);
  await conversation(runtime, modelPath, config);
}

/**
 * A conversation of 1 + NEXT_MESSAGES.length turns, sent as the chat service sends it (the whole conversation
 * each time): per turn the prompt's tokens, those reused from the cache, those evaluated, and the time to first token.
 */
async function conversation(runtime: LocalModelRuntime, modelPath: string, config: Config['localModel']) {
  const signal = new AbortController().signal;
  const turns: Turn[] = [...TURNS];
  console.log(`  conversation           ${NEXT_MESSAGES.length + 1} turns; a memory-writing job runs between turns ${BETWEEN_TURNS} and ${BETWEEN_TURNS + 1}`);
  console.log(`                         ${config.conversations} conversation(s) cached; prompt budget ${config.contextSize - MAX_TOKENS} tokens here (context − the ${MAX_TOKENS}-token reply limit)`);
  console.log('    turn   prompt   reused   evaluated   written   first token');
  for (let turn = 1; ; turn++) {
    const started = performance.now();
    let first = 0;
    const { text, usage } = await runtime.generate(modelPath, { turns, maxTokens: MAX_TOKENS, temperature: 0.7, kind: 'conversation' }, {
      signal,
      onChunk: () => {
        first ||= performance.now();
      },
    });
    const cells = usage ? [usage.promptTokens, usage.reusedTokens, usage.evaluatedTokens, usage.generatedTokens] : [];
    const [prompt, reused, evaluated, written] = cells.map((n) => String(n));
    console.log(
      `    ${String(turn).padStart(4)}   ${prompt!.padStart(6)}   ${reused!.padStart(6)}   ${evaluated!.padStart(9)}   ${written!.padStart(7)}   ${first ? `${(first - started).toFixed(0)} ms` : 'no token'}${usage?.droppedTurns ? ` (${usage.droppedTurns} oldest turns left out)` : ''}`,
    );
    const next = NEXT_MESSAGES[turn - 1];
    if (next === undefined) break;
    turns.push({ role: 'assistant', content: text }, { role: 'user', content: next });
    if (turn === BETWEEN_TURNS) {
      await runtime.generate(modelPath, { turns: [{ role: 'system', content: 'Give this day a title.' }, { role: 'user', content: turns.map((t) => t.content).join('\n') }], maxTokens: 16, temperature: 0.4 }, { signal });
    }
  }
}

export async function benchLocalModel() {
  const config = loadConfig();
  const { contextSize, gpu } = config.localModel;
  const tab = await aiTabChoices(config);
  const threads = config.localModel.threads ?? defaultThreads();
  const runtime = createLocalModelRuntime({ dataDir: config.dataDir, threads, contextSize, conversations: config.localModel.conversations, gpu, timeoutMs: 600_000 });

  console.log(`Local model: the files the server would run, from the AI tab (read from ${tab.where}), else LOCAL_MODEL_PATH`);
  if (tab.problem) {
    console.log(`  The AI tab's choices cannot be read: ${tab.problem}`);
    console.log('  Only LOCAL_MODEL_PATH is used below; in the server, a choice saved in the AI tab would win over it.');
  }
  // One measurement per file, whichever capabilities it answers.
  const files = new Map<string, { file: string; uses: { label: string; from: string }[] }>();
  for (const [capability, label] of CAPABILITIES) {
    const row = tab.rows?.find((r) => r.capability === capability);
    const choice = localModelChoiceOf(capability, row, config);
    if (!choice) {
      console.log(`  ${label.padEnd(16)} ${noLocalModel(config, capability, row, tab.rows !== null)}`);
      continue;
    }
    const from = choice.from === 'ai-tab' ? 'chosen in the AI tab' : 'LOCAL_MODEL_PATH';
    console.log(`  ${label.padEnd(16)} ${choice.file} (${from})`);
    const resolved = runtime.resolveModelPath(choice.file);
    const entry = files.get(resolved) ?? { file: choice.file, uses: [] };
    entry.uses.push({ label, from });
    files.set(resolved, entry);
  }
  if (config.localModel.path && ![...files.values()].some((entry) => entry.file === config.localModel.path)) {
    console.log(`  LOCAL_MODEL_PATH=${config.localModel.path} is set, but the server would not run it (see above): not measured.`);
  }

  try {
    if (files.size === 0) {
      console.log('\n  Nothing to measure. Choose a model in Administrator Panel → AI → "Private AI on this server" (Conversation or');
      console.log('  Memory writing), then run this again with the same DATA_DIR (or DATABASE_URL) as the server;');
      console.log('  or name a file, absolute or under <DATA_DIR>/models: LOCAL_MODEL_PATH=<file> npm run bench -- local-model');
      console.log('  For the mechanics only: npx tsx scripts/make-tiny-model.ts /tmp/tiny.gguf && LOCAL_MODEL_PATH=/tmp/tiny.gguf npm run bench -- local-model');
      return;
    }
    for (const [resolved, { file, uses }] of files) {
      console.log(`\nLocal model ${file} — ${resolved}`);
      const sameSource = uses.every((use) => use.from === uses[0]!.from);
      console.log(`  measured for           ${sameSource ? `${uses.map((use) => use.label).join(' and ')} (${uses[0]!.from})` : uses.map((use) => `${use.label} (${use.from})`).join(', ')}`);
      if (!existsSync(resolved)) {
        console.log('  not there (still downloading, or removed): the server answers with the built-in default meanwhile. Not measured.');
        continue;
      }
      await measure(runtime, file, threads, config.localModel);
      console.log(`  machine                ${os.cpus().length} CPU(s), ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB RAM`);
    }
  } finally {
    await runtime.close();
  }
}
