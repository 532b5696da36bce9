// The bad-input suite (docs/decisions/0027-bad-input.md): every route that takes a body — the app's own (from its route list) and
// better-auth's (from its endpoint list), so a new one without an entry here fails this file — called by
// the person who may call it, at a real address, with bodies made wrong on purpose: wrong types, missing
// fields, text just past its maximum and past the body limit, text the database cannot keep, prototype
// keys, unknown fields, JSON that is not an object or not JSON, the wrong content type. Every answer is a
// coded 4xx, never a 5xx, and nothing stored changes (tables and files). Then odd but valid text (right-to-
// left marks, invisible characters, emoji sequences, combining marks) never makes a 5xx either.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { aiModelsRequestSchema, aiProviderUpdateSchema, aiTestRequestSchema, localModelDownloadRequestSchema, localModelTestRequestSchema } from '@shared/contracts/ai';
import { adminSettingsUpdateSchema, bulkReminderSchema, singleReminderSchema, testEmailSchema, unsubscribeSchema } from '@shared/contracts/admin';
import { firstNameSchema, languageSchema, passwordSchema } from '@shared/contracts/auth';
import { checkoutRequestSchema, couponAddSchema, couponValidateSchema, freeAccessUpdateSchema, portalRequestSchema } from '@shared/contracts/billing';
import { chatReplyRequestSchema } from '@shared/contracts/chat';
import { backupRestoreSchema } from '@shared/contracts/backups';
import { communityUpdateSchema } from '@shared/contracts/community';
import { continuityFactCreateSchema, continuitySettingsSchema } from '@shared/contracts/continuity';
import { invitationCreateSchema } from '@shared/contracts/invitations';
import { signInMethodsUpdateSchema } from '@shared/contracts/sign-in';
import { generationRequestSchema } from '@shared/contracts/generation';
import { accountDeletionSchema, adminSetupSchema, profileUpdateSchema, updateCountrySchema, updateLanguageSchema, welcomeBackSchema } from '@shared/contracts/me';
import { conversationEnvelopeSchema, keepingKeysSchema, keepingOfferSchema } from '@shared/contracts/keeping';
import { currentExhibitionRequestSchema, exhibitionUpdateSchema } from '@shared/contracts/exhibitions';
import { memoryUpdateSchema } from '@shared/contracts/memories';
import { onThisDaySettingsSchema } from '@shared/contracts/on-this-day';
import { privacyPolicyUpdateSchema } from '@shared/contracts/privacy';
import { ticketCreateSchema, ticketResponseSchema } from '@shared/contracts/support';
import { ERROR_STATUS } from '@shared/errors';
import { profiles, verifications } from '@server/db/schema/index';
import { createAuth } from '@server/modules/auth/auth';
import { runOf, tarArchive, tarEntries, withValue } from './support/backup-archives';
import { pngImage, wavRecording } from './factories/audio';
import { buildGenerationRequest } from './factories/generation';
import { addExhibition } from './factories/exhibition';
import { addMemory } from './factories/memory';
import { createUser, signIn, sessionCookieOf, uniqueEmail } from './factories/user';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/app';
import {
  DEEP,
  HUGE,
  json,
  justPastMaximum,
  labelOf,
  MALFORMED,
  NOT_AN_OBJECT,
  nodesOf,
  objectPaths,
  oddText,
  otherType,
  POLLUTION_MARK,
  PROTOTYPE_KEYS,
  replaced,
  snapshot,
  storedText,
  UNSTORABLE_TEXT,
  withKey,
  wrongContentTypes,
  wrongTypes,
  type Contract,
  type Json,
  type Path,
  type RawBody,
} from './support/fuzz';
import { startOpenAiStandIn } from './support/openai-stand-in';

// Voice needs a transcription provider (otherwise 503 comes before the recording is even looked at); the
// stand-in is never reached by a refused upload. The throttles are raised so that bodies, not counters,
// are what gets refused; anonymous calls also come from a new address each time.
const standIn = await startOpenAiStandIn({ transcript: 'Hello.' });
afterAll(() => standIn.close());
const t = await createTestApp({
  AI_TRANSCRIBE_BASE_URL: standIn.baseUrl,
  AI_TRANSCRIBE_MODEL: 'stand-in-whisper',
  AI_API_KEY: 'sk-test-key',
  GOOGLE_CLIENT_ID: 'fuzz-client.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'fuzz-secret',
  RATE_LIMIT_AUTH_MAX: '100000',
  RATE_LIMIT_CHAT_MAX: '100000',
  RATE_LIMIT_GENERATION_MAX: '100000',
  CHAT_OFFLINE_DELAY_MS: '0',
});
// The same routes with Stripe configured: the webhook then reads and checks what it is sent.
const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
const withStripe = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_fuzz', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: 'http://127.0.0.1:9' });

/** Random bodies per route and property; the fixed cases cover every field and kind of mistake anyway. */
const RUNS = 12;
const ODD_RUNS = 6;

/** `buyer`: one of several people in turn, as checkout allows each only 20 attempts a minute (invalid ones included). */
type Role = 'anon' | 'owner' | 'admin' | 'leaving' | 'password' | 'buyer';
/** Our routes answer `{ error: { code, message } }`; better-auth's answer its own `{ code, message }`. */
type Shape = 'ours' | 'better-auth';

interface JsonEntry {
  kind: 'json';
  as: Role;
  url: string;
  /** A body the route accepts (its contract says so): every bad body is made from it. */
  valid: () => Json;
  /** What the route accepts: a generated body counts as bad only when this refuses it. */
  contract: Contract;
  headers?: () => Record<string, string>;
  shape?: Shape;
  /** better-auth passes over keys it does not know: those are tried apart, as tolerated (see below). */
  ignoresUnknownKeys?: boolean;
}
interface MultipartEntry {
  kind: 'multipart';
  as: Role;
  url: string;
  field: string;
  content: 'image' | 'audio';
  /** Over this, 413 (only tried where it is small enough to send quickly). */
  maxBytes?: number;
}
/** Takes no body: only bodies no parser accepts are tried (any other body is ignored and the action runs). */
interface NoBodyEntry {
  kind: 'none';
  as: Role;
  url: string;
  shape?: Shape;
}
/** better-auth endpoints the app does not use: closed at the mount (coded 404), whatever the body. */
interface ClosedEntry {
  kind: 'closed';
}
/** The OAuth callback: a browser's navigation, answered with a redirect to the error page. */
interface CallbackEntry {
  kind: 'oauth-callback';
  url: string;
}
interface WebhookEntry {
  kind: 'webhook';
}
type Entry = JsonEntry | MultipartEntry | NoBodyEntry | ClosedEntry | CallbackEntry | WebhookEntry;

/** What better-auth's sign-up takes through our hook (modules/auth/auth.ts): our register rules, no other key. */
const signUpContract = z.strictObject({
  email: z.email(),
  password: passwordSchema,
  name: firstNameSchema,
  // Left out or null, the hook takes English.
  defaultLanguage: languageSchema.nullish(),
  callbackURL: z.string().optional(),
  rememberMe: z.boolean().optional(),
  // Read only when registration is invite-only (tests/access-modes.test.ts).
  invitationToken: z.string().optional(),
});
// better-auth's own body rules for the endpoints below (it ignores keys it does not know).
const signInContract = z.object({ email: z.email(), password: z.string(), callbackURL: z.string().optional(), rememberMe: z.boolean().optional() });
const emailContract = z.object({ email: z.email(), redirectTo: z.string().optional(), callbackURL: z.string().optional() });
const resetContract = z.object({ newPassword: passwordSchema, token: z.string() });
const changePasswordContract = z.object({ currentPassword: z.string(), newPassword: passwordSchema, revokeOtherSessions: z.boolean().optional() });
const socialContract = z.object({ provider: z.literal('google'), callbackURL: z.string().optional(), errorCallbackURL: z.string().optional() });
const revokeContract = z.object({ token: z.string() });

/** The people and data each route is called with, made after the database is emptied for this file. */
async function setup() {
  const admin = await createUser(t, { admin: true });
  // The others at once: password hashing runs off the main thread.
  const [owner, other, leaving, password, unverified, ...buyers] = await Promise.all([
    createUser(t, { admin: false, firstName: 'Olivia' }),
    createUser(t, { admin: false, firstName: 'Bruno' }),
    createUser(t, { admin: false }),
    createUser(t, { admin: false }),
    createUser(t, { admin: false, verified: false }),
    ...Array.from({ length: 5 }, () => createUser(t, { admin: false })),
  ]);
  const memory = await addMemory(t, owner.id);
  const exhibition = await addExhibition(t, owner.id);
  const keptId = randomUUID();
  // A key envelope of the right shape (its contents are random: the server cannot tell, and need not).
  const b64 = (bytes: number) => randomBytes(bytes).toString('base64url');
  const wellFormedKeys = () => ({
    v: 1,
    kdf: { name: 'PBKDF2-SHA-256', iterations: 600000, salt: b64(16) },
    passphrase: { iv: b64(12), key: b64(48) },
    recovery: { iv: b64(12), key: b64(48), salt: b64(16) },
  });
  const ticket = (
    await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      payload: { subject: 'A question', message: 'A question about my memories, please.' },
    })
  ).json<{ id: string }>();
  // A second session of the password person, whose token revoke-session is given.
  const secondSession = sessionCookieOf(await signIn(t, password.email, password.password))!;
  const secondToken = decodeURIComponent(secondSession.split('=')[1]!).split('.')[0]!;
  // A real reset token, so a valid reset body would work and only the bad parts are refused.
  await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers: { origin: TEST_ORIGIN }, payload: { email: password.email, redirectTo: '/auth/reset-password' } });
  const [reset] = await t.db.select().from(verifications);
  const resetToken = reset!.identifier.replace(/^reset-password:/, '');
  const checkout = (
    await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie: owner.cookie, origin: TEST_ORIGIN }, payload: { language: 'en' } })
  ).json<{ url: string }>();
  const checkoutId = new URL(checkout.url).pathname.split('/').pop()!;
  // The owner may chat and make memories (free access), so the odd-text runs reach the real work.
  await t.db.update(profiles).set({ freeAccess: true }).where(eq(profiles.id, owner.id));
  let turn = 0;
  const cookies: Record<Role, () => string | undefined> = {
    anon: () => undefined,
    owner: () => owner.cookie,
    admin: () => admin.cookie,
    leaving: () => leaving.cookie,
    password: () => password.cookie,
    buyer: () => buyers[turn++ % buyers.length]!.cookie,
  };

  const our = (as: Role, url: string, contract: Contract, valid: () => Json, headers?: () => Record<string, string>): JsonEntry => ({ kind: 'json', as, url, contract, valid, headers });
  const theirs = (as: Role, path: string, contract: Contract, valid: () => Json): JsonEntry => ({
    kind: 'json',
    as,
    url: `/api/auth${path}`,
    contract,
    valid,
    shape: 'better-auth',
    ignoresUnknownKeys: true,
  });
  const none = (as: Role, url: string, shape: Shape = 'ours'): NoBodyEntry => ({ kind: 'none', as, url, shape });
  const closed: ClosedEntry = { kind: 'closed' };

  const ours: Record<string, Entry> = {
    'PUT /api/me/language': our('owner', '/api/me/language', updateLanguageSchema, () => ({ language: 'fr' })),
    'PUT /api/me/country': our('owner', '/api/me/country', updateCountrySchema, () => ({ country: 'CA' })),
    'POST /api/me/welcome-back': our('owner', '/api/me/welcome-back', welcomeBackSchema, () => ({ language: 'en', gender: 'female' })),
    'PUT /api/me/profile': our('owner', '/api/me/profile', profileUpdateSchema, () => ({ firstName: 'Olivia', defaultLanguage: 'en', gender: 'other' })),
    // A listed address with a mistyped setup code is refused and made nothing (tests/admin-setup.test.ts); here, none.
    'POST /api/me/admin-setup': our('owner', '/api/me/admin-setup', adminSetupSchema, () => ({ code: 'AAAA-AAAA-AAAA-AAAA' })),
    'DELETE /api/me/avatar': none('owner', '/api/me/avatar'),
    'POST /api/me/avatar': { kind: 'multipart', as: 'owner', url: '/api/me/avatar', field: 'avatar', content: 'image', maxBytes: 2 * 1024 * 1024 },
    'POST /api/chat/reply': our('owner', '/api/chat/reply', chatReplyRequestSchema, () => ({
      conversationId: randomUUID(),
      language: 'en',
      messages: [
        { role: 'assistant', content: 'How was your day?' },
        { role: 'user', content: 'Calm, by the river.' },
      ],
    })),
    'POST /api/chat/transcribe': { kind: 'multipart', as: 'owner', url: '/api/chat/transcribe?language=en', field: 'audio', content: 'audio' },
    'PATCH /api/memories/:id': our('owner', `/api/memories/${memory.id}`, memoryUpdateSchema, () => ({ liked: true, title: 'A calm river' })),
    'PUT /api/memories/on-this-day': our('owner', '/api/memories/on-this-day', onThisDaySettingsSchema, () => ({ enabled: false })),
    'DELETE /api/memories/:id': none('owner', `/api/memories/${memory.id}`),
    'POST /api/memories/:id/share': none('owner', `/api/memories/${memory.id}/share`),
    'DELETE /api/memories/:id/share': none('owner', `/api/memories/${memory.id}/share`),
    'POST /api/exhibitions/current': our('owner', '/api/exhibitions/current', currentExhibitionRequestSchema, () => ({ tz: 'Europe/Paris', language: 'en' })),
    'PATCH /api/exhibitions/:id': our('owner', `/api/exhibitions/${exhibition.id}`, exhibitionUpdateSchema, () => ({ title: 'A soft month', kept: true })),
    'POST /api/exhibitions/:id/share': none('owner', `/api/exhibitions/${exhibition.id}/share`),
    'DELETE /api/exhibitions/:id/share': none('owner', `/api/exhibitions/${exhibition.id}/share`),
    'POST /api/memories/migration/:id': none('owner', `/api/memories/migration/${memory.id}`),
    'POST /api/generations': our(
      'owner',
      '/api/generations',
      generationRequestSchema,
      () => ({ ...buildGenerationRequest(), messages: buildGenerationRequest().messages.slice(1) }),
      () => ({ 'idempotency-key': randomUUID() }),
    ),
    'PATCH /api/admin/settings': our('admin', '/api/admin/settings', adminSettingsUpdateSchema, () => ({
      chatPrompt: 'Be kind.',
      agentName: 'Sam',
      agentGenderFr: 'masculine',
      imageSize: '1024x1024',
      imageQuality: 'auto',
      dailyGenerationLimit: 3,
      priceIdEn: 'price_x',
      promoCodeFr: null,
      reminderSubjectEn: 'We miss you',
      reminderScheduleEnabled: false,
      reminderScheduleDays: 7,
    })),
    'DELETE /api/admin/settings/agent-avatar': none('admin', '/api/admin/settings/agent-avatar'),
    'POST /api/admin/settings/agent-avatar': { kind: 'multipart', as: 'admin', url: '/api/admin/settings/agent-avatar', field: 'avatar', content: 'image', maxBytes: 2 * 1024 * 1024 },
    'POST /api/admin/email/test': our('admin', '/api/admin/email/test', testEmailSchema, () => ({ to: 'someone@example.test', subject: 'Hello', html: '<p>Hi</p>' })),
    'POST /api/admin/reminders/bulk': our('admin', '/api/admin/reminders/bulk', bulkReminderSchema, () => ({ days: 7 })),
    'POST /api/admin/reminders/single': our('admin', '/api/admin/reminders/single', singleReminderSchema, () => ({ email: other.email })),
    'POST /api/reminders/unsubscribe': our('anon', '/api/reminders/unsubscribe', unsubscribeSchema, () => ({ u: owner.id, t: 'A'.repeat(43) })),
    'POST /api/billing/checkout': our('buyer', '/api/billing/checkout', checkoutRequestSchema, () => ({ language: 'en', promoCode: 'SPRING' })),
    'POST /api/billing/portal': our('owner', '/api/billing/portal', portalRequestSchema, () => ({ language: 'en' })),
    'POST /api/billing/sandbox/checkouts/:id/complete': none('owner', `/api/billing/sandbox/checkouts/${checkoutId}/complete`),
    'POST /api/billing/sandbox/checkouts/:id/cancel': none('owner', `/api/billing/sandbox/checkouts/${checkoutId}/cancel`),
    'POST /api/billing/sandbox/portal/cancel': none('owner', '/api/billing/sandbox/portal/cancel'),
    'POST /api/billing/webhook': { kind: 'webhook' },
    'POST /api/admin/coupons': our('admin', '/api/admin/coupons', couponAddSchema, () => ({ language: 'en', code: 'SPRING', promotionId: 'promo_spring' })),
    'POST /api/admin/coupons/validate': our('admin', '/api/admin/coupons/validate', couponValidateSchema, () => ({ language: 'fr', code: 'SPRING' })),
    'DELETE /api/admin/coupons/:language/:code': none('admin', '/api/admin/coupons/en/SPRING'),
    'PUT /api/admin/users/:id/free-access': our('admin', `/api/admin/users/${other.id}/free-access`, freeAccessUpdateSchema, () => ({ freeAccess: true })),
    'POST /api/support/tickets': our('owner', '/api/support/tickets', ticketCreateSchema, () => ({ subject: 'Another question', message: 'How do I share a memory with my sister?' })),
    'POST /api/admin/support/tickets/:id/response': our('admin', `/api/admin/support/tickets/${ticket.id}/response`, ticketResponseSchema, () => ({ response: 'Here to help.' })),
    'POST /api/admin/support/tickets/:id/close': none('admin', `/api/admin/support/tickets/${ticket.id}/close`),
    'PUT /api/admin/privacy-policy/:language': our('admin', '/api/admin/privacy-policy/fr', privacyPolicyUpdateSchema, () => ({ content: '# Politique' })),
    // Registration is open here, so a valid invitation is refused too (409): only the body's refusals are tried.
    'POST /api/admin/invitations': our('admin', '/api/admin/invitations', invitationCreateSchema, () => ({ email: 'guest@example.test', language: 'fr' })),
    'DELETE /api/admin/invitations/:id': none('admin', `/api/admin/invitations/${randomUUID()}`),
    'PUT /api/admin/sign-in': our('admin', '/api/admin/sign-in', signInMethodsUpdateSchema, () => ({ passwordSignIn: true })),
    'POST /api/admin/backups': none('admin', '/api/admin/backups'),
    'POST /api/admin/backups/:name/restore': our('admin', '/api/admin/backups/souvenir-2020-01-01T00-00-00-000Z.backup.gz/restore', backupRestoreSchema, () => ({
      confirm: 'souvenir-2020-01-01T00-00-00-000Z.backup.gz',
    })),
    'PUT /api/admin/community': our('admin', '/api/admin/community', communityUpdateSchema, () => ({
      chatServerUrl: 'https://chat.example.test/invite',
      calendarUrlEn: null,
      calendarUrlFr: '',
    })),
    'PUT /api/admin/ai/:capability': our('admin', '/api/admin/ai/chat', aiProviderUpdateSchema, () => ({
      source: 'openai-compatible',
      preset: 'other',
      baseUrl: standIn.baseUrl,
      model: 'stand-in-model',
      apiKey: 'sk-fuzz-key',
      removeKey: false,
    })),
    'POST /api/admin/ai/models': our('admin', '/api/admin/ai/models', aiModelsRequestSchema, () => ({ capability: 'chat', baseUrl: standIn.baseUrl, apiKey: 'sk-fuzz-key' })),
    'POST /api/admin/ai/test': our('admin', '/api/admin/ai/test', aiTestRequestSchema, () => ({
      capability: 'text',
      baseUrl: standIn.baseUrl,
      model: 'stand-in-model',
      apiKey: 'sk-fuzz-key',
    })),
    // A terabyte model: refused for its memory before anything is fetched, so nothing changes even when valid.
    'POST /api/admin/ai/local/downloads': our('admin', '/api/admin/ai/local/downloads', localModelDownloadRequestSchema, () => ({
      kind: 'url',
      url: 'http://127.0.0.1:9/huge.gguf',
      sha256: 'a'.repeat(64),
      sizeBytes: 1024 ** 4,
    })),
    'DELETE /api/admin/ai/local/downloads/:id': none('admin', '/api/admin/ai/local/downloads/no-such-download'),
    'POST /api/admin/ai/local/test': our('admin', '/api/admin/ai/local/test', localModelTestRequestSchema, () => ({ capability: 'chat', model: 'absent.gguf' })),
    'POST /api/keeping': our('owner', '/api/keeping', keepingKeysSchema, () => ({ keys: wellFormedKeys() })),
    'PUT /api/keeping/offer': our('owner', '/api/keeping/offer', keepingOfferSchema, () => ({ declined: true })),
    'PUT /api/keeping/keys': our('owner', '/api/keeping/keys', keepingKeysSchema, () => ({ keys: wellFormedKeys() })),
    'PUT /api/keeping/conversations/:conversationId': our('owner', `/api/keeping/conversations/${keptId}`, conversationEnvelopeSchema, () => ({
      v: 1,
      iv: 'AAAAAAAAAAAAAAAA',
      ct: 'A'.repeat(40),
    })),
    'DELETE /api/keeping': none('owner', '/api/keeping'),
    'PUT /api/continuity': our('owner', '/api/continuity', continuitySettingsSchema, () => ({ enabled: true, factsEnabled: false })),
    'POST /api/continuity/facts': our('owner', '/api/continuity/facts', continuityFactCreateSchema, () => ({ text: 'My cat is called Miso' })),
    'DELETE /api/continuity/facts/:id': none('owner', `/api/continuity/facts/${randomUUID()}`),
    'DELETE /api/continuity/memories/:id': none('owner', `/api/continuity/memories/${memory.id}`),
    'DELETE /api/me': our('leaving', '/api/me', accountDeletionSchema, () => ({ confirm: true })),
  };

  const auth: Record<string, Entry> = {
    // Our hook refuses keys it does not know here (docs/decisions/0027).
    'POST /api/auth/sign-up/email': {
      ...theirs('anon', '/sign-up/email', signUpContract, () => ({
        email: uniqueEmail('fuzz'),
        password: 'correct horse battery',
        name: 'Camille',
        defaultLanguage: 'fr',
        callbackURL: '/auth?verified=1',
      })),
      ignoresUnknownKeys: false,
    },
    'POST /api/auth/sign-in/email': theirs('anon', '/sign-in/email', signInContract, () => ({ email: owner.email, password: owner.password, rememberMe: false })),
    'POST /api/auth/sign-in/social': theirs('anon', '/sign-in/social', socialContract, () => ({ provider: 'google', callbackURL: '/home' })),
    'POST /api/auth/request-password-reset': theirs('anon', '/request-password-reset', emailContract, () => ({ email: owner.email, redirectTo: '/auth/reset-password' })),
    'POST /api/auth/reset-password': theirs('anon', '/reset-password', resetContract, () => ({ newPassword: 'another horse battery', token: resetToken })),
    'POST /api/auth/send-verification-email': theirs('anon', '/send-verification-email', emailContract, () => ({
      email: unverified.email,
      callbackURL: '/auth',
    })),
    'POST /api/auth/change-password': theirs('password', '/change-password', changePasswordContract, () => ({
      currentPassword: password.password,
      newPassword: 'another horse battery',
      revokeOtherSessions: false,
    })),
    'POST /api/auth/revoke-session': theirs('password', '/revoke-session', revokeContract, () => ({ token: secondToken })),
    'POST /api/auth/callback/:id': { kind: 'oauth-callback', url: '/api/auth/callback/google' },
    'POST /api/auth/get-session': none('owner', '/api/auth/get-session', 'better-auth'),
    'POST /api/auth/sign-out': none('owner', '/api/auth/sign-out', 'better-auth'),
    'POST /api/auth/revoke-sessions': none('password', '/api/auth/revoke-sessions', 'better-auth'),
    'POST /api/auth/revoke-other-sessions': none('password', '/api/auth/revoke-other-sessions', 'better-auth'),
    'POST /api/auth/update-user': closed,
    'POST /api/auth/change-email': closed,
    'POST /api/auth/delete-user': closed,
    'POST /api/auth/update-session': closed,
    'POST /api/auth/verify-password': closed,
    'POST /api/auth/link-social': closed,
    'POST /api/auth/unlink-account': closed,
    'POST /api/auth/refresh-token': closed,
    'POST /api/auth/get-access-token': closed,
  };
  return { cookies, ours, auth };
}

let ctx: Awaited<ReturnType<typeof setup>>;
beforeAll(async () => {
  ctx = await setup();
});

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The app's own state-changing routes, from its route list (better-auth's catch-all aside). */
const ourRoutes = () => t.app.routeList.filter((r) => STATE_CHANGING.has(r.method) && r.url !== '/api/auth/*').map((r) => `${r.method} ${r.url}`);

/** better-auth's endpoints that answer POST, from its own endpoint list (nothing is called: only read). */
const authPostRoutes = () => (authPostRoutesRead ??= readAuthPostRoutes());
let authPostRoutesRead: string[] | undefined;
function readAuthPostRoutes(): string[] {
  const silent = { debug() {}, info() {}, warn() {}, error() {} };
  const auth = createAuth({
    db: t.db,
    baseUrl: TEST_ORIGIN,
    fallbackUrl: TEST_ORIGIN,
    trustedOrigins: [TEST_ORIGIN],
    secret: randomBytes(32).toString('hex'),
    secure: false,
    google: null,
    sso: null,
    passwordSignIn: async () => true,
    mail: { name: 'outbox' } as never,
    profiles: {} as never,
    log: silent as never,
    background: () => undefined,
    registration: { admit: async () => undefined },
  });
  return Object.values(auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>)
    .filter((endpoint) => endpoint.path && [endpoint.options?.method ?? []].flat().includes('POST'))
    .map((endpoint) => `POST /api/auth${endpoint.path}`);
}

const randomAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

async function send(app: TestApp, method: string, url: string, as: Role, body: RawBody | undefined, headers: Record<string, string> = {}) {
  const cookie = ctx.cookies[as]();
  return app.app.inject({
    method: method as 'POST',
    url,
    // A new address each time: the per-client throttles (sign-in, unsubscribe) stay out of the way.
    remoteAddress: randomAddress(),
    headers: {
      origin: TEST_ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(body?.contentType ? { 'content-type': body.contentType } : {}),
      ...headers,
    },
    ...(body ? { payload: body.payload } : {}),
  });
}
type Answer = Awaited<ReturnType<typeof send>>;

/** A coded refusal: 4xx, and the code (from src/shared/errors.ts for ours) and a message in the body. */
function expectRefused(answer: Answer, shape: Shape, what: string) {
  const where = `${what} → ${answer.statusCode} ${answer.body.slice(0, 300)}`;
  expect(answer.statusCode, where).toBeGreaterThanOrEqual(400);
  expect(answer.statusCode, where).toBeLessThan(500);
  expectCoded(answer, shape, where);
}

function expectCoded(answer: Answer, shape: Shape, where: string) {
  expect(() => JSON.parse(answer.body) as unknown, where).not.toThrow();
  const body = JSON.parse(answer.body) as unknown;
  if (shape === 'ours') {
    const { error } = body as { error: { code: keyof typeof ERROR_STATUS; message: string } };
    expect(error, where).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
    expect(ERROR_STATUS[error.code], where).toBe(answer.statusCode);
  } else {
    // better-auth's own refusals, or ours in front of it (closed endpoints, the body limit).
    const coded = (body as { error?: unknown }).error ?? body;
    expect(coded, where).toEqual(expect.objectContaining({ code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) }));
  }
}

/** No body, however built, reached Object.prototype. */
function expectNoPollution(where: string) {
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, POLLUTION_MARK), where).toBe(false);
  expect(({} as Record<string, unknown>).isAdmin, where).toBeUndefined();
}

/** Runs a batch of requests and proves that nothing stored changed meanwhile. */
async function unchanged(run: () => Promise<void>, app: TestApp = t) {
  const before = await snapshot(app.db, app.dataDir);
  await run();
  expect(await snapshot(app.db, app.dataDir)).toEqual(before);
}

const refusedBy = (contract: Contract, body: Json) => !contract.safeParse(body).success;

/**
 * The fixed bad bodies of a JSON route: every field missing, of each other type, just past its maximum,
 * with text the database cannot keep; prototype keys and an unknown key in every object; one field
 * past the body limit; JSON that is not an object, nested thousands deep, or not JSON; other content types.
 */
function fixedBadBodies(entry: JsonEntry): RawBody[] {
  const valid = entry.valid();
  const nodes = nodesOf(valid);
  const bodies: RawBody[] = [];
  const ifRefused = (label: string, body: Json) => {
    if (refusedBy(entry.contract, body)) bodies.push(json(label, body));
  };
  for (const { path, value } of nodes) {
    const label = labelOf(path);
    if (typeof path.at(-1) === 'string') ifRefused(`${label} missing`, replaced(valid, path, undefined));
    for (const wrong of wrongTypes(value)) ifRefused(`${label} = ${JSON.stringify(wrong)}`, replaced(valid, path, wrong));
    if (typeof value === 'string') {
      const past = justPastMaximum(entry.contract, valid, path);
      if (past !== null) bodies.push(json(`${label} just past its maximum (${past.length})`, replaced(valid, path, past)));
      // Refused whatever the contract says: the server does not take text it cannot store as sent. A NUL
      // everywhere, and one of the surrogate mistakes in turn.
      const surrogates = Object.entries(UNSTORABLE_TEXT).filter(([name]) => name !== 'nul');
      const [name, text] = surrogates[bodies.length % surrogates.length]!;
      bodies.push(json(`${label} with a nul`, replaced(valid, path, UNSTORABLE_TEXT.nul)), json(`${label} with a ${name}`, replaced(valid, path, text)));
    }
  }
  for (const at of objectPaths(valid)) {
    // Fastify refuses `__proto__` (and `constructor.prototype`) while parsing; strict contracts refuse the rest.
    if (!entry.ignoresUnknownKeys) {
      for (const [key, value] of PROTOTYPE_KEYS) bodies.push(json(`${key} in ${labelOf(at)}`, withKey(valid, at, key, value)));
      bodies.push(json(`unknown key in ${labelOf(at)}`, withKey(valid, at, 'unexpected', 'value')));
    }
  }
  const firstText = nodes.find((n) => typeof n.value === 'string');
  bodies.push(json('over the body limit', firstText ? replaced(valid, firstText.path, HUGE) : withKey(valid, [], 'padding', HUGE)));
  return [...bodies, ...NOT_AN_OBJECT, ...DEEP, ...MALFORMED, ...wrongContentTypes(valid)];
}

/** Random bad bodies: fields of other types, unknown keys of any name, several mistakes at once — only those the contract refuses. */
function randomBadBody(entry: JsonEntry): fc.Arbitrary<Json> {
  const valid = entry.valid();
  const nodes = nodesOf(valid);
  const objects = objectPaths(valid);
  const node = fc.constantFrom(...nodes);
  const retyped = (body: Json, at: { path: Path; value: Json }) => otherType(at.value).map((value) => replaced(body, at.path, value));
  const kinds: Array<fc.Arbitrary<Json>> = [
    node.chain((at) => retyped(valid, at)),
    fc.tuple(node, node).chain(([first, second]) => retyped(valid, first).chain((body) => retyped(body, second))),
    node.map((at) => replaced(valid, at.path, undefined)),
  ];
  if (!entry.ignoresUnknownKeys && objects.length > 0) {
    kinds.push(
      fc
        .tuple(fc.constantFrom(...objects), fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>)
        .map(([at, key, value]) => withKey(valid, at, key, value)),
    );
  }
  return fc.oneof(...kinds).filter((body) => refusedBy(entry.contract, body));
}

const routeKeysOf = (table: Record<string, Entry>) => Object.keys(table).sort();

describe('the bad-input table', () => {
  it('has an entry for every state-changing route the server registers, and none for a route that does not exist', () => {
    expect(routeKeysOf(ctx.ours)).toEqual([...new Set(ourRoutes())].sort());
  });
  it("has an entry for every better-auth endpoint that answers POST, and none for one that does not exist", () => {
    expect(routeKeysOf(ctx.auth)).toEqual([...new Set(authPostRoutes())].sort());
  });
});

describe('bad bodies get a coded 4xx and change nothing', () => {
  for (const route of [...ourRoutes(), ...authPostRoutes()].filter((r, i, all) => all.indexOf(r) === i)) {
    it(route, async () => {
      const entry = ctx.ours[route] ?? ctx.auth[route];
      expect(entry, `an entry for ${route}`).toBeDefined();
      const method = route.split(' ')[0]!;
      await runBadBodies(method, route, entry!);
    });
  }
});

async function runBadBodies(method: string, route: string, entry: Entry) {
  switch (entry.kind) {
    case 'json':
      return runJson(method, route, entry);
    case 'multipart':
      return runMultipart(route, entry);
    case 'none':
      return runNoBody(method, route, entry);
    case 'closed':
      return runClosed(route);
    case 'oauth-callback':
      return runCallback(entry);
    case 'webhook':
      return runWebhook();
  }
}

async function runJson(method: string, route: string, entry: JsonEntry) {
  const shape = entry.shape ?? 'ours';
  expect(entry.contract.safeParse(entry.valid()).success, `${route}: its valid body is valid`).toBe(true);
  await unchanged(async () => {
    for (const body of fixedBadBodies(entry)) {
      const answer = await send(t, method, entry.url, entry.as, body, entry.headers?.());
      expectRefused(answer, shape, `${route} with ${body.label}`);
      if (body.label === 'over the body limit') expect(answer.statusCode, `${route} with ${body.label}`).toBe(413);
      expectNoPollution(`${route} with ${body.label}`);
    }
    await fc.assert(
      fc.asyncProperty(randomBadBody(entry), async (body) => {
        const answer = await send(t, method, entry.url, entry.as, json('random', body), entry.headers?.());
        expectRefused(answer, shape, `${route} with ${JSON.stringify(body).slice(0, 200)}`);
        expectNoPollution(route);
      }),
      { numRuns: RUNS },
    );
  });
}

async function runNoBody(method: string, route: string, entry: NoBodyEntry) {
  const shape = entry.shape ?? 'ours';
  // Only bodies no parser takes: any other body is ignored by a route that reads none.
  const bodies: RawBody[] =
    shape === 'ours'
      ? [...MALFORMED, json('over the body limit', { padding: HUGE }), { label: 'XML', payload: '<a/>', contentType: 'application/xml' }, json('__proto__', JSON.parse('{"__proto__": {"fuzzPolluted": true}}') as Json)]
      : [...MALFORMED, { label: 'XML', payload: '<a/>', contentType: 'application/xml' }, { label: 'text', payload: 'hello', contentType: 'text/plain' }];
  await unchanged(async () => {
    for (const body of bodies) {
      const answer = await send(t, method, entry.url, entry.as, body);
      expectRefused(answer, shape, `${route} with ${body.label}`);
      expectNoPollution(`${route} with ${body.label}`);
    }
  });
}

async function runClosed(route: string) {
  const url = route.split(' ')[1]!;
  await unchanged(async () => {
    for (const role of ['anon', 'owner'] as const) {
      for (const body of [json('an ordinary body', { name: 'Someone', email: 'someone@example.test', password: 'correct horse battery' }), MALFORMED[0]!, NOT_AN_OBJECT[0]!]) {
        const answer = await send(t, 'POST', url, role, body);
        expectRefused(answer, 'ours', `${route} as ${role} with ${body.label}`);
        expect(answer.json().error.code).toBe('NOT_FOUND');
      }
    }
  });
}

async function runCallback(entry: CallbackEntry) {
  await unchanged(async () => {
    for (const body of [json('a forged code', { code: 'forged', state: 'forged' }), json('nothing', {}), ...MALFORMED.slice(0, 3), NOT_AN_OBJECT[0]!]) {
      const answer = await send(t, 'POST', entry.url, 'anon', body);
      const where = `${entry.url} with ${body.label} → ${answer.statusCode} ${answer.body.slice(0, 200)}`;
      // A POST callback is turned into the GET one, which sends a forged one to the error page.
      if (answer.statusCode === 302) expect(answer.headers.location, where).toMatch(new RegExp(`^${TEST_ORIGIN}/api/auth/(callback/google|error)`));
      else expectRefused(answer, 'better-auth', where);
    }
  });
}

async function runWebhook() {
  const signer = new Stripe('sk_test_signer');
  const signed = (payload: string) => signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
  const event = JSON.stringify({ id: 'evt_fuzz', object: 'event', type: 'checkout.session.completed', created: 1, data: { object: { mode: 'subscription', client_reference_id: 'x' } } });
  const cases: Array<{ label: string; body: RawBody; signature?: string }> = [
    { label: 'no signature', body: json('event', JSON.parse(event) as Json) },
    { label: 'a forged signature', body: json('event', JSON.parse(event) as Json), signature: 't=1,v1=deadbeef' },
    { label: 'a signature with another secret', body: { label: 'event', payload: event, contentType: 'application/json' }, signature: signer.webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_other' }) },
    { label: 'a signature of other bytes', body: { label: 'event', payload: `${event} `, contentType: 'application/json' }, signature: signed(event) },
    { label: 'garbage bytes', body: { label: 'bytes', payload: randomBytes(512), contentType: 'application/octet-stream' }, signature: 't=1,v1=00' },
    { label: 'a signed body that is not JSON', body: { label: 'text', payload: 'not json', contentType: 'application/json' }, signature: signed('not json') },
    { label: 'a body over its limit', body: { label: 'big', payload: HUGE, contentType: 'application/json' }, signature: signed(HUGE) },
    { label: 'an empty body', body: { label: 'empty', payload: '', contentType: 'application/json' }, signature: 't=1,v1=00' },
  ];
  for (const [app, code] of [
    [t, 'NOT_FOUND'],
    [withStripe, undefined],
  ] as const) {
    await unchanged(async () => {
      for (const { label, body, signature } of cases) {
        const answer = await send(app, 'POST', '/api/billing/webhook', 'anon', body, signature ? { 'stripe-signature': signature } : {});
        expectRefused(answer, 'ours', `webhook (${app === t ? 'sandbox' : 'Stripe'}) with ${label}`);
        // The body is read (and its size checked) before the route says there is no webhook here.
        if (code && body.label !== 'big') expect(answer.json().error.code).toBe(code);
      }
    }, app);
  }
}

/** A multipart/form-data body as a browser's FormData would send it. */
async function form(parts: Array<{ name: string; value: string | Buffer; filename?: string; type?: string }>) {
  const data = new FormData();
  for (const part of parts) {
    if (typeof part.value === 'string' && part.filename === undefined) data.append(part.name, part.value);
    else data.append(part.name, new Blob([new Uint8Array(Buffer.from(part.value))], { type: part.type ?? 'application/octet-stream' }), part.filename ?? 'file');
  }
  const encoded = new Response(data);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

async function runMultipart(route: string, entry: MultipartEntry) {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#abc' } }).png().toBuffer();
  // A real file of the right kind, for the cases where only the form around it is wrong.
  const good = entry.content === 'image' ? png : wavRecording();
  const wrongKind = entry.content === 'image' ? Buffer.from('just some text, not an image') : pngImage();
  const type = entry.content === 'image' ? 'image/png' : 'audio/wav';
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="http://127.0.0.1:9/x.png"/></svg>');
  const cases: RawBody[] = [
    json('JSON', { [entry.field]: 'x' }),
    { label: 'text', payload: 'x', contentType: 'text/plain' },
    { label: 'form-encoded', payload: `${entry.field}=x`, contentType: 'application/x-www-form-urlencoded' },
    { label: 'no body at all', payload: '' },
    { label: 'an empty form', payload: '--b--\r\n', contentType: 'multipart/form-data; boundary=b' },
    { label: 'a form without a boundary', payload: '--b--\r\n', contentType: 'multipart/form-data' },
    { label: 'a form cut short', payload: `--b\r\nContent-Disposition: form-data; name="${entry.field}"; filename="a"\r\nContent-Type: ${type}\r\n\r\n${'x'.repeat(100)}`, contentType: 'multipart/form-data; boundary=b' },
    { label: 'a form whose parts have no headers', payload: '--b\r\n\r\nhello\r\n--b--\r\n', contentType: 'multipart/form-data; boundary=b' },
    { label: 'the file in another field', ...(await form([{ name: 'other', value: good, filename: 'a', type }])) },
    { label: 'text in the file field', ...(await form([{ name: entry.field, value: 'not a file' }])) },
    { label: 'another kind of file', ...(await form([{ name: entry.field, value: wrongKind, filename: 'a', type }])) },
    { label: 'an empty file', ...(await form([{ name: entry.field, value: Buffer.alloc(0), filename: 'a', type }])) },
    { label: 'a file with an odd name', ...(await form([{ name: entry.field, value: wrongKind, filename: '../../\u0000\u202e.png', type }])) },
    { label: 'too many parts', ...(await form([...Array.from({ length: 6 }, (_, i) => ({ name: `f${i}`, value: 'x' })), { name: entry.field, value: good, filename: 'a', type }])) },
    { label: 'two files of the wrong kind', ...(await form([{ name: entry.field, value: wrongKind, filename: 'a', type }, { name: entry.field, value: wrongKind, filename: 'b', type }])) },
    // Images are decoded, so a cut one is refused; recordings are only recognised by their first bytes.
    ...(entry.content === 'image'
      ? [
          { label: 'a truncated image', ...(await form([{ name: entry.field, value: good.subarray(0, 40), filename: 'a', type }])) },
          { label: 'an SVG', ...(await form([{ name: entry.field, value: svg, filename: 'a.svg', type: 'image/svg+xml' }])) },
        ]
      : []),
    ...(entry.maxBytes ? [{ label: 'a file over its limit', ...(await form([{ name: entry.field, value: Buffer.concat([png, Buffer.alloc(entry.maxBytes)]), filename: 'a', type }])) }] : []),
  ];
  await unchanged(async () => {
    for (const body of cases) {
      const answer = await send(t, 'POST', entry.url, entry.as, body);
      expectRefused(answer, 'ours', `${route} with ${body.label}`);
    }
  });
}

/** The JSON routes and their entries, in table order. */
const jsonEntries = () => Object.entries({ ...ctx.ours, ...ctx.auth }).filter((pair): pair is [string, JsonEntry] => pair[1].kind === 'json');

describe('odd but valid text never gets a 5xx', () => {
  // After the bad bodies: these may be accepted and stored (a ticket with emoji is a fine ticket).
  it('in any text field of any JSON route', async () => {
    const covered: string[] = [];
    for (const [route, entry] of jsonEntries()) {
      const texts = nodesOf(entry.valid()).filter((n) => typeof n.value === 'string');
      if (texts.length === 0) continue;
      covered.push(route);
      const method = route.split(' ')[0]!;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...texts).chain((n) => oddText(n.value as string).map((text) => replaced(entry.valid(), n.path, text))),
          async (body) => {
            const answer = await send(t, method, entry.url, entry.as, json('odd', body), entry.headers?.());
            const where = `${route} with ${JSON.stringify(body).slice(0, 200)} → ${answer.statusCode} ${answer.body.slice(0, 200)}`;
            expect(answer.statusCode, where).toBeLessThan(500);
            if (answer.statusCode >= 400) expectCoded(answer, entry.shape ?? 'ours', where);
          },
        ),
        { numRuns: ODD_RUNS },
      );
    }
    // Every JSON route but those whose bodies hold no text.
    expect(jsonEntries().map(([route]) => route).filter((route) => !covered.includes(route))).toEqual([
      'PUT /api/memories/on-this-day',
      'POST /api/admin/reminders/bulk',
      'PUT /api/admin/users/:id/free-access',
      'PUT /api/admin/sign-in',
      'PUT /api/keeping/offer',
      'PUT /api/continuity',
      'DELETE /api/me',
    ]);
  });
});

describe('better-auth passes over keys it does not know', () => {
  // Its routes take a body with extra keys (prototype keys included) as if they were not there (only our
  // sign-up hook refuses them): nothing of them is stored and nothing reaches Object.prototype.
  it('on every one of its JSON routes but sign-up', async () => {
    const tolerant = jsonEntries().filter(([, entry]) => entry.ignoresUnknownKeys);
    expect(tolerant.map(([route]) => route)).not.toContain('POST /api/auth/sign-up/email');
    expect(tolerant.length).toBeGreaterThan(5);
    const marker = `marker-${randomBytes(6).toString('hex')}`;
    for (const [route, entry] of tolerant) {
      const method = route.split(' ')[0]!;
      for (const at of objectPaths(entry.valid())) {
        for (const [key, value] of [...PROTOTYPE_KEYS, ['unexpected', marker] as [string, Json], ['isAdmin', marker] as [string, Json], ['image', marker] as [string, Json]]) {
          const answer = await send(t, method, entry.url, entry.as, json(key, withKey(entry.valid(), at, key, value)));
          const where = `${route} with ${key} in ${labelOf(at)} → ${answer.statusCode} ${answer.body.slice(0, 200)}`;
          expect(answer.statusCode, where).toBeLessThan(500);
          if (answer.statusCode >= 400) expectCoded(answer, 'better-auth', where);
          expectNoPollution(where);
        }
      }
    }
    expect(await storedText(t.db)).not.toContain(marker);
  });
});

describe('a Host header that names no host', () => {
  // Browsers always send a usable Host; these come from scanners and broken clients. better-auth is handed
  // the request's address, built from the Host, so one it cannot parse must be refused before it is asked.
  const BAD_HOSTS = ['a@b', 'a b', 'x:99999', '', '[::1'];
  const calls = () => [
    { method: 'GET', url: '/api/auth/get-session', as: 'owner' as const },
    { method: 'POST', url: '/api/auth/sign-in/email', as: 'anon' as const, payload: JSON.stringify({ email: uniqueEmail('host'), password: 'correct horse battery' }) },
    { method: 'POST', url: '/api/auth/request-password-reset', as: 'anon' as const, payload: JSON.stringify({ email: uniqueEmail('host'), redirectTo: '/auth/reset-password' }) },
  ];

  /**
   * Over a real socket: the injector replaces an empty Host with its own, while Node hands an empty one to
   * the app as it came (and a request without one, in HTTP/1.0).
   */
  async function overSocket(port: number, request: { method: string; url: string; host: string; cookie?: string | undefined; payload?: string }) {
    const body = request.payload ?? '';
    const head = [
      `${request.method} ${request.url} HTTP/1.1`,
      `Host: ${request.host}`,
      `Origin: ${TEST_ORIGIN}`,
      'Connection: close',
      ...(request.cookie ? [`Cookie: ${request.cookie}`] : []),
      ...(body ? ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`] : []),
    ];
    const raw = await new Promise<string>((resolve, reject) => {
      // Written, not ended: a client that half-closes may see the server drop a response still being read
      // from the database; "Connection: close" has the server close once it has answered.
      const socket = connect(port, '127.0.0.1', () => socket.write(`${head.join('\r\n')}\r\n\r\n${body}`));
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    const [status = '', rest = ''] = raw.split('\r\n\r\n', 2);
    return { statusCode: Number(status.split(' ')[1]), body: rest };
  }

  it('gets a coded 400 on better-auth’s routes and no 500 anywhere, with no stack in the log', async () => {
    const from = t.logs.length;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    await unchanged(async () => {
      for (const host of BAD_HOSTS) {
        for (const call of calls()) {
          const cookie = ctx.cookies[call.as]();
          const answer =
            host === ''
              ? await overSocket(port, { method: call.method, url: call.url, host, cookie, ...(call.payload ? { payload: call.payload } : {}) })
              : await send(t, call.method, call.url, call.as, call.payload ? { label: 'form', payload: call.payload, contentType: 'application/json' } : undefined, { host });
          const where = `${call.method} ${call.url} with Host ${JSON.stringify(host)} → ${answer.statusCode} ${answer.body.slice(0, 200)}`;
          expect(answer.statusCode, where).toBe(400);
          expect(JSON.parse(answer.body), where).toEqual({ error: { code: 'BAD_REQUEST', message: expect.any(String) } });
        }
        // The app's own routes read no address from the Host (links use PUBLIC_URL or the checked origin).
        const ordinary =
          host === '' ? await overSocket(port, { method: 'GET', url: '/api/me', host, cookie: ctx.cookies.owner() }) : await send(t, 'GET', '/api/me', 'owner', undefined, { host });
        expect(ordinary.statusCode, `GET /api/me with Host ${JSON.stringify(host)} → ${ordinary.body.slice(0, 200)}`).toBe(200);
      }
    });
    const logged = t.logs.slice(from).join('');
    expect(logged).not.toMatch(/"level":50|"stack"/);
  });
});

describe('JSON nested past the bound', () => {
  // Nested JSON costs the parser and every walk over the result time in proportion to its depth, and a
  // megabyte of brackets is half a million levels: the bound is refused before anything parses the body.
  const BOUND = 64;
  const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const nested = (depth: number): Json => (depth === 1 ? { level: 1 } : { level: depth, inner: nested(depth - 1) });
  const raw = (label: string, payload: string, contentType = 'application/json'): RawBody => ({ label, payload, contentType });
  const expectTooDeep = (answer: Answer, where: string) => {
    expect(answer.statusCode, `${where} → ${answer.body.slice(0, 200)}`).toBe(400);
    expect(answer.json(), where).toEqual({ error: { code: 'BAD_REQUEST', message: expect.stringMatching(new RegExp(`nested deeper than ${BOUND}`)) } });
  };

  it('is refused with a coded 400 on the app’s routes, signed out too, and a body within it is read as before', async () => {
    await unchanged(async () => {
      const tooDeep = [
        raw('arrays nested 500 000 deep (a megabyte)', arrays(500_000)),
        raw('objects nested 150 000 deep', '{"a":'.repeat(150_000) + '1' + '}'.repeat(150_000)),
        raw(`arrays nested ${BOUND + 1} deep`, arrays(BOUND + 1)),
        // Refused from its first bytes: what follows is never read, let alone parsed.
        raw(`${BOUND + 1} brackets, then no JSON at all`, `${'['.repeat(BOUND + 1)}this is not JSON`),
      ];
      for (const body of tooDeep) {
        expectTooDeep(await send(t, 'POST', '/api/reminders/unsubscribe', 'anon', body), `unsubscribe (signed out) with ${body.label}`);
        expectTooDeep(await send(t, 'POST', '/api/support/tickets', 'owner', body), `a ticket with ${body.label}`);
      }
      // Within the bound, the body is parsed and the route's contract judges it, as it always has.
      const within = [
        raw(`arrays nested ${BOUND} deep`, arrays(BOUND)),
        json('objects nested 10 deep', { u: 'not-an-id', t: 'A'.repeat(43), extra: nested(9) }),
        // Brackets and escaped quotes inside strings are text, not nesting.
        json('brackets inside strings', { u: `"${'['.repeat(BOUND * 2)}\\"{`, t: `\\${'{'.repeat(BOUND * 2)}` }),
      ];
      for (const body of within) {
        const answer = await send(t, 'POST', '/api/reminders/unsubscribe', 'anon', body);
        expect(answer.statusCode, `${body.label} → ${answer.body.slice(0, 200)}`).toBe(400);
        expect(answer.json().error.code, body.label).toBe('VALIDATION_FAILED');
      }
    });
    // A ticket whose body is within the bound is taken.
    const ticket = await send(t, 'POST', '/api/support/tickets', 'owner', json('a ticket', { subject: '[[[[ {{{{', message: `Brackets ${'['.repeat(BOUND * 2)} are only text here.` }));
    expect(ticket.statusCode, ticket.body).toBe(201);
  });

  it('is refused before better-auth reads the body, and a body nested 10 deep still signs in', async () => {
    await unchanged(async () => {
      // Its mount takes 64 KB at most: about 32 000 levels.
      for (const contentType of ['application/json', 'application/json; charset=utf-8', 'application/ld+json']) {
        for (const url of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset']) {
          const answer = await send(t, 'POST', url, 'anon', raw('arrays nested 30 000 deep', arrays(30_000), contentType));
          expectTooDeep(answer, `${url} (${contentType}) with arrays nested 30 000 deep`);
        }
      }
      const answer = await send(t, 'POST', '/api/auth/sign-in/email', 'anon', json('just past the bound', { email: uniqueEmail('deep'), password: 'x', extra: nested(BOUND) }));
      expectTooDeep(answer, 'sign-in with an extra key just past the bound');
    });
    const person = await createUser(t, { admin: false });
    const signedIn = await send(t, 'POST', '/api/auth/sign-in/email', 'anon', json('nested 10 deep', { email: person.email, password: person.password, extra: nested(9) }));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(sessionCookieOf(signedIn)).toBeTruthy();
  });
});

describe('a backup archive that is wrong inside', () => {
  // The archive is the body here: the administrator names one, and its content is what is bad. A value a
  // table refuses, or a small archive that unfolds into a huge file, gets the archive's own coded 4xx.
  it('is refused with its own code, changes nothing, and no row of it reaches the log', { timeout: 60_000 }, async () => {
    const made = await send(t, 'POST', '/api/admin/backups', 'admin', undefined);
    expect(made.statusCode, made.body).toBe(201);
    const dir = path.join(t.dataDir, 'backups');
    const archive = readFileSync(path.join(dir, made.json<{ name: string }>().name));
    const bad = {
      'souvenir-2001-01-01T00-00-00-000Z.backup.gz': { archive: await withValue(archive, 'users', 'email', null), status: 409, code: 'BACKUP_UNUSABLE' },
      // About a hundred kilobytes that unfold into a 100 MB file, among the archive's own entries.
      'souvenir-2001-01-02T00-00-00-000Z.backup.gz': {
        archive: await tarArchive([...(await tarEntries(archive)).filter((entry) => entry.name !== 'end.json'), { name: 'files/memories/someone/zeros.png', size: 100 * 1024 * 1024, chunks: () => runOf(100 * 1024 * 1024) }]),
        status: 413,
        code: 'BACKUP_TOO_LARGE',
      },
    };
    for (const [name, { archive: body }] of Object.entries(bad)) writeFileSync(path.join(dir, name), body);
    const logsBefore = t.logs.length;
    await unchanged(async () => {
      for (const [name, { status, code }] of Object.entries(bad)) {
        const answer = await send(t, 'POST', `/api/admin/backups/${name}/restore`, 'admin', json('its name', { confirm: name }));
        expect([answer.statusCode, answer.json().error.code], name).toEqual([status, code]);
      }
    });
    const logged = t.logs.slice(logsBefore).join('');
    expect(logged).toContain('"table":"users","databaseCode":"23502"');
    expect(logged).not.toMatch(/@|"level":50|"stack"/);
    for (const name of Object.keys(bad)) rmSync(path.join(dir, name));
  });
});
