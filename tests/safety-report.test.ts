import { describe, expect, it } from 'vitest';
import { safetyReferrals } from '@server/db/schema/index';
import { safetyReportResponseSchema } from '@shared/contracts/safety';
import { buildChatRequest, postChatReply } from './factories/chat-request';
import { createUser } from './factories/user';
import { createTestApp } from './support/app';

// The yearly report of crisis referrals: what a regulator asks for (how many, per month, language and country),
// downloadable by administrators only, with no person and no word of any conversation in it.
const t = await createTestApp({ CHAT_OFFLINE_DELAY_MS: '0' });

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('the yearly crisis-referral report', () => {
  it('sums a year with referrals in two countries per month, language and country, as JSON and as a CSV download', async () => {
    const admin = await createUser(t, { admin: true });
    await t.db.insert(safetyReferrals).values([
      { day: '2025-01-03', language: 'en', country: 'US', count: 2 },
      { day: '2025-01-28', language: 'en', country: 'US', count: 1 },
      { day: '2025-01-15', language: 'fr', country: 'FR', count: 4 },
      { day: '2025-07-31', language: 'fr', country: 'FR', count: 1 },
      { day: '2025-12-31', language: 'en', country: 'FR', count: 5 },
      // Other years stay out of it.
      { day: '2024-12-31', language: 'en', country: 'US', count: 7 },
      { day: '2026-01-01', language: 'fr', country: 'FR', count: 9 },
    ]);

    const json = await get('/api/admin/safety/report?year=2025', admin.cookie);
    expect(json.statusCode).toBe(200);
    const report = safetyReportResponseSchema.parse(json.json());
    expect(report.total).toBe(13);
    expect(report.months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`));
    expect(report.months[0]).toEqual({
      month: '2025-01',
      total: 7,
      counts: [
        { language: 'en', country: 'US', count: 3 },
        { language: 'fr', country: 'FR', count: 4 },
      ],
    });
    expect(report.months[6]!.counts).toEqual([{ language: 'fr', country: 'FR', count: 1 }]);
    expect(report.months[11]!.counts).toEqual([{ language: 'en', country: 'FR', count: 5 }]);
    expect(report.months[3]).toEqual({ month: '2025-04', total: 0, counts: [] });

    const csv = await get('/api/admin/safety/report.csv?year=2025', admin.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="souvenir-crisis-referrals-2025.csv"');
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.body).toBe(
      [
        'year,month,language,country,crisis_referrals',
        '2025,2025-01,en,US,3',
        '2025,2025-01,fr,FR,4',
        '2025,2025-07,fr,FR,1',
        '2025,2025-12,en,FR,5',
        '2025,total,,,13',
        '',
      ].join('\r\n'),
    );
  });

  it('counts a referral made through the chat in this year’s report, holding no text and no identifier', async () => {
    const admin = await createUser(t, { admin: true });
    const person = await createUser(t, { firstName: 'Quillon' });
    const phrase = 'zebra-lantern-7731 I want to kill myself';
    const year = new Date().getUTCFullYear();
    const before = safetyReportResponseSchema.parse((await get(`/api/admin/safety/report?year=${year}`, admin.cookie)).json());
    const sent = await postChatReply(t, person.cookie, buildChatRequest({ language: 'en', country: 'GB', messages: [{ role: 'user', content: phrase }] }));
    expect(sent.statusCode).toBe(200);

    const after = safetyReportResponseSchema.parse((await get(`/api/admin/safety/report?year=${year}`, admin.cookie)).json());
    expect(after.total - before.total).toBe(1);
    const csv = (await get(`/api/admin/safety/report.csv?year=${year}`, admin.cookie)).body;
    expect(csv).toMatch(new RegExp(`^${year},${year}-\\d{2},en,GB,\\d+\\r$`, 'm'));
    for (const secret of ['zebra-lantern', 'kill', person.id, person.email, 'Quillon', admin.id, admin.email]) expect(csv).not.toContain(secret);
    // Only codes and numbers: every cell is a year, a month, a language, a country code, a count or empty.
    for (const row of csv.trim().split('\r\n').slice(1)) expect(row).toMatch(/^\d{4},(\d{4}-\d{2}|total),(en|fr)?,([A-Z]+)?,\d+$/);
  });

  it('lets only administrators read or download it', async () => {
    const person = await createUser(t);
    for (const url of ['/api/admin/safety/report?year=2025', '/api/admin/safety/report.csv?year=2025']) {
      const signedOut = await get(url);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.body).not.toContain('crisis_referrals');
      const notAdmin = await get(url, person.cookie);
      expect(notAdmin.statusCode).toBe(403);
      expect(notAdmin.body).not.toContain('crisis_referrals');
    }
  });

  it('refuses a year that is not one with a coded, translated error', async () => {
    const admin = await createUser(t, { admin: true });
    for (const year of ['', 'abc', '1999', '2025.5', '10000']) {
      const response = await get(`/api/admin/safety/report.csv?year=${year}`, admin.cookie);
      expect(response.statusCode, year).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
  });
});
