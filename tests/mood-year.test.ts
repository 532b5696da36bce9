import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { moodYearSchema } from '@shared/contracts/mood-year';
import { addMemory } from './factories/memory';
import { createUser } from './factories/user';
import { createTestApp } from './support/app';

const t = await createTestApp();

const get = (cookie: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const year = async (cookie: string, query: string) => {
  const response = await get(cookie, `/api/memories/year${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return moodYearSchema.parse(response.json());
};

describe('GET /api/memories/year (the mood of a year)', () => {
  it('answers one mark per day with a memory — the day’s latest — oldest first, and only the date, id, title and mood', async () => {
    const user = await createUser(t);
    const secret = `reflection-${randomBytes(4).toString('hex')}`;
    const march = await addMemory(t, user.id, { createdAt: new Date('2026-03-10T12:00:00Z'), poeticSummary: secret });
    await addMemory(t, user.id, { createdAt: new Date('2026-01-05T08:00:00Z') });
    const januaryLater = await addMemory(t, user.id, { createdAt: new Date('2026-01-05T20:00:00Z') });
    await addMemory(t, user.id, { createdAt: new Date('2025-12-31T12:00:00Z') });
    await addMemory(t, user.id, { createdAt: new Date('2027-01-01T12:00:00Z') });

    const response = await get(user.cookie, '/api/memories/year?year=2026');
    expect(response.json()).toEqual({
      year: 2026,
      days: [
        { date: '2026-01-05', id: januaryLater.id, title: januaryLater.title, mood: null },
        { date: '2026-03-10', id: march.id, title: march.title, mood: null },
      ],
    });
    expect(response.body).not.toContain(secret);
    expect(response.body).not.toContain(march.imageUrl);
  });

  it('reads the year and its days in the person’s time zone', async () => {
    const user = await createUser(t);
    // 23:30 UTC on 31 December 2025 is already 1 January 2026 in Paris.
    const eve = await addMemory(t, user.id, { createdAt: new Date('2025-12-31T23:30:00Z') });
    expect((await year(user.cookie, '?year=2026&tz=Europe/Paris')).days).toEqual([{ date: '2026-01-01', id: eve.id, title: eve.title, mood: null }]);
    expect((await year(user.cookie, '?year=2026')).days).toEqual([]);
    expect((await year(user.cookie, '?year=2025&tz=America/New_York')).days.map((d) => d.date)).toEqual(['2025-12-31']);
  });

  it('never shows another person’s days', async () => {
    const [alice, bob] = [await createUser(t), await createUser(t)];
    await addMemory(t, bob.id, { createdAt: new Date('2026-05-01T12:00:00Z') });
    expect(await year(alice.cookie, '?year=2026')).toEqual({ year: 2026, days: [] });
  });

  it('refuses a year or zone it cannot read with a translated error, and signed-out visitors', async () => {
    const user = await createUser(t);
    const cases: Array<[string, string, string]> = [
      ['', 'year', 'validation.yearInvalid'],
      ['?year=abc', 'year', 'validation.yearInvalid'],
      ['?year=1999', 'year', 'validation.yearInvalid'],
      ['?year=10000', 'year', 'validation.yearInvalid'],
      ['?year=2026.5', 'year', 'validation.yearInvalid'],
      ['?year=2026&tz=Mars/Olympus', 'tz', 'validation.timeZoneInvalid'],
    ];
    for (const [query, field, key] of cases) {
      const response = await get(user.cookie, `/api/memories/year${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: [key] } });
    }
    expect((await get(undefined, '/api/memories/year?year=2026')).statusCode).toBe(401);
  });
});
