import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getOAuthState } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import { registerSchema } from '@shared/contracts/auth';
import { SSO_PROVIDER_ID } from '@shared/contracts/sign-in';
import type { Database } from '../../db/client';
import { accounts, sessions, users, verifications } from '../../db/schema/index';
import type { MailMessage, MailProvider } from '../../providers/mail/index';
import type { ProfileService } from '../profile/service';
import { toLanguage } from '../profile/service';
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPath } from '../../storable-text';
import { authRequestOrigin } from '../../public-origin';
import { accountEmail } from './emails';

export interface AuthOptions {
  db: Database;
  /** PUBLIC_URL; null: the address of each request (set by the mount in routes.ts). */
  baseUrl: string | null;
  /** Where links point when no request is being answered. */
  fallbackUrl: string;
  trustedOrigins: string[];
  secret: string;
  secure: boolean;
  google: { clientId: string; clientSecret: string } | null;
  /** Single sign-on through an OpenID Connect provider, found by discovery from its issuer. */
  sso: { issuer: string; clientId: string; clientSecret: string } | null;
  /** False when an administrator has turned e-mail and password sign-in off (asked on every such request). */
  passwordSignIn: () => Promise<boolean>;
  mail: MailProvider;
  profiles: ProfileService;
  log: FastifyBaseLogger;
  /** Who may create an account (open, invite-only or closed): asked before every account is made. */
  registration: { admit(email: string, token: string | null): Promise<void> };
  /** Runs a task after the answer is sent (the server waits for them when it closes). */
  background: (task: Promise<void>) => void;
}

/**
 * better-auth endpoints the app never calls: the profile, the account's deletion and sessions' data go through
 * the app's own routes, and Google accounts are only signed in with. Closed (404), so nothing reaches them —
 * update-user, for one, stored a name of any type or length (docs/decisions/0027).
 */
export const CLOSED_AUTH_PATHS = [
  '/update-user',
  '/change-email',
  '/delete-user',
  '/delete-user/callback',
  '/update-session',
  '/verify-password',
  '/link-social',
  '/unlink-account',
  '/list-accounts',
  '/account-info',
  '/refresh-token',
  '/get-access-token',
];

/** What the registration form sends to sign-up: better-auth would quietly take more (`image`, for one). */
const SIGN_UP_KEYS = new Set(['email', 'password', 'name', 'defaultLanguage', 'callbackURL', 'rememberMe', 'invitationToken']);

/** What a password opens: refused while password sign-in is off (single sign-on only). */
const PASSWORD_PATHS = new Set(['/sign-in/email', '/sign-up/email', '/request-password-reset', '/reset-password']);

/** better-auth endpoints that create a session without anyone signing in. */
const NOT_SIGN_INS = new Set(['/change-password']);

export interface HeldLogLine {
  level: 'info' | 'warn' | 'error';
  message: string;
}
/** better-auth's log lines of the request being answered (see `holdAuthLogs`). */
const heldLogs = new AsyncLocalStorage<HeldLogLine[]>();

/**
 * Runs one request through better-auth, holding back what it logs: better-auth logs some refusals of a client's
 * mistake (an unknown provider, a forged OAuth state) as errors, and only the answer's status tells a mistake
 * from a fault. The caller logs the held lines once it knows the status.
 */
export async function holdAuthLogs<T>(run: () => Promise<T>): Promise<{ result: T; held: HeldLogLine[] }> {
  const held: HeldLogLine[] = [];
  const result = await heldLogs.run(held, run);
  return { result, held };
}

/** E-mail verification is required only when e-mails can really reach people (see docs/decisions/0004). */
export const verificationRequired = (mail: MailProvider) => mail.name !== 'outbox';

/** A refused registration, as better-auth answers it (403 with our code). */
function toApiError(error: unknown): never {
  if (error instanceof Error && 'code' in error && (error.code === 'REGISTRATION_CLOSED' || error.code === 'INVITATION_INVALID')) {
    throw new APIError('FORBIDDEN', { code: error.code, message: error.message });
  }
  throw error;
}

export function createAuth(options: AuthOptions) {
  const { mail, profiles, log } = options;

  const send = async (message: MailMessage, kind: string) => {
    const delivery = mail.send(message).catch((error: unknown) => {
      // The account action itself succeeded; the person can ask for the e-mail again.
      log.error({ err: error, kind, provider: mail.name }, 'could not send account e-mail');
    });
    // A mail server may be slow or silent: the answer does not wait for it, so how long a password-reset request
    // takes never tells whether the address has an account (decision 0027). The outbox is a local insert, kept
    // in the request so the message is there when the answer arrives.
    if (mail.name === 'outbox') await delivery;
    else options.background(delivery);
  };
  const originNow = () => options.baseUrl ?? authRequestOrigin.getStore() ?? options.fallbackUrl;
  const languageOf = async (user: { id: string; defaultLanguage?: unknown }) =>
    (await profiles.languageOf(user.id)) ?? toLanguage(user.defaultLanguage);

  return betterAuth({
    appName: 'Souvenir',
    baseURL: options.baseUrl ?? undefined,
    basePath: '/api/auth',
    disabledPaths: CLOSED_AUTH_PATHS,
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      additionalFields: {
        defaultLanguage: { type: 'string', required: false, defaultValue: 'en', input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: verificationRequired(mail),
      // After registering, the person signs in from the sign-in tab: no session is opened for them.
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await send(accountEmail('reset', await languageOf(user), user.email, user.name, url), 'reset');
      },
      onExistingUserSignUp: async ({ user }) => {
        await send(accountEmail('existing', await languageOf(user), user.email, user.name, `${originNow()}/auth`), 'existing');
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        // Whatever page asked for the e-mail, the link brings the person back to the sign-in page.
        const link = new URL(url);
        if ((link.searchParams.get('callbackURL') ?? '/') === '/') link.searchParams.set('callbackURL', '/auth?verified=1');
        await send(accountEmail('verify', await languageOf(user), user.email, user.name, link.toString()), 'verify');
      },
    },
    socialProviders: options.google ? { google: { ...options.google, prompt: 'select_account' } } : {},
    // Any OpenID Connect provider (Authentik, Keycloak, Authelia, Zitadel…), signed in with like Google. An
    // existing account is joined only when the provider says the address is verified, and the account's own
    // address was verified too (better-auth's linking rule, the provider not being "trusted"): an identity
    // provider that lets anyone claim any address cannot take over someone's memories.
    plugins: options.sso
      ? [
          genericOAuth({
            config: [
              {
                providerId: SSO_PROVIDER_ID,
                discoveryUrl: `${options.sso.issuer}/.well-known/openid-configuration`,
                clientId: options.sso.clientId,
                clientSecret: options.sso.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                // Identity comes from the ID token's claims: never from one that was not verified.
                requireIdTokenVerification: true,
              },
            ],
          }),
        ]
      : [],
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      // Kept off: a cached cookie would keep a revoked session valid (https://github.com/better-auth/better-auth/issues/6893).
      cookieCache: { enabled: false },
    },
    // Sign-in and sign-up are throttled by the server's own limiter (plugins/auth-rate-limit.ts),
    // keyed on the client address Fastify trusts.
    rateLimit: { enabled: false },
    // Without PUBLIC_URL the forwarded headers are the mount's own (routes.ts), never the client's.
    advanced: { useSecureCookies: options.secure, database: { joins: true }, trustedProxyHeaders: options.baseUrl === null },
    // Client mistakes (wrong password, bad body) are answered, not logged as errors; server faults are.
    onAPIError: {
      onError: (error) => {
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status >= 500) log.error({ err: error }, '[better-auth] request failed');
        else log.debug({ status }, '[better-auth] request refused');
      },
    },
    logger: {
      level: 'warn',
      log: (level, message) => {
        const held = heldLogs.getStore();
        if (held && level !== 'debug') held.push({ level, message });
        else log[level](`[better-auth] ${message}`);
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // As on the app's own routes (plugins/json-body.ts): text the database cannot keep as sent is refused.
        const unstorable = unstorableTextPath(ctx.body ?? null);
        if (unstorable !== null) throw new APIError('BAD_REQUEST', { code: 'BAD_REQUEST', message: `${UNSTORABLE_TEXT_MESSAGE} (${unstorable})` });
        if (PASSWORD_PATHS.has(ctx.path) && !(await options.passwordSignIn())) {
          throw new APIError('FORBIDDEN', { code: 'PASSWORD_SIGN_IN_OFF', message: 'Password sign-in is off here: sign in with single sign-on.' });
        }
        // Sign-up: the same rules as the web form, with the same translation keys, before better-auth sees the body.
        if (ctx.path !== '/sign-up/email') return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const unknown = Object.keys(body).filter((key) => !SIGN_UP_KEYS.has(key));
        if (unknown.length > 0) {
          const fields = Object.fromEntries(unknown.map((key) => [key, [`Unrecognized key: "${key}"`]]));
          throw new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message: 'The registration form is not valid.', fields });
        }
        const parsed = registerSchema.safeParse({
          email: body.email,
          password: body.password,
          firstName: body.name,
          defaultLanguage: body.defaultLanguage ?? 'en',
        });
        if (!parsed.success) {
          const fields: Record<string, string[]> = {};
          for (const issue of parsed.error.issues) {
            const key = issue.path[0] === 'firstName' ? 'name' : issue.path.join('.');
            (fields[key] ??= []).push(issue.message);
          }
          throw new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message: 'The registration form is not valid.', fields });
        }
        if (body.invitationToken !== undefined && typeof body.invitationToken !== 'string') {
          throw new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message: 'The registration form is not valid.', fields: { invitationToken: ['validation.invitationInvalid'] } });
        }
        // Here, not in the user hook below: better-auth turns a refusal there into its quiet "check your
        // e-mail" answer, and the person must learn that the invitation (not their address) is the problem.
        // ctx.path is the endpoint's own path, so every spelling of the URL that reaches sign-up comes here.
        await options.registration.admit(parsed.data.email, typeof body.invitationToken === 'string' ? body.invitationToken : '').catch(toApiError);
        return { context: { body: { ...body, name: parsed.data.firstName, defaultLanguage: parsed.data.defaultLanguage } } };
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Every other way an account comes to be (an identity provider's first sign-in) passes here: it is
          // admitted by a pending invitation for the address the provider vouches for, a verified one only
          // ('' matches no invitation). A password sign-up was admitted, with its token, before it got here.
          before: async (user, context) => {
            if (context?.path === '/sign-up/email') return;
            await options.registration.admit(user.email, user.emailVerified ? null : '').catch(toApiError);
          },
          after: async (user) => {
            // A first Google sign-in carries the language the person was reading in (additionalData,
            // client-supplied: only ever used as a language preference, validated by toLanguage).
            const oauth = (await getOAuthState().catch(() => null)) as { defaultLanguage?: unknown } | null;
            await profiles.createForUser({ ...user, defaultLanguage: oauth?.defaultLanguage ?? user.defaultLanguage });
          },
        },
      },
      session: {
        create: {
          // Every sign-in (e-mail, Google, the sign-in after verifying an address) creates a session and
          // counts one (docs/decisions/0008). A password change that signs out the other devices also
          // creates one: that is not a sign-in. Counting never fails the sign-in: failures are only logged.
          after: async (session, context) => {
            if (context?.path && NOT_SIGN_INS.has(context.path)) return;
            try {
              if (!(await profiles.countSignIn(session.userId))) log.warn({ path: context?.path }, 'signed in without a profile: session not counted');
            } catch (error) {
              log.error({ err: error }, 'could not count the session');
            }
          },
        },
      },
    },
  });
}
export type Auth = ReturnType<typeof createAuth>;
