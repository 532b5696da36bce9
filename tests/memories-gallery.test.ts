import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { galleryPageSchema, galleryYearsSchema } from '@shared/contracts/memories';
import { GALLERY_PAGE_SIZE } from '@shared/limits';
import { addMemory, type MemoryRow } from './factories/memory';
import { createUser } from './factories/user';
import { createTestApp } from './support/app';

const t = await createTestApp();

const get = (cookie: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const gallery = async (cookie: string, query = '') => {
  const response = await get(cookie, `/api/memories${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return galleryPageSchema.parse(response.json());
};
const years = async (cookie: string, query = '') => {
  const response = await get(cookie, `/api/memories/years${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return galleryYearsSchema.parse(response.json()).years;
};
const idsOf = (rows: Array<{ id: string }>) => rows.map((r) => r.id);
const newestFirst = (rows: MemoryRow[]) => [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());

/** A person with memories across 2025 and 2026, some liked (the acceptance's "a few memories across two years"). */
async function personWithTwoYears() {
  const user = await createUser(t);
  const at = (iso: string, liked = false) => addMemory(t, user.id, { createdAt: new Date(iso), liked });
  const rows = [
    await at('2025-03-10T12:00:00Z'),
    await at('2025-03-20T12:00:00Z', true),
    await at('2025-11-05T12:00:00Z'),
    await at('2026-01-15T12:00:00Z', true),
    await at('2026-01-16T12:00:00Z'),
    await at('2026-02-01T12:00:00Z'),
  ];
  return { user, rows };
}

describe('GET /api/memories (the gallery)', () => {
  it('pages the person’s memories nine at a time, newest first, with the total and the page count', async () => {
    const user = await createUser(t);
    const rows: MemoryRow[] = [];
    for (let i = 0; i < 20; i++) rows.push(await addMemory(t, user.id, { createdAt: new Date(Date.UTC(2026, 0, 1 + i, 12)) }));
    const expected = idsOf(newestFirst(rows));

    const first = await gallery(user.cookie);
    expect(first).toMatchObject({ total: 20, page: 1, pageSize: GALLERY_PAGE_SIZE, pageCount: 3 });
    expect(idsOf(first.items)).toEqual(expected.slice(0, 9));
    expect(first.items[0]).toMatchObject({ thumbnailUrl: expect.stringMatching(/\.thumb\.webp$/) });
    expect(idsOf((await gallery(user.cookie, '?page=2')).items)).toEqual(expected.slice(9, 18));
    const last = await gallery(user.cookie, '?page=3');
    expect(idsOf(last.items)).toEqual(expected.slice(18));
    // Past the end: nothing, but the real count, so the browser can go back to page 1.
    expect(await gallery(user.cookie, '?page=9')).toEqual({ items: [], total: 20, page: 9, pageSize: 9, pageCount: 3 });
  });

  it('keeps to favourites, to a year, and to a month of it', async () => {
    const { user, rows } = await personWithTwoYears();
    const [mar10, mar20, nov05, jan15, jan16, feb01] = rows as [MemoryRow, MemoryRow, MemoryRow, MemoryRow, MemoryRow, MemoryRow];

    expect(idsOf((await gallery(user.cookie, '?filter=favorites')).items)).toEqual(idsOf([jan15, mar20]));
    expect(idsOf((await gallery(user.cookie, '?year=2025')).items)).toEqual(idsOf([nov05, mar20, mar10]));
    expect(idsOf((await gallery(user.cookie, '?year=2026&month=1')).items)).toEqual(idsOf([jan16, jan15]));
    expect(idsOf((await gallery(user.cookie, '?filter=favorites&year=2025&month=3')).items)).toEqual(idsOf([mar20]));
    expect(await gallery(user.cookie, '?year=2024')).toMatchObject({ items: [], total: 0, pageCount: 0 });
    expect((await gallery(user.cookie, '?year=2026&month=2')).items.map((m) => m.id)).toEqual([feb01.id]);
  });

  it('reads years and months in the person’s own time zone', async () => {
    const user = await createUser(t);
    // 23:30 UTC on 31 December 2025 is already 2026 in Paris, and still 2025 in New York.
    const newYearsEve = await addMemory(t, user.id, { createdAt: new Date('2025-12-31T23:30:00Z') });

    expect(idsOf((await gallery(user.cookie, '?year=2026&month=1&tz=Europe/Paris')).items)).toEqual([newYearsEve.id]);
    expect((await gallery(user.cookie, '?year=2025&tz=Europe/Paris')).items).toEqual([]);
    expect(idsOf((await gallery(user.cookie, '?year=2025&month=12&tz=America/New_York')).items)).toEqual([newYearsEve.id]);
    expect(await years(user.cookie, '?tz=Europe/Paris')).toEqual([2026]);
    expect(await years(user.cookie, '?tz=America/New_York')).toEqual([2025]);
    expect(await years(user.cookie)).toEqual([2025]); // UTC when no zone is given
  });

  it('refuses a bad filter, year, month, page or time zone with a coded field, and a month without a year', async () => {
    const user = await createUser(t);
    const cases: Array<[string, string, string]> = [
      ['?filter=secret', 'filter', 'validation.filterInvalid'],
      ['?year=abc', 'year', 'validation.yearInvalid'],
      ['?year=1999', 'year', 'validation.yearInvalid'],
      ['?year=2025.5', 'year', 'validation.yearInvalid'],
      ['?year=2025&month=13', 'month', 'validation.monthInvalid'],
      ['?year=2025&month=0', 'month', 'validation.monthInvalid'],
      ['?month=3', 'month', 'validation.monthNeedsYear'],
      ['?page=0', 'page', 'validation.pageInvalid'],
      ['?page=-1', 'page', 'validation.pageInvalid'],
      ['?page=1e9', 'page', 'validation.pageInvalid'],
      ['?tz=Mars/Olympus', 'tz', 'validation.timeZoneInvalid'],
      [`?tz=${'A'.repeat(200)}`, 'tz', 'validation.timeZoneInvalid'],
    ];
    for (const [query, field, key] of cases) {
      const response = await get(user.cookie, `/api/memories${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: [key] } });
    }
    const badZone = await get(user.cookie, '/api/memories/years?tz=Nowhere');
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().error.fields).toEqual({ tz: ['validation.timeZoneInvalid'] });
  });

  it('never shows another person’s memories, in any filter, year or count', async () => {
    const [alice, bob] = [await createUser(t), await createUser(t)];
    const secret = `bob-only-${randomBytes(4).toString('hex')}`;
    await addMemory(t, bob.id, { title: secret, createdAt: new Date('2024-06-01T12:00:00Z'), liked: true });
    const own = await addMemory(t, alice.id, { createdAt: new Date('2026-06-01T12:00:00Z'), liked: true });

    for (const query of ['', '?filter=favorites', '?year=2024', '?year=2026&month=6']) {
      const response = await get(alice.cookie, `/api/memories${query}`);
      expect(response.body, query).not.toContain(secret);
    }
    expect(await gallery(alice.cookie)).toMatchObject({ total: 1, items: [{ id: own.id }] });
    expect(await years(alice.cookie)).toEqual([2026]);
  });

  it('answers no memories and no years to someone who has none yet', async () => {
    const user = await createUser(t);
    expect(await gallery(user.cookie)).toEqual({ items: [], total: 0, page: 1, pageSize: 9, pageCount: 0 });
    expect(await years(user.cookie)).toEqual([]);
  });

  it('lists every year with a memory, newest first, skipping empty years', async () => {
    const user = await createUser(t);
    for (const iso of ['2021-05-01T12:00:00Z', '2023-01-01T12:00:00Z', '2023-12-31T12:00:00Z', '2026-07-07T12:00:00Z']) {
      await addMemory(t, user.id, { createdAt: new Date(iso) });
    }
    expect(await years(user.cookie)).toEqual([2026, 2023, 2021]);
  });

  it('refuses signed-out visitors before reading the query', async () => {
    for (const url of ['/api/memories', '/api/memories?page=0', '/api/memories/years', '/api/memories/years?tz=Nowhere']) {
      const response = await get(undefined, url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });
});
