// The crisis layer in front of "Private AI on this server": the local model, chosen for the conversation in the AI
// tab, also gives its own judgement of the risk, which can raise the offline assessor's verdict and never lower
// it. The models are tiny GGUFs with random weights (tests/support/tiny-gguf.ts) that lean towards a few letters:
// at temperature 0 the judgement takes the likeliest token the grammar allows (`{"level":` then one of the
// levels), and the leaning letters' logits are shifted far past the random weights' spread, so one model always
// answers "none" and the other "crisis", whatever the conversation. Whether the judgement was asked is read on the
// runtime's own count of the jobs asked of each file, never from timing.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@shared/contracts/chat';
import { SAFETY_LEVELS, type SafetyLevel } from '@shared/safety';
import { assessConversation } from '@server/safety/assess';
import { buildChatRequest, eventsOf, postChatReply, textOf } from './factories/chat-request';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN } from './support/app';
import { writeTinyModel } from './support/tiny-gguf';

// One compute thread: more than the free cores make llama.cpp's spinning barriers crawl on a shared machine.
const t = await createTestApp({ CHAT_OFFLINE_DELAY_MS: '0', LOCAL_MODEL_THREADS: '1' });
/** Judges every conversation "none". */
const CALM = 'judges-none.gguf';
/** Judges every conversation "crisis". */
const ALARMED = 'judges-crisis.gguf';
/** Not a model: it cannot be loaded, so every generation asked of it fails. */
const BROKEN = 'broken.gguf';
await mkdir(path.join(t.dataDir, 'models'), { recursive: true });
await writeTinyModel(path.join(t.dataDir, 'models', CALM), { lean: { n: 4 } });
await writeTinyModel(path.join(t.dataDir, 'models', ALARMED), { lean: { c: 4, r: 4 } });
await writeFile(path.join(t.dataDir, 'models', BROKEN), 'not a model');

const ORDINARY = 'Quiet day at home, soup and a film.';
const WORRYING = 'Work was long and I feel so tired of everything.';
const CRISIS = 'I want to kill myself';

/** Chooses the model for the conversation, loaded first as an administrator's Test does. */
async function chooseForChat(model: string) {
  const admin = await createUser(t, { admin: true });
  const as = (method: 'PUT' | 'POST', url: string, payload: object) => t.app.inject({ method, url, headers: { cookie: admin.cookie, origin: TEST_ORIGIN }, payload });
  if (model !== BROKEN) expect((await as('POST', '/api/admin/ai/local/test', { capability: 'chat', model })).json()).toMatchObject({ ok: true });
  expect((await as('PUT', '/api/admin/ai/chat', { source: 'local-model', model })).statusCode).toBe(200);
}

/** The generations asked of a model file so far, by kind: chat turns, and other jobs (here, judgements). */
const asked = (model: string) => t.app.localModel.status(model).asked;

const offlineLevel = (content: string) => assessConversation([{ role: 'user', content }]).level;
const rank = (level: SafetyLevel) => SAFETY_LEVELS.indexOf(level);

/** One turn of a new conversation: the level the client is told (none when no safety event), and the reply. */
async function reply(cookie: string, content: string) {
  const messages: ChatMessage[] = [{ role: 'user', content }];
  const response = await postChatReply(t, cookie, buildChatRequest({ country: 'IE', messages }));
  expect(response.statusCode).toBe(200);
  const events = eventsOf(response.body);
  expect(events.at(-1)).toEqual({ type: 'done' });
  const safety = events.find((e) => e.type === 'safety');
  const level: SafetyLevel = safety?.type === 'safety' ? safety.level : 'none';
  return { level, text: textOf(events), standIn: events.some((e) => e.type === 'standIn') };
}

describe('the local model’s risk judgement, a second net behind the offline assessor', { timeout: 120_000 }, () => {
  it('is not asked when the offline verdict is already crisis: Souvenir’s own words answer, whatever the model would judge', async () => {
    const person = await createUser(t);
    expect(offlineLevel(CRISIS)).toBe('crisis');
    for (const model of [CALM, ALARMED]) {
      await chooseForChat(model);
      // An ordinary turn first: the count does move when a judgement is asked.
      const before = asked(model);
      await reply(person.cookie, ORDINARY);
      expect(asked(model).task).toBe(before.task + 1);

      const atCrisis = asked(model);
      const crisis = await reply(person.cookie, CRISIS);
      expect(crisis.level).toBe('crisis');
      expect(crisis.text).toMatch(/Samaritans|116 123/);
      // Neither a judgement nor a reply was asked of the model.
      expect(asked(model)).toEqual(atCrisis);
    }
  });

  it('is asked on an ordinary turn, and the level the client sees is never below the offline verdict', async () => {
    const person = await createUser(t);
    expect(offlineLevel(ORDINARY)).toBe('none');
    expect(offlineLevel(WORRYING)).toBe('concern');

    // A model judging "none" lowers nothing: a worrying day stays a worry, and the model writes the reply.
    await chooseForChat(CALM);
    let before = asked(CALM).task;
    const worry = await reply(person.cookie, WORRYING);
    expect(asked(CALM).task).toBe(before + 1);
    expect(worry).toMatchObject({ level: 'concern', standIn: false });
    expect(worry.text.length).toBeGreaterThan(0);

    // A model judging "crisis" raises an ordinary day to a crisis: Souvenir's own words and the helplines.
    await chooseForChat(ALARMED);
    before = asked(ALARMED).task;
    const raised = await reply(person.cookie, ORDINARY);
    expect(asked(ALARMED).task).toBe(before + 1);
    expect(raised.level).toBe('crisis');
    expect(rank(raised.level)).toBeGreaterThanOrEqual(rank(offlineLevel(ORDINARY)));
    expect(raised.text).toMatch(/Samaritans|116 123/);
  });

  it('that fails leaves the reply coming with the offline verdict', async () => {
    const person = await createUser(t);
    await chooseForChat(BROKEN);
    const logsFrom = t.logs.length;
    for (const content of [ORDINARY, WORRYING]) {
      const before = asked(BROKEN).task;
      const answer = await reply(person.cookie, content);
      // The judgement was asked and could not be given (the file does not load): the offline verdict stands,
      // and the built-in companion writes the reply the model could not.
      expect(asked(BROKEN).task).toBe(before + 1);
      expect(answer.level).toBe(offlineLevel(content));
      expect(answer.standIn).toBe(true);
      expect(answer.text.length).toBeGreaterThan(0);
    }
    const failures = t.logs.slice(logsFrom).join('').split('\n').filter((line) => line.includes('safety judgement unavailable'));
    expect(failures).toHaveLength(2);
  });
});
