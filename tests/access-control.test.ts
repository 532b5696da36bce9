// The access-control matrix: every API route the server registers (its own route list, so a new route
// without an entry here fails this file), called as a stranger, as the owner of the data (A), as another person
// (B) and as an administrator — with the status each must get, and without A's data in anyone else's answer.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalFolderStorage } from '@server/providers/storage/local-folder';
import { createKeys, encryptConversation } from '@web/lib/keeping/crypto';
import { addExhibition } from './factories/exhibition';
import { addMemory } from './factories/memory';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN } from './support/app';

const t = await createTestApp({ RATE_LIMIT_GENERATION_MAX: '1000', RATE_LIMIT_CHAT_MAX: '1000', RATE_LIMIT_EXPORT_MAX: '1000' });

type Role = 'anon' | 'A' | 'B' | 'admin';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Call {
  url: string;
  body?: unknown;
}
interface Entry {
  /** The request for each role (fresh data where the call destroys it). */
  call: (role: Role) => Promise<Call> | Call;
  expect: Record<Role, number>;
}

/** The people and their data, made after the test database is emptied for this file (tests/setup). */
async function setup() {
  const admin = await createUser(t, { admin: true });
  const a = await createUser(t, { admin: false, firstName: 'Alice' });
  const b = await createUser(t, { admin: false, firstName: 'Bruno' });
  const cookies: Record<Role, string | undefined> = { anon: undefined, A: a.cookie, B: b.cookie, admin: admin.cookie };
  const secret = `alice-secret-${randomBytes(4).toString('hex')}`;

  const storage = createLocalFolderStorage({ dir: path.join(t.dataDir, 'files') });
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#abc' } }).png().toBuffer();
  async function aliceMemory() {
    const image = await storage.putImage(`memories/${a.id}`, png);
    return addMemory(t, a.id, { title: secret, imageUrl: image.url, shareToken: randomBytes(32).toString('hex') });
  }
  const memory = await aliceMemory();
  // Alice's month: one exhibition she may keep, share and revoke, and one whose link stays open.
  const exhibition = await addExhibition(t, a.id, { month: '2026-11', title: secret });
  const sharedExhibition = await addExhibition(t, a.id, { month: '2026-10', title: secret, shareToken: randomBytes(32).toString('hex') });
  const ticket = (
    await t.app.inject({ method: 'POST', url: '/api/support/tickets', headers: { cookie: a.cookie, origin: TEST_ORIGIN }, payload: { subject: secret, message: `${secret} needs a hand with the gallery` } })
  ).json<{ id: string }>();
  const checkoutOf = async (cookie: string) =>
    new URL(
      (await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie, origin: TEST_ORIGIN }, payload: { language: 'en' } })).json<{ url: string }>().url,
    ).pathname
      .split('/')
      .pop()!;
  const checkout = await checkoutOf(a.cookie);
  // Alice keeps a conversation (encrypted with her key) and wrote a fact for the companion.
  const keys = await createKeys('alice passphrase, long enough');
  const keptId = crypto.randomUUID();
  const sealed = await encryptConversation(keys.dataKey, { userId: a.id, conversationId: keptId }, { said: secret });
  const post = (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') => t.app.inject({ method, url, headers: { cookie: a.cookie, origin: TEST_ORIGIN }, payload });
  await post('/api/keeping', { keys: keys.envelope });
  await post(`/api/keeping/conversations/${keptId}`, sealed, 'PUT');
  const fact = (await post('/api/continuity/facts', { text: secret })).json<{ id: string }>();
  const freshKeys = async () => ({ keys: (await createKeys('another passphrase, long')).envelope });
  const checkoutToCancel = await checkoutOf(a.cookie);

  const same = (status: number): Record<Role, number> => ({ anon: status, A: status, B: status, admin: status });
  const signedIn = (status: number): Record<Role, number> => ({ anon: 401, A: status, B: status, admin: status });
  const owned = (status: number): Record<Role, number> => ({ anon: 401, A: status, B: 404, admin: 404 });
  const adminOnly = (status: number): Record<Role, number> => ({ anon: 401, A: 403, B: 403, admin: status });
  const fixed = (call: Call) => () => call;

  const table: Record<string, Entry> = {
    'GET /api/me': { call: fixed({ url: '/api/me' }), expect: signedIn(200) },
    'PUT /api/me/language': { call: fixed({ url: '/api/me/language', body: { language: 'en' } }), expect: signedIn(204) },
    'PUT /api/me/country': { call: fixed({ url: '/api/me/country', body: { country: 'FR' } }), expect: signedIn(204) },
    'POST /api/me/welcome-back': { call: fixed({ url: '/api/me/welcome-back', body: {} }), expect: signedIn(204) },
    'PUT /api/me/profile': { call: fixed({ url: '/api/me/profile', body: { firstName: 'Someone', defaultLanguage: 'en', gender: 'other' } }), expect: signedIn(200) },
    // No address is listed in ADMIN_EMAILS here: nobody has a setup code to use.
    'POST /api/me/admin-setup': { call: fixed({ url: '/api/me/admin-setup', body: { code: 'AAAA-AAAA-AAAA-AAAA' } }), expect: signedIn(403) },
    'DELETE /api/me/avatar': { call: fixed({ url: '/api/me/avatar' }), expect: signedIn(204) },
    // Multipart only: a JSON body is refused before anything is read.
    'POST /api/me/avatar': { call: fixed({ url: '/api/me/avatar', body: { avatar: 'x' } }), expect: signedIn(415) },
    'GET /api/chat/status': { call: fixed({ url: '/api/chat/status?language=en' }), expect: signedIn(200) },
    'POST /api/chat/reply': {
      call: fixed({ url: '/api/chat/reply', body: { language: 'en', conversationId: crypto.randomUUID(), messages: [{ role: 'user', content: 'Hello' }] } }),
      expect: signedIn(200),
    },
    'POST /api/chat/transcribe': { call: fixed({ url: '/api/chat/transcribe?language=en', body: { audio: 'x' } }), expect: signedIn(415) },
    'GET /api/memories': { call: fixed({ url: '/api/memories' }), expect: signedIn(200) },
    'GET /api/memories/years': { call: fixed({ url: '/api/memories/years' }), expect: signedIn(200) },
    'GET /api/memories/recent': { call: fixed({ url: '/api/memories/recent' }), expect: signedIn(200) },
    'GET /api/memories/on-this-day': { call: fixed({ url: '/api/memories/on-this-day' }), expect: signedIn(200) },
    'GET /api/memories/year': { call: fixed({ url: '/api/memories/year?year=2026' }), expect: signedIn(200) },
    // Alice's memory is of today: her book of this year holds it, anyone else's is empty (not hers to print).
    'GET /api/memories/book': { call: fixed({ url: `/api/memories/book?year=${new Date().getUTCFullYear()}` }), expect: owned(200) },
    'PUT /api/memories/on-this-day': { call: fixed({ url: '/api/memories/on-this-day', body: { enabled: true } }), expect: signedIn(204) },
    'GET /api/memories/migration': { call: fixed({ url: '/api/memories/migration' }), expect: signedIn(200) },
    'GET /api/memories/:id': { call: fixed({ url: `/api/memories/${memory.id}` }), expect: owned(200) },
    'PATCH /api/memories/:id': { call: fixed({ url: `/api/memories/${memory.id}`, body: { liked: true } }), expect: owned(200) },
    'DELETE /api/memories/:id': { call: async (role) => ({ url: `/api/memories/${role === 'A' ? (await aliceMemory()).id : memory.id}` }), expect: owned(204) },
    'POST /api/memories/:id/share': { call: async () => ({ url: `/api/memories/${(await aliceMemory()).id}/share` }), expect: owned(200) },
    'DELETE /api/memories/:id/share': { call: async () => ({ url: `/api/memories/${(await aliceMemory()).id}/share` }), expect: owned(204) },
    'GET /api/shared/:token': { call: fixed({ url: `/api/shared/${memory.shareToken}` }), expect: same(200) },
    'POST /api/exhibitions/current': { call: fixed({ url: '/api/exhibitions/current', body: { tz: 'UTC', language: 'en' } }), expect: signedIn(200) },
    'GET /api/exhibitions': { call: fixed({ url: '/api/exhibitions' }), expect: signedIn(200) },
    'GET /api/exhibitions/:id': { call: fixed({ url: `/api/exhibitions/${exhibition.id}` }), expect: owned(200) },
    'PATCH /api/exhibitions/:id': { call: fixed({ url: `/api/exhibitions/${exhibition.id}`, body: { kept: true } }), expect: owned(200) },
    'POST /api/exhibitions/:id/share': { call: fixed({ url: `/api/exhibitions/${exhibition.id}/share` }), expect: owned(200) },
    'DELETE /api/exhibitions/:id/share': { call: fixed({ url: `/api/exhibitions/${exhibition.id}/share` }), expect: owned(204) },
    'GET /api/exhibitions/:id/image': { call: fixed({ url: `/api/exhibitions/${exhibition.id}/image` }), expect: owned(200) },
    'GET /api/shared/exhibition/:token': { call: fixed({ url: `/api/shared/exhibition/${sharedExhibition.shareToken}` }), expect: same(200) },
    'POST /api/memories/migration/:id': { call: fixed({ url: `/api/memories/migration/${memory.id}` }), expect: owned(200) },
    'POST /api/generations': {
      call: fixed({
        url: '/api/generations',
        body: { conversationId: crypto.randomUUID(), language: 'en', messages: [{ role: 'assistant', content: 'Hello' }, { role: 'user', content: 'A calm day by the river.' }, { role: 'assistant', content: 'Lovely.' }] },
      }),
      // A fresh idempotency key per call (below): each person makes their one memory of the day.
      expect: signedIn(201),
    },
    'GET /api/admin/settings': { call: fixed({ url: '/api/admin/settings' }), expect: adminOnly(200) },
    'GET /api/admin/safety': { call: fixed({ url: '/api/admin/safety' }), expect: adminOnly(200) },
    'GET /api/admin/safety/report': { call: fixed({ url: '/api/admin/safety/report?year=2026' }), expect: adminOnly(200) },
    'GET /api/admin/safety/report.csv': { call: fixed({ url: '/api/admin/safety/report.csv?year=2026' }), expect: adminOnly(200) },
    'PATCH /api/admin/settings': { call: fixed({ url: '/api/admin/settings', body: { dailyGenerationLimit: 1 } }), expect: adminOnly(200) },
    'DELETE /api/admin/settings/agent-avatar': { call: fixed({ url: '/api/admin/settings/agent-avatar' }), expect: adminOnly(204) },
    'POST /api/admin/settings/agent-avatar': { call: fixed({ url: '/api/admin/settings/agent-avatar', body: { avatar: 'x' } }), expect: adminOnly(415) },
    'GET /api/admin/ai': { call: fixed({ url: '/api/admin/ai' }), expect: adminOnly(200) },
    'PUT /api/admin/ai/:capability': { call: fixed({ url: '/api/admin/ai/image', body: { source: 'offline' } }), expect: adminOnly(200) },
    // Nothing listens on port 9: the answer is about that endpoint ({ ok: false }), not an error of ours.
    'POST /api/admin/ai/models': { call: fixed({ url: '/api/admin/ai/models', body: { capability: 'chat', baseUrl: 'http://127.0.0.1:9/v1' } }), expect: adminOnly(200) },
    'POST /api/admin/ai/test': {
      call: fixed({ url: '/api/admin/ai/test', body: { capability: 'chat', baseUrl: 'http://127.0.0.1:9/v1', model: 'any-model' } }),
      expect: adminOnly(200),
    },
    'GET /api/admin/ai/local': { call: fixed({ url: '/api/admin/ai/local' }), expect: adminOnly(200) },
    // A terabyte model: this machine refuses it ({ ok: false, reason: 'memory' }) before fetching anything.
    'POST /api/admin/ai/local/downloads': {
      call: fixed({ url: '/api/admin/ai/local/downloads', body: { kind: 'url', url: 'http://127.0.0.1:9/huge.gguf', sha256: 'a'.repeat(64), sizeBytes: 1024 ** 4 } }),
      expect: adminOnly(200),
    },
    'DELETE /api/admin/ai/local/downloads/:id': { call: fixed({ url: '/api/admin/ai/local/downloads/no-such-download' }), expect: adminOnly(404) },
    // No such file: the answer is about the model ({ ok: false, reason: 'model-missing' }).
    'POST /api/admin/ai/local/test': { call: fixed({ url: '/api/admin/ai/local/test', body: { capability: 'chat', model: 'absent.gguf' } }), expect: adminOnly(200) },
    'POST /api/admin/email/test': { call: fixed({ url: '/api/admin/email/test', body: { to: 'someone@example.test' } }), expect: adminOnly(204) },
    'GET /api/admin/outbox': { call: fixed({ url: '/api/admin/outbox' }), expect: adminOnly(200) },
    'POST /api/admin/reminders/bulk': { call: fixed({ url: '/api/admin/reminders/bulk', body: { days: 7 } }), expect: adminOnly(200) },
    'POST /api/admin/reminders/single': { call: fixed({ url: '/api/admin/reminders/single', body: { email: b.email } }), expect: adminOnly(200) },
    // Public, but only a signed link unsubscribes: a forged one is "not found" for everyone.
    'POST /api/reminders/unsubscribe': { call: fixed({ url: '/api/reminders/unsubscribe', body: { u: a.id, t: 'A'.repeat(43) } }), expect: same(404) },
    'GET /api/billing/status': { call: fixed({ url: '/api/billing/status' }), expect: signedIn(200) },
    'POST /api/billing/checkout': { call: fixed({ url: '/api/billing/checkout', body: { language: 'en' } }), expect: signedIn(200) },
    'POST /api/billing/portal': { call: fixed({ url: '/api/billing/portal', body: { language: 'en' } }), expect: signedIn(409) },
    'GET /api/billing/sandbox/checkouts/:id': { call: fixed({ url: `/api/billing/sandbox/checkouts/${checkout}` }), expect: owned(200) },
    'POST /api/billing/sandbox/checkouts/:id/cancel': { call: fixed({ url: `/api/billing/sandbox/checkouts/${checkoutToCancel}/cancel` }), expect: owned(204) },
    'POST /api/billing/sandbox/checkouts/:id/complete': { call: fixed({ url: `/api/billing/sandbox/checkouts/${checkout}/complete` }), expect: owned(204) },
    'POST /api/billing/sandbox/portal/cancel': { call: fixed({ url: '/api/billing/sandbox/portal/cancel' }), expect: { anon: 401, A: 204, B: 409, admin: 409 } },
    // Without STRIPE_SECRET_KEY there is no webhook.
    'POST /api/billing/webhook': { call: fixed({ url: '/api/billing/webhook', body: { type: 'checkout.session.completed' } }), expect: same(404) },
    'GET /api/admin/coupons': { call: fixed({ url: '/api/admin/coupons?language=en' }), expect: adminOnly(200) },
    'POST /api/admin/coupons': { call: fixed({ url: '/api/admin/coupons', body: { language: 'en', code: 'MATRIX', promotionId: 'promo_matrix' } }), expect: adminOnly(200) },
    'POST /api/admin/coupons/validate': { call: fixed({ url: '/api/admin/coupons/validate', body: { language: 'en', code: 'MATRIX' } }), expect: adminOnly(200) },
    'DELETE /api/admin/coupons/:language/:code': { call: fixed({ url: '/api/admin/coupons/en/MATRIX' }), expect: adminOnly(200) },
    'GET /api/admin/users': { call: fixed({ url: '/api/admin/users' }), expect: adminOnly(200) },
    'PUT /api/admin/users/:id/free-access': { call: fixed({ url: `/api/admin/users/${b.id}/free-access`, body: { freeAccess: false } }), expect: adminOnly(204) },
    'GET /api/me/export': { call: fixed({ url: '/api/me/export' }), expect: signedIn(200) },
    'GET /api/support/tickets': { call: fixed({ url: '/api/support/tickets' }), expect: signedIn(200) },
    'POST /api/support/tickets': { call: fixed({ url: '/api/support/tickets', body: { subject: 'A question', message: 'A question about my memories, please.' } }), expect: signedIn(201) },
    'GET /api/admin/support/tickets': { call: fixed({ url: '/api/admin/support/tickets' }), expect: adminOnly(200) },
    'POST /api/admin/support/tickets/:id/response': { call: fixed({ url: `/api/admin/support/tickets/${ticket.id}/response`, body: { response: 'Here to help.' } }), expect: adminOnly(200) },
    'POST /api/admin/support/tickets/:id/close': { call: fixed({ url: `/api/admin/support/tickets/${ticket.id}/close` }), expect: adminOnly(200) },
    'GET /api/privacy-policy': { call: fixed({ url: '/api/privacy-policy?language=en' }), expect: same(200) },
    'PUT /api/admin/privacy-policy/:language': { call: fixed({ url: '/api/admin/privacy-policy/en', body: { content: '# Policy' } }), expect: adminOnly(200) },
    // Registration is open here: an invitation has nothing to admit to (409), and none exists to revoke or read.
    'GET /api/admin/invitations': { call: fixed({ url: '/api/admin/invitations' }), expect: adminOnly(200) },
    'POST /api/admin/invitations': { call: fixed({ url: '/api/admin/invitations', body: { email: 'guest@example.test', language: 'en' } }), expect: adminOnly(409) },
    'DELETE /api/admin/invitations/:id': { call: fixed({ url: `/api/admin/invitations/${crypto.randomUUID()}` }), expect: adminOnly(404) },
    'GET /api/invitations/:token': { call: fixed({ url: `/api/invitations/${'A'.repeat(43)}` }), expect: same(404) },
    // How people sign in: turning password sign-in on is always allowed (off needs single sign-on).
    'GET /api/admin/sign-in': { call: fixed({ url: '/api/admin/sign-in' }), expect: adminOnly(200) },
    'PUT /api/admin/sign-in': { call: fixed({ url: '/api/admin/sign-in', body: { passwordSignIn: true } }), expect: adminOnly(200) },
    // Archives hold every account: administrators only. A restore is confirmed by typing the archive's name,
    // so the wrong confirmation here (400) proves the gate without replacing this file's data.
    'GET /api/admin/backups': { call: fixed({ url: '/api/admin/backups' }), expect: adminOnly(200) },
    'POST /api/admin/backups': { call: fixed({ url: '/api/admin/backups' }), expect: adminOnly(201) },
    'GET /api/admin/backups/:name': { call: fixed({ url: '/api/admin/backups/souvenir-2020-01-01T00-00-00-000Z.backup.gz' }), expect: adminOnly(404) },
    'POST /api/admin/backups/:name/restore': {
      call: fixed({ url: '/api/admin/backups/souvenir-2020-01-01T00-00-00-000Z.backup.gz/restore', body: { confirm: 'no' } }),
      expect: adminOnly(400),
    },
    'GET /api/community': { call: fixed({ url: '/api/community' }), expect: same(200) },
    'PUT /api/admin/community': { call: fixed({ url: '/api/admin/community', body: { chatServerUrl: null, calendarUrlEn: null, calendarUrlFr: null } }), expect: adminOnly(200) },
    // Stored files are public by their unguessable address (decision 0020).
    'GET /files/*': { call: fixed({ url: memory.imageUrl }), expect: same(200) },
    'GET /api/health': { call: fixed({ url: '/api/health' }), expect: same(200) },
    'GET /api/public-config': { call: fixed({ url: '/api/public-config' }), expect: same(200) },
    'GET /api/keeping': { call: fixed({ url: '/api/keeping' }), expect: signedIn(200) },
    // Alice has keys already: a second device may not replace them.
    'POST /api/keeping': { call: async () => ({ url: '/api/keeping', body: await freshKeys() }), expect: { anon: 401, B: 201, admin: 201, A: 409 } },
    'PUT /api/keeping/offer': { call: fixed({ url: '/api/keeping/offer', body: { declined: true } }), expect: signedIn(204) },
    'PUT /api/keeping/keys': { call: async () => ({ url: '/api/keeping/keys', body: await freshKeys() }), expect: signedIn(204) },
    'GET /api/keeping/conversations': { call: fixed({ url: '/api/keeping/conversations' }), expect: signedIn(200) },
    'GET /api/keeping/conversations/:conversationId': { call: fixed({ url: `/api/keeping/conversations/${keptId}` }), expect: owned(200) },
    // The same id written by someone else is their own row; Alice's stays hers (tests/keeping.test.ts).
    'PUT /api/keeping/conversations/:conversationId': { call: fixed({ url: `/api/keeping/conversations/${keptId}`, body: sealed }), expect: signedIn(204) },
    'DELETE /api/keeping': { call: fixed({ url: '/api/keeping' }), expect: signedIn(204) },
    'GET /api/continuity': { call: fixed({ url: '/api/continuity?language=en' }), expect: signedIn(200) },
    'PUT /api/continuity': { call: fixed({ url: '/api/continuity', body: { enabled: true, factsEnabled: true } }), expect: signedIn(204) },
    'POST /api/continuity/facts': { call: fixed({ url: '/api/continuity/facts', body: { text: 'I like rain.' } }), expect: signedIn(201) },
    'DELETE /api/continuity/facts/:id': { call: fixed({ url: `/api/continuity/facts/${fact.id}` }), expect: owned(204) },
    'DELETE /api/continuity/memories/:id': { call: fixed({ url: `/api/continuity/memories/${memory.id}` }), expect: owned(204) },
    // Erases the caller: each role gets a throwaway account of its kind (below).
    'DELETE /api/me': { call: fixed({ url: '/api/me', body: { confirm: true } }), expect: signedIn(204) },
  };
  return { cookies, secret, table };
}

let ctx: Awaited<ReturnType<typeof setup>>;
beforeAll(async () => {
  ctx = await setup();
});

/** A public link shows what its owner chose to share, to anyone. */
const PUBLIC_LINKS = new Set(['GET /api/shared/:token', 'GET /api/shared/exhibition/:token']);

/** better-auth's own routes (sign-up, sign-in, sessions…) have their own tests (tests/auth*.test.ts). */
const elsewhere = new Set(['GET /api/auth/*', 'POST /api/auth/*']);

describe('the access-control matrix', () => {
  it('has an entry for every route the server registers, and no entry for a route that does not exist', () => {
    const registered = t.app.routeList.map((r) => `${r.method} ${r.url}`).filter((route) => !elsewhere.has(route));
    expect(registered.sort()).toEqual(Object.keys(ctx.table).sort());
  });

  // The routes in the server's own order, each as a stranger, B, the administrator, then A (the owner).
  for (const route of t.app.routeList.map((r) => `${r.method} ${r.url}`).filter((r) => !elsewhere.has(r))) {
    it(route, async () => {
      const { table, cookies, secret } = ctx;
      const entry = table[route];
      expect(entry, `an entry for ${route}`).toBeDefined();
      const method = route.split(' ')[0] as Method;
      for (const role of ['anon', 'B', 'admin', 'A'] as const) {
        let cookie = cookies[role];
        if (route === 'DELETE /api/me' && role !== 'anon') cookie = (await createUser(t, { admin: role === 'admin' })).cookie;
        const { url, body } = await entry!.call(role);
        const response = await t.app.inject({
          method,
          url,
          headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN, 'idempotency-key': crypto.randomUUID() },
          ...(body === undefined ? {} : { payload: body as object }),
        });
        expect(response.statusCode, `${route} as ${role}: ${response.body.slice(0, 200)}`).toBe(entry!.expect[role]);
        expect(response.statusCode, `${route} as ${role}`).toBeLessThan(500);
        // Nobody but Alice reads her words — except the administrators' ticket tools, which show tickets by design.
        const mayShow = role === 'A' || (role === 'admin' && route.includes(' /api/admin/support/'));
        if (!mayShow && !PUBLIC_LINKS.has(route)) expect(response.body, `${route} as ${role}`).not.toContain(secret);
      }
    });
  }
});
