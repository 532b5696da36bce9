import { afterEach, describe, expect, it, vi } from 'vitest';
import { onThisDaySchema } from '@shared/contracts/on-this-day';
import { CRISIS_IMAGE_PROMPT, crisisMemoryTexts } from '@server/safety/replies';
import { addMemory } from './factories/memory';
import { createUser } from './factories/user';
import { createTestApp } from './support/app';

const t = await createTestApp();

/** The clock the server reads "today" from; the session is made under it, so it stays valid. */
const today = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};
afterEach(() => {
  vi.useRealTimers();
});

const onThisDay = async (cookie: string, tz?: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/memories/on-this-day${tz ? `?tz=${encodeURIComponent(tz)}` : ''}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return onThisDaySchema.parse(response.json());
};
const setEnabled = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/memories/on-this-day', headers: cookie ? { cookie } : {}, payload: payload as object });

describe('GET /api/memories/on-this-day', () => {
  it('shows the memory of a year ago today before older years, and a month ago only when no year has one', async () => {
    today('2027-06-15T09:00:00Z');
    const user = await createUser(t);
    const monthAgo = await addMemory(t, user.id, { createdAt: new Date('2027-05-15T18:00:00Z') });
    expect(await onThisDay(user.cookie)).toMatchObject({ enabled: true, memory: { id: monthAgo.id, ago: { unit: 'month', count: 1 } } });

    const threeYears = await addMemory(t, user.id, { createdAt: new Date('2024-06-15T08:00:00Z') });
    expect((await onThisDay(user.cookie)).memory).toMatchObject({ id: threeYears.id, title: threeYears.title, ago: { unit: 'year', count: 3 } });

    const yearAgo = await addMemory(t, user.id, { createdAt: new Date('2026-06-15T20:00:00Z') });
    await addMemory(t, user.id, { createdAt: new Date('2026-06-14T20:00:00Z') });
    await addMemory(t, user.id, { createdAt: new Date('2026-06-16T08:00:00Z') });
    expect((await onThisDay(user.cookie)).memory).toMatchObject({ id: yearAgo.id, ago: { unit: 'year', count: 1 } });
  });

  it('answers nothing when no memory has this date, and never another person’s', async () => {
    today('2027-06-15T09:00:00Z');
    const [alice, bob] = [await createUser(t), await createUser(t)];
    await addMemory(t, bob.id, { createdAt: new Date('2026-06-15T12:00:00Z') });
    await addMemory(t, alice.id, { createdAt: new Date('2026-06-14T12:00:00Z') });
    expect(await onThisDay(alice.cookie)).toEqual({ enabled: true, memory: null });
  });

  it('remembers 29 February on 28 February of the years without one, and not on the days around it', async () => {
    today('2027-02-27T12:00:00Z');
    const user = await createUser(t);
    const leapDay = await addMemory(t, user.id, { createdAt: new Date('2024-02-29T12:00:00Z') });
    expect((await onThisDay(user.cookie)).memory).toBeNull();
    vi.setSystemTime(new Date('2027-02-28T12:00:00Z'));
    expect((await onThisDay(user.cookie)).memory).toMatchObject({ id: leapDay.id, ago: { unit: 'year', count: 3 } });
    vi.setSystemTime(new Date('2027-03-01T12:00:00Z'));
    expect((await onThisDay(user.cookie)).memory).toBeNull();
  });

  it('reads today and the memories’ days in the person’s own time zone', async () => {
    // 16 June 01:30 in Paris is still 15 June in UTC; the person asks on 16 June, in both places.
    today('2027-06-16T10:00:00Z');
    const user = await createUser(t);
    const lateEvening = await addMemory(t, user.id, { createdAt: new Date('2026-06-15T23:30:00Z') });
    expect((await onThisDay(user.cookie, 'Europe/Paris')).memory).toMatchObject({ id: lateEvening.id });
    expect((await onThisDay(user.cookie, 'UTC')).memory).toBeNull();
    // At 03:00 UTC on 16 June it is still 15 June in New York: the same memory, read as a 15 June one.
    vi.setSystemTime(new Date('2027-06-16T03:00:00Z'));
    expect((await onThisDay(user.cookie, 'America/New_York')).memory).toMatchObject({ id: lateEvening.id });

    const badZone = await t.app.inject({ method: 'GET', url: '/api/memories/on-this-day?tz=Mars/Olympus', headers: { cookie: user.cookie } });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { tz: ['validation.timeZoneInvalid'] } });
  });

  it('never brings back a crisis day’s memory, in either language or renamed, but an ordinary one of the same date', async () => {
    today('2027-06-15T09:00:00Z');
    const user = await createUser(t);
    const calm = crisisMemoryTexts('en', null);
    await addMemory(t, user.id, { title: calm.title, prompt: CRISIS_IMAGE_PROMPT, createdAt: new Date('2026-06-15T12:00:00Z') });
    await addMemory(t, user.id, { title: crisisMemoryTexts('fr', 'FR').title, createdAt: new Date('2025-06-15T12:00:00Z') });
    await addMemory(t, user.id, { title: 'What I lived through', prompt: CRISIS_IMAGE_PROMPT, createdAt: new Date('2024-06-15T12:00:00Z') });
    expect((await onThisDay(user.cookie)).memory).toBeNull();

    const ordinary = await addMemory(t, user.id, { createdAt: new Date('2023-06-15T12:00:00Z') });
    expect((await onThisDay(user.cookie)).memory).toMatchObject({ id: ordinary.id, ago: { unit: 'year', count: 4 } });
  });

  it('shows nothing on a day whose own memory is a crisis day’s', async () => {
    today('2027-06-15T21:00:00Z');
    const user = await createUser(t);
    await addMemory(t, user.id, { createdAt: new Date('2026-06-15T12:00:00Z') });
    expect((await onThisDay(user.cookie)).memory).not.toBeNull();
    await addMemory(t, user.id, { title: crisisMemoryTexts('fr', null).title, prompt: CRISIS_IMAGE_PROMPT, createdAt: new Date('2027-06-15T20:00:00Z') });
    expect((await onThisDay(user.cookie)).memory).toBeNull();
    // The next day is an ordinary one again.
    vi.setSystemTime(new Date('2027-06-16T09:00:00Z'));
    const next = await addMemory(t, user.id, { createdAt: new Date('2026-06-16T12:00:00Z') });
    expect((await onThisDay(user.cookie)).memory).toMatchObject({ id: next.id });
  });
});

describe('PUT /api/memories/on-this-day (the profile’s switch)', () => {
  it('turned off, shows nothing and says so; turned on again, shows the memory', async () => {
    today('2027-06-15T09:00:00Z');
    const user = await createUser(t);
    const yearAgo = await addMemory(t, user.id, { createdAt: new Date('2026-06-15T12:00:00Z') });

    expect((await setEnabled(user.cookie, { enabled: false })).statusCode).toBe(204);
    expect(await onThisDay(user.cookie)).toEqual({ enabled: false, memory: null });
    expect((await setEnabled(user.cookie, { enabled: true })).statusCode).toBe(204);
    expect((await onThisDay(user.cookie)).memory).toMatchObject({ id: yearAgo.id });
  });

  it('refuses a body it cannot read with a translated error, and changes nothing', async () => {
    today('2027-06-15T09:00:00Z');
    const user = await createUser(t);
    await setEnabled(user.cookie, { enabled: false });
    for (const payload of [{}, { enabled: 'yes' }, { enabled: true, other: 1 }, [true]]) {
      const response = await setEnabled(user.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await onThisDay(user.cookie)).enabled).toBe(false);
  });

  it('refuses signed-out visitors', async () => {
    expect((await setEnabled(undefined, { enabled: false })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/memories/on-this-day' })).statusCode).toBe(401);
  });
});
