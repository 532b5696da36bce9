import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ProviderNames } from '@shared/contracts/system';
import type { Config } from './config';
import { createChangeNotices } from './db/change-notices';
import type { DatabaseHandle } from './db/client';
import { createScheduledClaims } from './db/scheduled-claims';
import { loggerOptions } from './logger';
import { createOriginResolver, isOwnOrigin } from './public-origin';
import { createAuth, verificationRequired } from './modules/auth/auth';
import { createAuthRepository } from './modules/auth/repository';
import { authRoutes } from './modules/auth/routes';
import { createAdminGuard, createSessionReader } from './modules/auth/service';
import { createAdminSetupService } from './modules/auth/admin-setup';
import { adminSetupRoutes } from './modules/auth/admin-setup-routes';
import { backupsRoutes } from './modules/backups/routes';
import { createBackupsService } from './modules/backups/service';
import { createSignInRepository } from './modules/sign-in/repository';
import { signInRoutes } from './modules/sign-in/routes';
import { createSignInService } from './modules/sign-in/service';
import { createInvitationsRepository } from './modules/invitations/repository';
import { invitationsRoutes } from './modules/invitations/routes';
import { createInvitationsService } from './modules/invitations/service';
import { createBillingRepository } from './modules/billing/repository';
import { billingRoutes } from './modules/billing/routes';
import { createBillingService } from './modules/billing/service';
import { createBillingProvider } from './providers/billing/index';
import { createChatRepository } from './modules/chat/repository';
import { chatRoutes } from './modules/chat/routes';
import { createChatService } from './modules/chat/service';
import { createGenerationRepository } from './modules/generation/repository';
import { generationRoutes } from './modules/generation/routes';
import { createGenerationService } from './modules/generation/service';
import { filesRoutes } from './modules/files/routes';
import { createFilesService } from './modules/files/service';
import { createMemoriesRepository } from './modules/memories/repository';
import { memoriesRoutes } from './modules/memories/routes';
import { createMemoriesService } from './modules/memories/service';
import { recollectionRoutes } from './modules/memories/recollection-routes';
import { createBookRepository } from './modules/memories/book-repository';
import { bookRoutes } from './modules/memories/book-routes';
import { createBookService } from './modules/memories/book-service';
import { createOnThisDayService } from './modules/memories/on-this-day-service';
import { sharedPageHead } from './modules/memories/shared-page-head';
import { createExhibitionsRepository } from './modules/exhibitions/repository';
import { exhibitionsRoutes } from './modules/exhibitions/routes';
import { createExhibitionsService } from './modules/exhibitions/service';
import { mailRoutes } from './modules/mail/routes';
import { createMailService } from './modules/mail/service';
import { createProfileRepository } from './modules/profile/repository';
import { profileRoutes } from './modules/profile/routes';
import { createProfileService } from './modules/profile/service';
import { createAiRepository } from './modules/ai/repository';
import { aiRoutes } from './modules/ai/routes';
import { requireReachableAddress } from './modules/ai/address-rule';
import { createLocalModelsService } from './modules/ai/local-models';
import { createAiService } from './modules/ai/service';
import { createAccountRepository } from './modules/account/repository';
import { accountRoutes } from './modules/account/routes';
import { createAccountService } from './modules/account/service';
import { createContinuityRepository } from './modules/continuity/repository';
import { continuityRoutes } from './modules/continuity/routes';
import { createContinuityService } from './modules/continuity/service';
import { createKeepingRepository } from './modules/keeping/repository';
import { keepingRoutes } from './modules/keeping/routes';
import { createKeepingService } from './modules/keeping/service';
import { communityRoutes } from './modules/community/routes';
import { createCommunityService } from './modules/community/service';
import { createPrivacyRepository } from './modules/privacy/repository';
import { privacyRoutes } from './modules/privacy/routes';
import { createPrivacyService } from './modules/privacy/service';
import { createRemindersRepository } from './modules/reminders/repository';
import { remindersRoutes } from './modules/reminders/routes';
import { createRemindersService } from './modules/reminders/service';
import { createSafetyRepository } from './modules/safety/repository';
import { safetyRoutes } from './modules/safety/routes';
import { createSafetyService } from './modules/safety/service';
import { createSettingsRepository } from './modules/settings/repository';
import { settingsRoutes } from './modules/settings/routes';
import { createSettingsService } from './modules/settings/service';
import { createSupportRepository } from './modules/support/repository';
import { supportRoutes } from './modules/support/routes';
import { createSupportService } from './modules/support/service';
import { systemRoutes } from './modules/system/routes';
import { errorHandlerPlugin, frameworkErrorReply } from './plugins/error-handler';
import { jsonBodyPlugin } from './plugins/json-body';
import { storableParamsPlugin } from './plugins/storable-params';
import { securityPlugin } from './plugins/security';
import { createPageRenderer } from './plugins/page-render';
import { dropEndedRateLimitWindows, postgresRateLimitStore } from './plugins/shared-rate-limit';
import { webAppPlugin } from './plugins/web-app';
import { generativeArt } from './providers/image/index';
import { createMailProvider, type MailProvider } from './providers/mail/index';
import { createArchiveStore, createStorageProvider, type StorageProvider } from './providers/storage/index';
import { createLocalModelRuntime, type LocalModelStatus } from './providers/local-model/runtime';
import { createOfflineExtractor } from './providers/text/offline-extractor';
import { FILES_URL_PREFIX } from './providers/storage/keys';
import { createSecretBox, resolveSecretsKey } from './secret-box';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app answers (method and URL pattern, HEAD aside), in registration order. */
    routeList: ReadonlyArray<{ method: string; url: string }>;
    /** Work left running after an answer (account e-mails through SMTP): how much, and waiting for all of it. */
    backgroundTasks: { pending(): number; settled(): Promise<void> };
    /** The scheduled reminders' check: resolves once a check that starts after the call has finished. */
    reminderSchedule: { nextCheck(): Promise<void> };
    /** A local model file's state, queue and the generations asked of it (counts only, never text). */
    localModel: { status(modelPath: string): LocalModelStatus };
  }
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** The better-auth secret (main.ts reads it from configuration or the data folder). */
  authSecret: string;
  /** Providers chosen from configuration unless a test hands its own. */
  mail?: MailProvider;
  /** Tests hand a storage that fails on purpose (a memory that cannot be stored is not made). */
  storage?: StorageProvider;
  /** Seals the AI tab's API keys (main.ts and tests leave it to SECRETS_KEY or the data folder). */
  secretsKey?: Buffer;
  /** Where logs go (stdout by default); tests capture them to prove what they never contain. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole application without listening: main.ts listens, tests use app.inject. */
export async function buildApp(deps: AppDependencies) {
  const { config, database } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorReply,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every route the app answers, as registered: the access-control test walks this list, so a new route
  // without an entry in its table fails it.
  const routeList: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeList.push({ method, url: route.url });
  });

  const mail = deps.mail ?? createMailProvider({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
  const storage = deps.storage ?? createStorageProvider({ localDir: path.join(config.dataDir, 'files'), s3: config.storage.s3 });
  const files = createFilesService({ storage, remote: config.storage.migration });
  // Without e-mail nothing can verify an address, so one listed in ADMIN_EMAILS proves itself with a setup code.
  const adminSetupByCode = config.adminEmails.length > 0 && !verificationRequired(mail);
  const profiles = createProfileService({ profiles: createProfileRepository(database.db), adminEmails: config.adminEmails, files, adminSetupByCode });
  // The administrators' settings, read by the chat, generation, billing and community; what the panel
  // shows of the providers is read when asked (`providers` below), since the AI tab can change them.
  const settings = createSettingsService({ settings: createSettingsRepository(database.db), files, providers: () => providers() });
  const running = new Set<Promise<void>>();
  const backgroundTasks = {
    run: (task: Promise<void>) => {
      running.add(task);
      const done = () => void running.delete(task);
      task.then(done, done);
    },
    pending: () => running.size,
    settled: async () => {
      await Promise.allSettled([...running]);
    },
  };
  const originOptions = { publicUrl: config.explicitPublicUrl, fallback: config.publicUrl, trustProxy: config.trustProxy };
  const originOf = createOriginResolver(originOptions);
  const authRepository = createAuthRepository(database.db);
  const invitations = createInvitationsService({
    invitations: createInvitationsRepository(database.db),
    mode: config.registration.mode,
    ttlMs: config.registration.invitationTtlMs,
    adminEmails: config.adminEmails,
    hasAnyUser: () => authRepository.hasAnyUser(),
    mail,
  });
  const signIn = createSignInService({ signIn: createSignInRepository(database.db), settings, sso: config.sso });
  const auth = createAuth({
    db: database.db,
    baseUrl: config.explicitPublicUrl,
    fallbackUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    secret: deps.authSecret,
    secure: config.secure,
    google: config.google,
    sso: config.sso,
    passwordSignIn: signIn.passwordSignIn,
    mail,
    profiles,
    log: app.log,
    background: backgroundTasks.run,
    registration: invitations,
  });
  const session = createSessionReader(auth, authRepository);
  const adminSetup = createAdminSetupService({ sessions: authRepository, profiles, enabled: adminSetupByCode });
  // "Private AI on this server": model files under <DATA_DIR>/models, each run in its own worker thread once
  // used (nothing starts until then), downloaded in the background from addresses the AI tab's rule allows.
  const localRuntime = createLocalModelRuntime({
    dataDir: config.dataDir,
    ...(config.localModel.threads ? { threads: config.localModel.threads } : {}),
    contextSize: config.localModel.contextSize,
    conversations: config.localModel.conversations,
    gpu: config.localModel.gpu,
    checkDownloadUrl: (url) => requireReachableAddress(url, 'url'),
  });
  // Scheduled work, and the model downloads into a data folder several processes may share, are done by one of the
  // processes sharing the database at a time (docs/decisions/0106).
  const claims = createScheduledClaims(database.db);
  const localModels = createLocalModelsService({ runtime: localRuntime, onDownloadDone: () => ai.forget(), claims });
  // Every AI capability is resolved per request: the AI tab's choice, else the environment, else the built-in default.
  const ai = createAiService({
    repository: createAiRepository(database.db),
    box: createSecretBox(deps.secretsKey ?? resolveSecretsKey(config.secretsKey, config.dataDir)),
    config,
    log: app.log,
    local: { runtime: localRuntime, models: localModels },
  });
  const billingRepository = createBillingRepository(database.db);
  // The access mode decides the provider: Stripe, the in-app sandbox, or none on a private instance.
  const payments = createBillingProvider(config.billing, { checkouts: billingRepository });
  const billing = createBillingService({
    billing: billingRepository,
    profiles,
    settings,
    provider: payments.provider,
    defaultPriceIds: config.billing.provider === 'stripe' ? config.billing.priceIds : { en: null, fr: null },
  });
  // The crisis layer stands in front of every chat provider; with an AI provider, the model's judgement
  // may also be asked, briefly, and can only raise the offline verdict (docs/safety.md).
  const safety = createSafetyService({
    referrals: createSafetyRepository(database.db),
    // Half the reply's own limit: the reply's request is started beside the judgement and waits unread until
    // it ends; a judgement allowed the whole limit let the reply's request time out unread, and its stream
    // then never ended.
    judgeTimeoutMs: Math.min(Math.floor(config.chat.timeoutMs / 2), 10_000),
  });
  const memories = createMemoriesService({ memories: createMemoriesRepository(database.db), files, publicUrl: config.publicUrl });
  const continuity = createContinuityService({ continuity: createContinuityRepository(database.db), memories, profiles });
  const keeping = createKeepingService({ keeping: createKeepingRepository(database.db), profiles });
  const chat = createChatService({
    chat: createChatRepository(database.db),
    profiles,
    settings,
    billing,
    providers: ai,
    safety,
    continuity,
    wordDelayMs: config.chat.offlineDelayMs,
  });
  const generation = createGenerationService({
    generations: createGenerationRepository(database.db),
    chat,
    settings,
    safety,
    providers: ai,
    fallbackText: createOfflineExtractor(),
    fallbackImage: generativeArt,
    storage,
    staleAfterMs: config.generation.staleAfterMs,
  });
  const admin = createAdminGuard({ session, profiles });
  const support = createSupportService({ tickets: createSupportRepository(database.db), profiles, mail });
  const privacy = createPrivacyService({ policies: createPrivacyRepository(database.db), contactEmail: config.privacyEmail });
  const community = createCommunityService({ settings });
  // The monthly exhibition's letter is written by the same provider as the memories' words, the offline writer standing in.
  const exhibitions = createExhibitionsService({
    exhibitions: createExhibitionsRepository(database.db),
    memories,
    files,
    settings,
    providers: ai,
    fallbackText: createOfflineExtractor(),
  });
  const accounts = createAccountService({ accounts: createAccountRepository(database.db), profiles, memories, exhibitions, support, files, billing, keeping, chat });

  // The AI capabilities can change while the app runs (the AI tab): read at each question.
  const providers = async (): Promise<ProviderNames> => ({
    ...(await ai.names()),
    billing: config.billing.provider,
    mail: mail.name,
    storage: storage.name,
    googleSignIn: config.google ? 'google' : 'disabled',
  });

  const reminders = createRemindersService({
    reminders: createRemindersRepository(database.db),
    settings,
    mail,
    publicUrl: config.publicUrl,
    secret: deps.authSecret,
  });

  await app.register(errorHandlerPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(storableParamsPlugin);
  await app.register(securityPlugin, {
    isTrustedOrigin: (origin, request) => isOwnOrigin(origin, request, { ...originOptions, trustedOrigins: config.trustedOrigins }, originOf),
    secure: config.secure,
  });
  // With a PostgreSQL server several processes may serve the instance: they count in one place. PGlite is one
  // process by nature, and counts in its memory.
  const sharedCounters = database.driver === 'postgres';
  await app.register(rateLimit, { global: false, ...(sharedCounters ? { store: postgresRateLimitStore(database.db) } : {}) });

  await app.register(authRoutes(auth, { max: config.rateLimit.authMax, windowMs: config.rateLimit.authWindowMs }, originOf));
  await app.register(profileRoutes({ session, profiles, uploadMax: config.rateLimit.uploadMax }));
  await app.register(adminSetupRoutes({ session, adminSetup }));
  await app.register(chatRoutes({ session, chat, rateLimitMax: config.chat.rateLimitMax }));
  await app.register(memoriesRoutes({ session, memories }));
  await app.register(exhibitionsRoutes({ session, exhibitions }));
  await app.register(recollectionRoutes({ session, memories, onThisDay: createOnThisDayService({ memories, profiles }) }));
  await app.register(bookRoutes({ session, books: createBookService({ books: createBookRepository(database.db), files, profiles }), bookMax: config.rateLimit.bookMax }));
  await app.register(generationRoutes({ session, generation, rateLimitMax: config.generation.rateLimitMax }));
  await app.register(settingsRoutes({ admin, session, settings, uploadMax: config.rateLimit.uploadMax }));
  await app.register(mailRoutes({ admin, mail: createMailService({ mail }) }));
  await app.register(remindersRoutes({ admin, reminders, originOf }));
  await app.register(aiRoutes({ admin, ai, local: localModels }));
  await app.register(billingRoutes({ session, admin, billing, webhook: payments.webhook, originOf }));
  await app.register(accountRoutes({ session, accounts, exportMax: config.rateLimit.exportMax }));
  await app.register(keepingRoutes({ session, keeping }));
  await app.register(continuityRoutes({ session, continuity }));
  await app.register(supportRoutes({ session, admin, support, originOf }));
  await app.register(invitationsRoutes({ admin, invitations, originOf }));
  await app.register(signInRoutes({ admin, signIn }));
  // Changes answered here reach the other processes' kept pages, and theirs reach ours.
  const changes = createChangeNotices(database, app.log);
  const backups = createBackupsService({
    claims,
    database,
    storage,
    archives: createArchiveStore({ dir: config.backups.dir, s3: config.storage.s3 }),
    dailyAtMinute: config.backups.dailyAtMinute,
    keep: config.backups.keep,
  });
  await app.register(backupsRoutes({ admin, backups }));
  await app.register(privacyRoutes({ admin, privacy }));
  await app.register(safetyRoutes({ admin, safety }));
  await app.register(communityRoutes({ admin, community }));
  await app.register(filesRoutes({ files }));
  await app.register(
    systemRoutes({
      ping: () => database.ping(),
      driver: database.driver,
      providers,
      failing: () => ai.health.list(),
      publicConfig: async () => ({
        googleSignIn: config.google !== null,
        sso: config.sso ? { label: config.sso.label } : null,
        // An administrator's switch: read at each question.
        passwordSignIn: await signIn.passwordSignIn(),
        emailVerificationRequired: verificationRequired(mail),
        mailProvider: mail.name,
        privacyEmail: config.privacyEmail,
        privacyContactPlaceholder: config.privacyContactPlaceholder,
        registration: config.registration.mode,
        billing: config.billing.provider,
        agentGender: (await settings.agent()).agentGenderFr,
      }),
    }),
  );
  await app.register(webAppPlugin, {
    dir: config.webDistDir,
    enabled: config.serveWeb,
    jsonPrefixes: ['/api/', FILES_URL_PREFIX],
    // Public pages drawn on the server, the signed-in shell with its session state (decision 0038); the pages kept
    // for anonymous visitors are dropped on a change answered here or by another process.
    pages: async () => {
      const drawn = await createPageRenderer(
        app,
        {
          keptPagesUsable: () => changes.hearing(),
          webDir: config.webDistDir,
          ssrEntry: path.join(config.webDistDir, '..', 'ssr', 'entry-server.js'),
          // A shared memory's link previews in messengers: its public fields in the HTML, and never indexed.
          extraHead: async (pathname, _language, request) => {
            // A token is plain hex: anything needing decoding is simply not one (and never throws here).
            const origin = originOf(request);
            // A shared exhibition: previewed like a memory (its first artwork), and never indexed either.
            const exhibition = /^\/shared\/exhibition\/([^/]*)\/?$/.exec(pathname);
            if (exhibition) return sharedPageHead(await exhibitions.previewOf(exhibition[1] ?? ''), `${origin}${pathname}`, origin);
            const match = /^\/shared\/([^/]*)\/?$/.exec(pathname);
            if (!match) return null;
            const token = match[1] ?? '';
              return sharedPageHead(await memories.findShared(token), `${origin}${pathname}`, origin);
          },
        },
        app.log,
      );
      changes.subscribe(() => drawn.invalidate());
      return Object.assign((pathname: string, request: FastifyRequest) => drawn(pathname, request), {
        invalidate: () => {
          drawn.invalidate();
          changes.publish();
        },
      });
    },
  });

  // The scheduled daily reminder run (off until an administrator turns it on): checked every interval,
  // claimed once a UTC day in the database, so several processes never send it twice.
  // Whoever waits for `nextCheck` is told when a check that started after they asked has finished.
  let waitingForCheck: Array<() => void> = [];
  const reminderTimer = setInterval(() => {
    const waiting = waitingForCheck;
    waitingForCheck = [];
    reminders
      .runScheduled(app.log)
      .catch((error: unknown) => app.log.error({ err: error }, 'scheduled reminders failed'))
      .finally(() => waiting.forEach((done) => done()));
  }, config.reminderCheckIntervalMs);
  reminderTimer.unref();
  // Automatic backups: checked every minute (BACKUP_CHECK_INTERVAL_SECONDS), written once a UTC day after their time
  // (BACKUP_TIME) by whichever process claims the day first.
  const backupTimer = setInterval(() => {
    backups.runScheduled(app.log).catch((error: unknown) => app.log.error({ err: error }, 'scheduled backup failed'));
  }, config.backups.checkIntervalMs);
  backupTimer.unref();

  // Generations cut short by a stopped process give their daily slot back (docs/decisions/0028): at start
  // every running one on PGlite (this process alone holds its folder), and then, every minute, any running
  // longer than a generation can take (another process sharing PostgreSQL stopped).
  const recoverGenerations = (everyRunning: boolean) =>
    generation.recoverInterrupted(app.log, { everyRunning }).catch((error: unknown) => app.log.error({ err: error }, 'recovering interrupted generations failed'));
  app.addHook('onReady', async () => {
    await changes.started();
    await adminSetup.printCode(app.log).catch((error: unknown) => app.log.error({ err: error }, 'could not make an administrator setup code'));
    // API keys sealed by an earlier scheme are sealed again with the current one, once.
    await ai.resealStaleKeys(app.log).catch((error: unknown) => app.log.error({ err: error }, 'could not seal stored AI keys again'));
    await recoverGenerations(database.driver === 'pglite');
    // Renditions for memories made before them: in the background, one at a time, never delaying the start, by one
    // process of those sharing the database.
    backgroundTasks.run(
      claims.run('renditions', 'pass', () => memories.makeMissingRenditions(app.log), 'exclusive').then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, 'artwork renditions pass failed'),
      ),
    );
    // Model downloads a stopped server left unfinished continue where they were (HTTP Range).
    await localModels.resume(app.log).catch((error: unknown) => app.log.error({ errorName: error instanceof Error ? error.name : typeof error }, 'resuming model downloads failed'));
  });
  // Housekeeping of what the processes share: ended rate-limit windows and old claims (any process, idempotent).
  const tidy = async () => {
    if (sharedCounters) await dropEndedRateLimitWindows(database.db);
    await claims.dropOld();
  };
  const recoveryTimer = setInterval(() => {
    void recoverGenerations(false);
    tidy().catch((error: unknown) => app.log.warn({ errorName: error instanceof Error ? error.name : typeof error }, 'tidying shared counters failed'));
  }, 60_000);
  recoveryTimer.unref();

  app.addHook('onClose', async () => {
    clearInterval(reminderTimer);
    clearInterval(backupTimer);
    clearInterval(recoveryTimer);
    await changes.close();
    await backgroundTasks.settled();
    await mail.close();
    await storage.close?.();
    await backups.close();
    // Ends the model workers; downloads pause and resume at the next start.
    await localRuntime.close();
    await localModels.close();
  });
  app.decorate('routeList', routeList);
  app.decorate('backgroundTasks', { pending: backgroundTasks.pending, settled: backgroundTasks.settled });
  app.decorate('reminderSchedule', { nextCheck: () => new Promise<void>((resolve) => waitingForCheck.push(resolve)) });
  app.decorate('localModel', { status: (modelPath: string) => localRuntime.status(modelPath) });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
