// Route parameters and query strings follow the same text rules as bodies (a NUL character or a lone
// surrogate is refused with a coded 400 before any route sees it), and a time zone is only taken when the
// database knows it: browsers accept a few old names PostgreSQL does not, which made the SQL fail.
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '@shared/errors';
import { addMemory } from './factories/memory';
import { createUser } from './factories/user';
import { createTestApp } from './support/app';

const t = await createTestApp({ RATE_LIMIT_CHAT_MAX: '100000', RATE_LIMIT_GENERATION_MAX: '100000' });
// Made before the tests (the database is emptied between the files' collection and their tests).
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser(t, { admin: true });
});
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });

const expectCoded = (response: { statusCode: number; body: string }, label: string) => {
  expect(response.statusCode, `${label} → ${response.body}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${label} → ${response.body}`).toBeLessThan(500);
  expect(Object.keys(ERROR_STATUS), label).toContain((JSON.parse(response.body) as { error: { code: string } }).error.code);
};

describe('time zones of the gallery', () => {
  it.each(['US/Pacific-New', 'Canada/East-Saskatchewan'])('refuses %s, a name a browser may send but the database does not know, with a coded field', async (zone) => {
    await addMemory(t, admin.id, {});
    for (const url of [`/api/memories?year=2025&tz=${encodeURIComponent(zone)}`, `/api/memories/years?tz=${encodeURIComponent(zone)}`]) {
      const response = await get(url);
      expect(response.statusCode, `${url} → ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { tz: ['validation.timeZoneInvalid'] } } });
    }
  });

  it('takes the names the database knows, in any letter case', async () => {
    for (const zone of ['Europe/Paris', 'america/new_york', 'UTC', 'Asia/Kolkata']) {
      expect((await get(`/api/memories?year=2025&month=3&tz=${encodeURIComponent(zone)}`)).statusCode, zone).toBe(200);
      expect((await get(`/api/memories/years?tz=${encodeURIComponent(zone)}`)).statusCode, zone).toBe(200);
    }
  });
});

describe('text in route parameters and query strings', () => {
  it('refuses a NUL character in a parameter or the query with a coded 400', async () => {
    const freeAccess = await t.app.inject({ method: 'PUT', url: '/api/admin/users/%00/free-access', headers: { cookie: admin.cookie }, payload: { freeAccess: true } });
    expect(freeAccess.statusCode, freeAccess.body).toBe(400);
    expect(freeAccess.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    for (const url of ['/api/admin/users?search=%00', '/api/admin/users?search=a%00b', '/api/admin/users?page=1&search=x&search=%00', '/api/memories?tz=%00']) {
      const response = await get(url);
      expect(response.statusCode, `${url} → ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
  });

  it('answers every route with a NUL in each parameter, or in its query, with a coded 4xx', async () => {
    for (const route of t.app.routeList) {
      const withParams = route.url.replace(/:[A-Za-z]+|\*/g, () => '%00');
      const calls = [`${route.url.replace(/:[A-Za-z]+|\*/g, () => 'x')}?q=%00`, ...(withParams === route.url ? [] : [withParams])];
      for (const url of calls) {
        const response = await t.app.inject({ method: route.method as 'GET', url, headers: { cookie: admin.cookie } });
        expectCoded(response, `${route.method} ${url}`);
      }
    }
  });
});
