// The local model's mechanics with a real GGUF file run by node-llama-cpp in its worker thread: a tiny
// llama model with random weights written by the test (tests/support/tiny-gguf.ts). Its words are noise;
// what is checked is loading, streaming, cancelling, queueing and grammar-constrained JSON.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTinyModel } from '@tests/support/tiny-gguf';
import { SAFETY_LEVELS } from '@shared/safety';
import { ChatProviderError } from '../chat/chat-provider-error';
import { RISK_SCHEMA } from '../chat/openai-compatible';
import type { ChatReplyInput } from '../chat/index';
import type { Turn } from './protocol';
import { createLocalModelRuntime, type LocalModelRuntime } from './runtime';

let dataDir: string;
let runtime: LocalModelRuntime;
const MODEL = 'tiny.gguf';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'souvenir-local-model-'));
  await mkdir(path.join(dataDir, 'models'));
  await writeTinyModel(path.join(dataDir, 'models', MODEL));
  // One thread: more compute threads than free cores make llama.cpp's spinning barriers crawl on a shared machine.
  runtime = createLocalModelRuntime({ dataDir, threads: 1, contextSize: 8192, timeoutMs: 30_000 });
});

afterAll(async () => {
  await runtime.close();
  await rm(dataDir, { recursive: true, force: true });
});

const input = (signal: AbortSignal, text = 'Bonjour, today was long.'): ChatReplyInput => ({
  system: 'You are Souvenir, a gentle journaling companion.',
  messages: [{ role: 'user', content: text }],
  language: 'en',
  signal,
  agentName: 'Souvenir',
  firstName: 'Alex',
  safety: { level: 'none', earlierCrisis: false },
});

async function collect(stream: AsyncIterable<string>, onChunk?: (chunk: string) => void) {
  const chunks: string[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk);
    onChunk?.(chunk);
  }
  return chunks;
}

// Starting the worker and loading the runtime takes a few seconds on a busy two-core machine.
describe('local model runtime', { timeout: 60_000 }, () => {
  it('loads the model once and streams a reply token by token', async () => {
    const chat = runtime.chat(MODEL, { maxTokens: 24 });
    expect(chat.name).toBe('local-model');
    const chunks = await collect(chat.streamReply(input(new AbortController().signal)));
    expect(chunks.length).toBeGreaterThan(3);
    const status = runtime.status(MODEL);
    expect(status).toMatchObject({ state: 'idle', queued: 0, model: { name: 'souvenir-tiny-test-model' } });
    expect(status.model?.sizeBytes).toBeGreaterThan(0);
  });

  it('stops generating when the person leaves, and answers the next conversation', async () => {
    const chat = runtime.chat(MODEL, { maxTokens: 2000 });
    const controller = new AbortController();
    let received = 0;
    const left = collect(chat.streamReply(input(controller.signal)), () => {
      received++;
      if (received === 3) controller.abort();
    });
    await expect(left).rejects.toEqual(new ChatProviderError('aborted'));
    expect(received).toBeLessThan(50);

    // The worker took the next job: the abandoned reply did not run to its 2000 tokens first.
    const next = await collect(runtime.chat(MODEL, { maxTokens: 8 }).streamReply(input(new AbortController().signal)));
    expect(next.length).toBeGreaterThan(0);
    expect(runtime.status(MODEL).state).toBe('idle');
  });

  it('queues two simultaneous conversations: the second waits, visibly, and both finish in order', async () => {
    const chat = runtime.chat(MODEL, { maxTokens: 60 });
    const events: string[] = [];
    const statuses: ReturnType<LocalModelRuntime['status']>[] = [];
    const first = collect(chat.streamReply(input(new AbortController().signal, 'First person.')), () => {
      if (!events.includes('first:chunk')) {
        events.push('first:chunk');
        statuses.push(runtime.status(MODEL));
      }
    }).then((chunks) => {
      events.push('first:done');
      return chunks;
    });
    const second = collect(chat.streamReply(input(new AbortController().signal, 'Second person.')), () => {
      if (!events.includes('second:chunk')) events.push('second:chunk');
    }).then((chunks) => {
      events.push('second:done');
      return chunks;
    });

    const [a, b] = await Promise.all([first, second]);
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect(statuses[0]).toMatchObject({ state: 'busy', queued: 1 });
    expect(events).toEqual(['first:chunk', 'first:done', 'second:chunk', 'second:done']);
    expect(runtime.status(MODEL)).toMatchObject({ state: 'idle', queued: 0 });
  });

  it('lets a waiting conversation leave the queue without disturbing the running one', async () => {
    const chat = runtime.chat(MODEL, { maxTokens: 30 });
    // Long enough to still run 20 ms later: its prompt is cached from the tests above, so it starts at once.
    const running = collect(runtime.chat(MODEL, { maxTokens: 200 }).streamReply(input(new AbortController().signal)));
    const controller = new AbortController();
    const waiting = collect(chat.streamReply(input(controller.signal)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runtime.status(MODEL).queued).toBe(1);
    controller.abort();
    await expect(waiting).rejects.toEqual(new ChatProviderError('aborted'));
    expect(runtime.status(MODEL).queued).toBe(0);
    expect((await running).length).toBeGreaterThan(0);
  });

  it('never refuses a chat turn for the other jobs waiting: a judgement asked first does not take its reply’s place', async () => {
    const small = createLocalModelRuntime({ dataDir, threads: 1, contextSize: 2048, maxQueue: 1 });
    try {
      const job = (kind: 'conversation' | 'task') => ({ turns: [{ role: 'user' as const, content: 'A quiet day.' }], maxTokens: 4, temperature: 0, kind });
      const asked = (kind: 'conversation' | 'task') =>
        small.generate(MODEL, job(kind), { signal: new AbortController().signal }).then(
          () => 'answered',
          (error: Error & { reason?: string }) => error.reason,
        );
      // Asked at once, in this order: the first runs, the judgement waits, the turn's reply still finds a place,
      // and one more job of another kind is refused.
      const results = await Promise.all([asked('conversation'), asked('task'), asked('conversation'), asked('task')]);
      expect(results).toEqual(['answered', 'answered', 'answered', 'busy']);
      expect(small.status(MODEL).asked).toEqual({ conversation: 2, task: 2 });
    } finally {
      await small.close();
    }
  });

  it('writes a memory as JSON that follows the schema', async () => {
    // Random weights write bytes and escapes, several tokens per character: far more tokens than a real model needs.
    const memory = await runtime.text(MODEL, { maxTokens: 6000 }).extractMemory({
      messages: [
        { role: 'assistant', content: 'How was your day?' },
        { role: 'user', content: 'Je suis allée marcher au bord de la mer.' },
      ],
      language: 'fr',
      agentName: 'Souvenir',
      signal: new AbortController().signal,
    });
    expect(Object.keys(memory).sort()).toEqual(['keyComment', 'poeticSummary', 'title']);
    expect(memory.title.length).toBeGreaterThan(0);
    expect(memory.poeticSummary.length).toBeGreaterThan(0);
  });

  it('judges the risk as one of the safety levels', async () => {
    const level = await runtime.chat(MODEL).assessRisk!({
      instructions: 'Answer with the risk level of the conversation.',
      messages: [{ role: 'user', content: 'I had a quiet day.' }],
      signal: new AbortController().signal,
    });
    expect(SAFETY_LEVELS).toContain(level);
  });

  it('reads only the new turn of a conversation, even after a judgement and another conversation in between', async () => {
    const chat = runtime.chat(MODEL, { maxTokens: 8 });
    const first = input(new AbortController().signal, 'Today I walked by the sea with my sister.');
    const reply = (await collect(chat.streamReply(first))).join('');
    // Between the two turns: the crisis judgement, memory writing's kind of job, and someone else's conversation.
    await chat.assessRisk!({ instructions: 'Answer with the risk level.', messages: [{ role: 'user', content: 'A quiet day.' }], signal: new AbortController().signal });
    await collect(chat.streamReply({ ...input(new AbortController().signal, 'Another person, another day.'), system: 'You are Mira, for Bea.' }));

    const { usage } = await runtime.generate(
      MODEL,
      {
        turns: [{ role: 'system', content: first.system }, ...first.messages, { role: 'assistant', content: reply }, { role: 'user', content: 'And then?' }],
        maxTokens: 4,
        temperature: 0,
        kind: 'conversation',
      },
      { signal: new AbortController().signal },
    );
    // The system prompt and the first exchange were still in the cache: only the reply's end and the new turn are read.
    expect(usage!.reusedTokens).toBeGreaterThan(usage!.promptTokens / 2);
    expect(usage!.evaluatedTokens).toBe(usage!.promptTokens - usage!.reusedTokens);
    expect(usage!.generatedTokens).toBeGreaterThan(0);
  });

  it('keeps a long conversation within its prompt budget with the model\'s tokenizer', async () => {
    // The context holds the prompt and the longest reply: here 8192 - 7800 = 392 tokens of prompt.
    const turns: Turn[] = [{ role: 'system', content: 'You are Souvenir, a gentle journaling companion.' }];
    for (let i = 0; i < 30; i++) {
      turns.push({ role: 'user', content: `Message ${i}: the morning was grey, then the sun came out over the harbour.` });
      turns.push({ role: 'assistant', content: `Reply ${i}: it sounds like the light changed the day for you.` });
    }
    turns.push({ role: 'user', content: 'What do you think?' });
    // A grammar closes the reply after a few tokens: the reply is not what is checked.
    const { usage } = await runtime.generate(MODEL, { turns, maxTokens: 7800, temperature: 0, kind: 'conversation', schema: RISK_SCHEMA }, { signal: new AbortController().signal });
    expect(usage!.promptTokens).toBeLessThanOrEqual(8192 - 7800);
    expect(usage!.droppedTurns).toBeGreaterThan(0);
    // The system prompt and the last message are still there: the kept prompt is larger than they are.
    expect(usage!.promptTokens).toBeGreaterThan(30);
  });

  it('fails with a reason, not a crash, when the file is not a model', async () => {
    await writeFile(path.join(dataDir, 'models', 'broken.gguf'), 'not a model');
    const chunks = collect(runtime.chat('broken.gguf').streamReply(input(new AbortController().signal)));
    await expect(chunks).rejects.toEqual(new ChatProviderError('upstream'));
    expect(runtime.status('broken.gguf').state).toBe('failed');
    // The working model is unaffected.
    expect((await collect(runtime.chat(MODEL, { maxTokens: 4 }).streamReply(input(new AbortController().signal)))).length).toBeGreaterThan(0);
  });
});
