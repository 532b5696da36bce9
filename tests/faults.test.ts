/**
 * The fault suite (docs/decisions/0028-faults-and-interrupted-generations.md): every outside service the
 * app calls — the chat, text, image and transcription APIs, the storage bucket, Stripe and the mail server — answers 500, never answers, refuses
 * the connection, or breaks off in the middle of its answer. Each case asserts what the person sees (the
 * specification's message by its code, or its fallback), that the server still answers, and for
 * generations that no daily slot is consumed by a failure and no half-written memory or stray file remains.
 * The cases already covered elsewhere are not repeated here; docs/testing.md ("Fault suite") has the matrix.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { billingEvents, generations, profiles, souvenirs, subscriptions, users } from '@server/db/schema/index';
import { loadConfig } from '@server/config';
import { createGenerationRepository, reservedDayOf } from '@server/modules/generation/repository';
import { createS3Storage } from '@server/providers/storage/s3';
import { derivedKeysOf } from '@server/providers/storage/keys';
import { webmRecording, postTranscribe } from './factories/audio';
import { buildChatRequest, eventsOf, postChatReply } from './factories/chat-request';
import { buildGenerationRequest, generationCounterOf, postGeneration, setDailyLimit, storedFileOf } from './factories/generation';
import { buildUserInput, createUser, signIn, signUp } from './factories/user';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/app';
import { startMailbox, type MailboxBehaviour } from './support/mailbox';
import { startOpenAiStandIn, type ImageBehaviour, type TextBehaviour } from './support/openai-stand-in';
import { startS3StandIn } from './support/s3-stand-in';
import { startStripeStandIn, type StripeBehaviour } from './support/stripe-stand-in';

/** A port nothing listens on: taken from the system, then closed, so connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
const refused = await closedPort();
const refusedUrl = `http://127.0.0.1:${refused}`;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (app: TestApp, method: Method, url: string, cookie?: string, payload?: unknown) =>
  app.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });
const codeOf = (response: { json: () => { error?: { code?: string } } }) => response.json().error?.code;
/** Made on first use, then shared by the cases of one table (sessions live in the database every app here shares). */
const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};

/** The server survived the fault: it still answers its health check. */
async function expectServing(app: TestApp) {
  const health = await app.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
  // A failed AI call may leave the app "degraded" (the built-in providers answer meanwhile), never down.
  expect(health.json()).toMatchObject({ database: { ok: true } });
}

// --- the AI providers: every OpenAI-compatible capability on, against the stand-in or a refused port ---

const standIn = await startOpenAiStandIn();
afterAll(() => standIn.close());
const aiEnv = (baseUrl: string) => ({
  AI_BASE_URL: baseUrl,
  AI_API_KEY: 'sk-test-key',
  AI_CHAT_MODEL: 'stand-in-chat',
  AI_IMAGE_MODEL: 'stand-in-image',
  AI_TRANSCRIBE_MODEL: 'stand-in-whisper',
  AI_TIMEOUT_SECONDS: '1',
  AI_IMAGE_TIMEOUT_SECONDS: '1',
  RATE_LIMIT_GENERATION_MAX: '1000',
  RATE_LIMIT_CHAT_MAX: '1000',
});
const ai = await createTestApp(aiEnv(standIn.baseUrl));
const aiRefused = await createTestApp(aiEnv(`${refusedUrl}/v1`));

const memoriesOf = (app: TestApp, userId: string) => app.db.select().from(souvenirs).where(eq(souvenirs.userId, userId));
const keysOf = (app: TestApp, userId: string) => app.db.select({ status: generations.status }).from(generations).where(eq(generations.userId, userId));
/** The person's files in the local storage folder. */
const localFilesOf = (app: TestApp, userId: string) => {
  const folder = path.join(app.dataDir, 'files', 'memories', userId);
  return existsSync(folder) ? readdirSync(folder).sort() : [];
};
/** Today's generation limit info as the chat screen reads it. */
const generationInfoOf = async (app: TestApp, cookie: string) =>
  (await app.app.inject({ method: 'GET', url: '/api/chat/status?language=en', headers: { cookie } })).json().generation as {
    remaining: number;
    limit: number;
    canGenerate: boolean;
  };

// --- the storage bucket (S3-compatible), Stripe and the mail server: a stand-in each, and a refused port ---

const s3 = await startS3StandIn({ bucket: 'souvenir-faults' });
afterAll(() => s3.close());
// A bucket that never answers is given up quickly (the default is 30 s a call, three attempts).
const bucketOptions = (endpoint: string) => s3.storageOptions({ endpoint, requestTimeoutMs: 300 });
const onBucket = await createTestApp({ RATE_LIMIT_GENERATION_MAX: '1000' }, { storage: createS3Storage(bucketOptions(s3.endpoint)) });
const onRefusedBucket = await createTestApp({ RATE_LIMIT_GENERATION_MAX: '1000' }, { storage: createS3Storage(bucketOptions(refusedUrl)) });

const stripe = await startStripeStandIn();
afterAll(() => stripe.close());
const webhookSecret = 'whsec_faults123';
const stripeEnv = (apiUrl: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_faults123',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_PRICE_ID_EN: 'price_faultsEn',
  STRIPE_PRICE_ID_FR: 'price_faultsFr',
  STRIPE_API_URL: apiUrl,
  // One call gives up after 1 s (retried once): a Stripe that never answers is bounded.
  STRIPE_TIMEOUT_SECONDS: '1',
});
const withStripe = await createTestApp(stripeEnv(stripe.baseUrl));
const stripeRefused = await createTestApp(stripeEnv(refusedUrl));

const mailbox = await startMailbox();
afterAll(() => mailbox.stop());
// Query parameters of SMTP_URL become nodemailer's options: a silent server is given up after 2 s.
const smtpUrl = (port: number) => `smtp://127.0.0.1:${port}?connectionTimeout=2000&greetingTimeout=2000&socketTimeout=2000`;
const withSmtp = await createTestApp({ SMTP_URL: smtpUrl(mailbox.port), MAIL_FROM: 'Souvenir <hello@souvenir.test>' });
const smtpRefused = await createTestApp({ SMTP_URL: smtpUrl(refused), MAIL_FROM: 'Souvenir <hello@souvenir.test>' });

describe('chat provider faults', () => {
  it('has the built-in companion answer when the chat API refuses the connection', async () => {
    const user = await createUser(aiRefused);
    const response = await postChatReply(aiRefused, user.cookie, buildChatRequest());
    expect(response.statusCode).toBe(200);
    const events = eventsOf(response.body);
    expect(events[0]).toEqual({ type: 'standIn', reason: 'provider-failed' });
    expect(events.at(-1)).toEqual({ type: 'done' });
    expect(aiRefused.logs.join('')).toContain('"reason":"network"');
    await expectServing(aiRefused);
  });

  it('ends the stream with a CHAT_PROVIDER_FAILED event when the chat API falls silent mid-stream', async () => {
    const user = await createUser(ai);
    standIn.behave('trickle');
    try {
      const response = await postChatReply(ai, user.cookie, buildChatRequest());
      expect(response.statusCode).toBe(200);
      const events = eventsOf(response.body);
      expect(events[0]).toMatchObject({ type: 'delta' });
      expect(events.at(-1)).toEqual({ type: 'error', code: 'CHAT_PROVIDER_FAILED' });
      expect(ai.logs.join('')).toContain('"reason":"timeout"');
    } finally {
      standIn.behave('stream');
    }
    await expectServing(ai);
  });
});

describe('generation: text and image faults end in the specification’s fallbacks, one memory and one slot', () => {
  interface ProviderFault {
    name: string;
    app: TestApp;
    text: TextBehaviour;
    image: ImageBehaviour;
    /** What the chat screen is told: the outcome picks the person's message, errorDetails is appended to it. */
    answer: { outcome: string; errorDetails: string | null; textFallback: boolean };
  }
  const faults: ProviderFault[] = [
    { name: 'the text API breaks off mid-body', app: ai, text: 'break', image: 'b64', answer: { outcome: 'created', errorDetails: null, textFallback: true } },
    {
      name: 'the image API breaks off mid-body',
      app: ai,
      text: 'json',
      image: 'break',
      answer: { outcome: 'fallback', errorDetails: 'the image service could not be reached', textFallback: false },
    },
    {
      name: 'the image’s address never answers the download',
      app: ai,
      text: 'json',
      image: 'url-hang',
      answer: { outcome: 'fallback', errorDetails: 'the image download took too long', textFallback: false },
    },
    {
      name: 'the image’s download breaks off mid-body',
      app: ai,
      text: 'json',
      image: 'url-break',
      answer: { outcome: 'fallback', errorDetails: 'the image could not be downloaded', textFallback: false },
    },
    {
      name: 'the text and image APIs refuse the connection',
      app: aiRefused,
      text: 'json',
      image: 'b64',
      answer: { outcome: 'fallback', errorDetails: 'the image service could not be reached', textFallback: true },
    },
  ];

  it.each(faults)('$name', async ({ app, text, image, answer }) => {
    standIn.behaveText(text);
    standIn.behaveImages(image);
    try {
      const user = await createUser(app);
      const response = await postGeneration(app, user.cookie, buildGenerationRequest());
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({ ...answer, generation: { remaining: 0, limit: 1, canGenerate: false } });

      // Exactly one memory, its key done, its image and thumbnail the only files, one slot used.
      const [memory, ...others] = await memoriesOf(app, user.id);
      expect(others).toEqual([]);
      expect(memory!.id).toBe(body.memoryId);
      const file = path.basename(memory!.imageUrl);
      // The artwork, its thumbnail and its WebP renditions no wider than itself (docs/decisions/0075-artwork-renditions.md).
      const files = localFilesOf(app, user.id);
      expect(files).toEqual(expect.arrayContaining([file, file.replace(/\.[a-z]+$/, '.thumb.webp')]));
      expect(files.every((stored) => derivedKeysOf(file).includes(stored))).toBe(true);
      expect(await keysOf(app, user.id)).toEqual([{ status: 'done' }]);
      expect(await generationInfoOf(app, user.cookie)).toEqual({ remaining: 0, limit: 1, canGenerate: false });
      // The fallback title, reflection and the offline image prompt when the texts fail ...
      if (answer.textFallback) {
        expect(memory!.title).toBe('Conversation with Mira');
        expect(memory!.prompt).toContain('The day’s mood:');
      } else {
        expect(memory!.title).toBe(standIn.memory.title);
      }
      // ... and the default artwork (the offline renderer's 1024×1024 PNG) when the image fails.
      const stored = await sharp(readFileSync(storedFileOf(app, memory!.imageUrl))).metadata();
      if (answer.outcome === 'fallback') expect(stored).toMatchObject({ format: 'png', width: 1024, height: 1024 });
      else expect(stored).toMatchObject({ width: 64, height: 64 });
    } finally {
      standIn.behaveText('json');
      standIn.behaveImages('b64');
    }
    await expectServing(app);
  });
});

describe('generation: a memory that cannot be stored gives everything back (MEMORY_CREATE_FAILED)', () => {
  const objectsOf = (userId: string) => [...s3.objects.keys()].filter((key) => key.startsWith(`memories/${userId}/`));

  const faults = [
    { name: 'the bucket answers 500', app: onBucket, behaviour: 'error' as const },
    { name: 'the bucket never answers', app: onBucket, behaviour: 'hang' as const },
    { name: 'the bucket refuses the connection', app: onRefusedBucket, behaviour: 'ok' as const },
  ];

  it.each(faults)('$name: no memory, no slot used, no object; the same attempt works once the bucket does', async ({ app, behaviour }) => {
    const user = await createUser(app);
    const key = randomUUID();
    s3.behave(behaviour);
    try {
      const response = await postGeneration(app, user.cookie, buildGenerationRequest(), key);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ error: { code: 'MEMORY_CREATE_FAILED', message: 'Error creating visual memory.' } });
    } finally {
      s3.behave('ok');
    }
    expect(await memoriesOf(app, user.id)).toEqual([]);
    expect(objectsOf(user.id)).toEqual([]);
    expect(await keysOf(app, user.id)).toEqual([{ status: 'failed' }]);
    expect(await generationInfoOf(app, user.cookie)).toEqual({ remaining: 1, limit: 1, canGenerate: true });
    await expectServing(app);

    // Nothing was consumed: the same attempt, once the bucket answers, makes the memory.
    const retry = await postGeneration(onBucket, user.cookie, buildGenerationRequest(), key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(objectsOf(user.id)).toHaveLength(derivedKeysOf('x.png').length);
  });
});

describe('transcription faults', () => {
  it.each([
    { name: 'refuses the connection', app: aiRefused, behaviour: 'ok' as const, reason: 'network' },
    { name: 'breaks off mid-body', app: ai, behaviour: 'break' as const, reason: 'network' },
  ])('answers TRANSCRIPTION_FAILED ("Transcription error") when the API $name', async ({ app, behaviour, reason }) => {
    const user = await createUser(app);
    standIn.behaveTranscription(behaviour);
    try {
      const response = await postTranscribe(app, user.cookie, { audio: webmRecording() });
      expect(response.statusCode).toBe(502);
      expect(codeOf(response)).toBe('TRANSCRIPTION_FAILED');
      expect(app.logs.join('')).toContain(`"reason":"${reason}"`);
    } finally {
      standIn.behaveTranscription('ok');
    }
    await expectServing(app);
  });
});

describe('billing faults', () => {
  const signer = new Stripe('sk_test_signer');

  /** Delivers a checkout.session.completed event as Stripe would (signed); the same `id` is a redelivery. */
  const deliverCompleted = (app: TestApp, userId: string, id = `evt_${randomBytes(8).toString('hex')}`) => {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'cs_test_faults',
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: userId,
          customer: `cus_${userId.slice(0, 8)}`,
          subscription: `sub_${userId.slice(0, 8)}`,
          payment_status: 'paid',
          metadata: { userId },
        },
      },
    });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    return app.app.inject({ method: 'POST', url: '/api/billing/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
  };
  const subscriptionOf = async (app: TestApp, userId: string) => (await app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0] ?? null;

  const faults: { name: string; app: TestApp; behaviour: StripeBehaviour }[] = [
    { name: 'answers 500', app: withStripe, behaviour: 'error' },
    { name: 'never answers', app: withStripe, behaviour: 'hang' },
    { name: 'breaks off mid-body', app: withStripe, behaviour: 'break' },
    { name: 'refuses the connection', app: stripeRefused, behaviour: 'ok' },
  ];

  // The same three people meet every fault: after each, nothing about them may have changed.
  const stripePeople = once(async () => {
    const [newcomer, subscriber, leaving] = [await createUser(withStripe, { admin: false }), await createUser(withStripe, { admin: false }), await createUser(withStripe, { admin: false })];
    for (const person of [subscriber, leaving]) expect((await deliverCompleted(withStripe, person.id)).statusCode).toBe(200);
    return { newcomer, subscriber, leaving };
  });

  it.each(faults)('when Stripe $name: checkout, portal and account erasure answer PAYMENT_PROVIDER_FAILED and change nothing', async ({ app, behaviour }) => {
    const { newcomer, subscriber, leaving } = await stripePeople();

    stripe.behave(behaviour);
    let answers;
    try {
      answers = await Promise.all([
        call(app, 'POST', '/api/billing/checkout', newcomer.cookie, { language: 'en' }),
        call(app, 'POST', '/api/billing/portal', subscriber.cookie, { language: 'fr' }),
        call(app, 'DELETE', '/api/me', leaving.cookie, { confirm: true }),
      ]);
    } finally {
      stripe.behave('ok');
    }
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(502);
      // The pricing page shows errors.PAYMENT_PROVIDER_FAILED: "The payment service didn't answer…"
      expect(codeOf(answer)).toBe('PAYMENT_PROVIDER_FAILED');
    }
    // Nothing changed: no subscription appeared, the subscriber's is intact, the account was not erased.
    expect(await subscriptionOf(app, newcomer.id)).toBeNull();
    expect(await subscriptionOf(app, subscriber.id)).toMatchObject({ status: 'active' });
    expect((await call(app, 'GET', '/api/me', leaving.cookie)).statusCode).toBe(200);
    expect(await subscriptionOf(app, leaving.id)).toMatchObject({ status: 'active' });
    await expectServing(app);
  });

  it('leaves no half-applied event when applying it fails, so Stripe’s redelivery applies it', async () => {
    const user = await createUser(withStripe, { admin: false });
    const eventId = `evt_${randomBytes(8).toString('hex')}`;
    // Writing this person's subscription fails (a constraint no row of theirs can meet).
    const constraint = `refuse_${randomBytes(4).toString('hex')}`;
    await withStripe.db.execute(sql.raw(`alter table subscriptions add constraint ${constraint} check (user_id <> '${user.id}') not valid`));
    try {
      const failed = await deliverCompleted(withStripe, user.id, eventId);
      // Not 2xx: Stripe delivers the event again later.
      expect(failed.statusCode).toBe(500);
      expect(codeOf(failed)).toBe('INTERNAL');
    } finally {
      await withStripe.db.execute(sql.raw(`alter table subscriptions drop constraint ${constraint}`));
    }
    expect(await withStripe.db.select().from(billingEvents).where(eq(billingEvents.id, eventId))).toEqual([]);
    expect(await subscriptionOf(withStripe, user.id)).toBeNull();
    await expectServing(withStripe);

    const redelivered = await deliverCompleted(withStripe, user.id, eventId);
    expect(redelivered.statusCode).toBe(200);
    expect(await subscriptionOf(withStripe, user.id)).toMatchObject({ status: 'active' });
    expect((await call(withStripe, 'GET', '/api/billing/status', user.cookie)).json()).toMatchObject({ hasActiveSubscription: true });
  });
});

describe('mail faults', () => {
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const profileOf = async (app: TestApp, id: string) => (await app.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;

  const faults: { name: string; app: TestApp; behaviour: MailboxBehaviour }[] = [
    { name: 'refuses every recipient (550)', app: withSmtp, behaviour: 'reject' },
    { name: 'fails the message (451)', app: withSmtp, behaviour: 'fail' },
    { name: 'never answers', app: withSmtp, behaviour: 'hang' },
    { name: 'refuses the connection', app: smtpRefused, behaviour: 'ok' },
  ];

  // The same people meet every fault (a reminder that failed is not marked, so they are reminded anew each time).
  const mailPeople = once(async () => ({
    admin: await createUser(withSmtp, { admin: true }),
    requester: await createUser(withSmtp, { admin: false }),
    forgetful: await createUser(withSmtp, { admin: false }),
    inactive: await createUser(withSmtp, { admin: false }),
    remindedByHand: await createUser(withSmtp, { admin: false }),
  }));

  it('answers a password reset and a sign-up while the mail server is still silent, so their timing tells nothing', async () => {
    const { forgetful } = await mailPeople();
    // Making the people sent their verification e-mails in the background too: let those leave first.
    await withSmtp.app.backgroundTasks.settled();
    mailbox.behave('hang');
    try {
      const reset = await withSmtp.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: forgetful.email, redirectTo: '/auth/reset-password' },
      });
      expect(reset.statusCode).toBe(200);
      const signedUp = await signUp(withSmtp, buildUserInput());
      expect(signedUp.statusCode).toBe(200);
      // Both e-mails are still waiting on the silent server: the answers did not wait for them.
      expect(withSmtp.app.backgroundTasks.pending()).toBe(2);
      await withSmtp.app.backgroundTasks.settled();
    } finally {
      mailbox.behave('ok');
    }
    expect(withSmtp.app.backgroundTasks.pending()).toBe(0);
    await expectServing(withSmtp);
  });

  it.each(faults)('when the mail server $name, every e-mail says so or is documented as best-effort, and nothing is half done', async ({ app, behaviour }) => {
    const { admin, requester, forgetful, inactive, remindedByHand } = await mailPeople();
    const setLastChat = (day: string) => app.db.update(profiles).set({ lastChatDate: day }).where(eq(profiles.id, inactive.id));
    await setLastChat(daysAgo(30));
    const ticket = (await call(app, 'POST', '/api/support/tickets', requester.cookie, { subject: 'Where is it?', message: 'I cannot find my memory of yesterday.' })).json();
    const newcomer = buildUserInput();
    const before = mailbox.messages.length;

    mailbox.behave(behaviour);
    let answers;
    try {
      answers = await Promise.all([
        signUp(app, newcomer),
        app.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: forgetful.email, redirectTo: '/auth/reset-password' } }),
        call(app, 'POST', `/api/admin/support/tickets/${ticket.id}/response`, admin.cookie, { response: 'It is back in your gallery.' }),
        call(app, 'POST', '/api/admin/reminders/single', admin.cookie, { email: remindedByHand.email }),
        call(app, 'POST', '/api/admin/reminders/bulk', admin.cookie, { days: 7 }),
        call(app, 'POST', '/api/admin/email/test', admin.cookie, { to: 'friend@example.test', subject: 'Through a broken server' }),
      ]);
      // Account e-mails leave after the answer: wait for them to meet the broken server too.
      await app.app.backgroundTasks.settled();
    } finally {
      mailbox.behave('ok');
    }
    const [signedUp, reset, answered, single, bulk, test] = answers;
    expect(mailbox.messages.length).toBe(before);

    // Account e-mails are best-effort (the account action stands; the person asks again): sign-up
    // succeeds ("Registration successful! Please check your email…") and the reset request answers as always.
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    expect((await app.db.select().from(users).where(eq(users.email, newcomer.email)))[0]).toMatchObject({ emailVerified: false });
    expect(reset.statusCode).toBe(200);
    // The answer is saved and shown on the person's Support page; `notified` tells the administrator no e-mail left.
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ notified: false, ticket: { status: 'answered', adminResponse: 'It is back in your gallery.' } });
    expect((await call(app, 'GET', '/api/support/tickets', requester.cookie)).json().items[0]).toMatchObject({ status: 'answered' });
    // The administrator's tools say so: "Failed to send reminder email", "Failed to send {n} reminder emails", "Failed to send email".
    expect(single.statusCode).toBe(502);
    expect(codeOf(single)).toBe('MAIL_SEND_FAILED');
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json()).toEqual({ candidates: 1, sent: 0, failed: 1 });
    expect(test.statusCode).toBe(502);
    expect(codeOf(test)).toBe('MAIL_SEND_FAILED');
    // A reminder that did not leave is not counted as sent: the next run tries that person again.
    expect((await profileOf(app, inactive.id)).lastRemindedAt).toBeNull();
    expect((await profileOf(app, remindedByHand.id)).lastRemindedAt).toBeNull();
    await expectServing(app);
    // Active again, so that the next case's bulk run only meets its own inactive person.
    await setLastChat(daysAgo(0));

    // Once mail works again, the newcomer gets a verification e-mail by trying to sign in.
    if (app === withSmtp) {
      const early = await signIn(app, newcomer.email, newcomer.password);
      expect(early.statusCode).toBe(403);
      expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
      expect((await mailbox.waitForMessage(newcomer.email, { subjectIncludes: 'Confirm your e-mail address' })).text).toContain(newcomer.firstName);
    }
  });
});

describe('generations cut short by a stopped process (docs/decisions/0028)', () => {
  const repository = createGenerationRepository(ai.db);
  const { staleAfterMs } = loadConfig({}).generation;
  /** A generation started at `startedAt` by a process that then died: its key running, its slot reserved. */
  async function interrupted(userId: string, startedAt: Date) {
    const key = randomUUID();
    expect(await repository.start({ key, userId, startedAt, staleBefore: new Date(startedAt.getTime() - staleAfterMs), limit: 1 })).toBe('reserved');
    expect(await generationCounterOf(ai, userId)).toEqual({ count: 1, day: reservedDayOf(startedAt) });
    return key;
  }

  it('waits longer than any generation can run before it takes one as dead', () => {
    expect(staleAfterMs).toBe(10 * 60_000);
    const slow = loadConfig({ AI_TIMEOUT_SECONDS: '600', AI_IMAGE_TIMEOUT_SECONDS: '600' }).generation.staleAfterMs;
    expect(slow).toBeGreaterThan((2 * 600 + 2 * 600) * 1000);
  });

  it('gives back the slot of one running longer than a generation can take, and lets its key run again', async () => {
    const user = await createUser(ai);
    const startedAt = new Date(Date.now() - staleAfterMs - 60_000);
    const key = await interrupted(user.id, startedAt);
    // One that just started is left alone (another process sharing the database may be running it).
    const fresh = await createUser(ai);
    await interrupted(fresh.id, new Date());

    // The app's own sweep (every minute) may get there first; either way the outcome is the same.
    await repository.recoverInterrupted(new Date(Date.now() - staleAfterMs));
    expect(await generationCounterOf(ai, user.id)).toEqual({ count: 0, day: reservedDayOf(startedAt) });
    expect(await keysOf(ai, user.id)).toEqual([{ status: 'failed' }]);
    expect(await keysOf(ai, fresh.id)).toEqual([{ status: 'running' }]);
    expect((await generationCounterOf(ai, fresh.id)).count).toBe(1);

    // The person's retry of that attempt makes the memory, counting one slot.
    const retry = await postGeneration(ai, user.cookie, buildGenerationRequest(), key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(await generationInfoOf(ai, user.cookie)).toEqual({ remaining: 0, limit: 1, canGenerate: false });
  });

  it('recovers a dead attempt when its key is tried again, without waiting for the sweep', async () => {
    const user = await createUser(ai);
    const key = await interrupted(user.id, new Date(Date.now() - staleAfterMs - 60_000));
    const retry = await postGeneration(ai, user.cookie, buildGenerationRequest(), key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(await generationInfoOf(ai, user.cookie)).toEqual({ remaining: 0, limit: 1, canGenerate: false });
    expect(await memoriesOf(ai, user.id)).toHaveLength(1);
  });

  it('at start, recovers every running generation on PGlite (this process owns its folder), only dead ones on PostgreSQL', async () => {
    const user = await createUser(ai);
    await interrupted(user.id, new Date());
    const restarted = await createTestApp(aiEnv(standIn.baseUrl));
    const pglite = process.env.TEST_DB !== 'postgres';
    expect(await keysOf(restarted, user.id)).toEqual([{ status: pglite ? 'failed' : 'running' }]);
    expect(await generationInfoOf(restarted, user.cookie)).toEqual(
      pglite ? { remaining: 1, limit: 1, canGenerate: true } : { remaining: 0, limit: 1, canGenerate: false },
    );
    if (pglite) expect(restarted.logs.join('')).toContain('generations interrupted by a stopped process');
  });

  it('never finishes an attempt taken as dead meanwhile: its memory is not saved and its slot not given back twice', async () => {
    const user = await createUser(ai);
    const key = randomUUID();
    // Two a day, one already used today: giving the slot back twice would show as 0. Free access: without
    // it, a slot taken today before any journaled day is another request still making the free first memory.
    await setDailyLimit(ai, 2);
    const today = new Date().toISOString().slice(0, 10);
    await ai.db.update(profiles).set({ freeAccess: true, imageGenerationCount: 1, lastImageGenerationDate: today }).where(eq(profiles.id, user.id));
    standIn.behaveImages('hang');
    try {
      const pending = postGeneration(ai, user.cookie, buildGenerationRequest(), key);
      await expect.poll(async () => (await keysOf(ai, user.id)).map((k) => k.status), { timeout: 10_000 }).toEqual(['running']);
      // Another process's sweep decides this attempt is dead (as if it had run for too long).
      expect(await repository.recoverInterrupted(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
      const response = await pending;
      expect(response.statusCode).toBe(500);
      expect(codeOf(response)).toBe('MEMORY_CREATE_FAILED');
    } finally {
      standIn.behaveImages('b64');
      await setDailyLimit(ai, 1);
    }
    expect(await memoriesOf(ai, user.id)).toEqual([]);
    expect(localFilesOf(ai, user.id)).toEqual([]);
    expect(await generationCounterOf(ai, user.id)).toEqual({ count: 1, day: today });
  });
});
