import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../app-error';
import type { ProfileService, SessionUser } from '../profile/service';
import type { AuthRepository } from './repository';

/** How long a printed code can be used: a day, then the next start prints another. */
const SETUP_CODE_TTL_MS = 24 * 60 * 60 * 1000;
/** No 0/O, 1/I/L: a code copied by hand from a log is read back right. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Wrong codes one person may type in a window: with about 79 bits, guessing is hopeless anyway. */
const TRIES = 5;
const TRIES_WINDOW_MS = 15 * 60 * 1000;
const GROUPS = 4;
const GROUP_LENGTH = 4;

const hashOf = (code: string) => createHash('sha256').update(code).digest();
/** What the person typed, as the code was printed: case, spaces and dashes do not matter. */
const normalised = (typed: string) => typed.toUpperCase().replace(/[\s-]+/g, '');

/** 16 letters from 31 (about 79 bits), printed in groups of four. */
function newCode(): string {
  const letters = Array.from({ length: GROUPS * GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]!);
  return Array.from({ length: GROUPS }, (_, group) => letters.slice(group * GROUP_LENGTH, (group + 1) * GROUP_LENGTH).join('')).join('-');
}

/**
 * How an address named in ADMIN_EMAILS proves it belongs to whoever runs the instance, where no e-mail can prove
 * it (the built-in outbox keeps messages in the database instead of sending them). Each start prints a one-time
 * code in the server's log; the person signed in with a listed address types it on their profile and becomes
 * administrator. Only a hash is kept; a code works once, for a day; a wrong one changes nothing.
 * With real e-mail there is no code: the verified address itself is the proof (the profile service's rule).
 */
export function createAdminSetupService(deps: {
  sessions: Pick<AuthRepository, 'storeSetupCode' | 'usableSetupCodes' | 'consumeSetupCode'>;
  profiles: Pick<ProfileService, 'isAdmin' | 'grantAdmin' | 'isListedAdmin'>;
  /** True when ADMIN_EMAILS names someone and e-mail cannot verify them. */
  enabled: boolean;
}) {
  // Wrong codes per person, in this process. Only addresses listed in ADMIN_EMAILS are ever counted, so it stays
  // as small as that list; a form the contract refuses is not a try.
  const failures = new Map<string, { count: number; since: number }>();
  const triesLeft = (userId: string, now: number) => {
    const seen = failures.get(userId);
    return !seen || now - seen.since >= TRIES_WINDOW_MS || seen.count < TRIES;
  };
  const countFailure = (userId: string, now: number) => {
    const seen = failures.get(userId);
    if (!seen || now - seen.since >= TRIES_WINDOW_MS) failures.set(userId, { count: 1, since: now });
    else seen.count += 1;
  };

  return {
    enabled: deps.enabled,

    /** At start: a new code, its hash stored and the code itself written to the log for whoever runs the server. */
    async printCode(log: FastifyBaseLogger, now = new Date()): Promise<void> {
      if (!deps.enabled) return;
      const code = newCode();
      await deps.sessions.storeSetupCode(hashOf(normalised(code)).toString('hex'), new Date(now.getTime() + SETUP_CODE_TTL_MS), now);
      log.warn(
        `Administrator setup code: ${code} — sign in with an address listed in ADMIN_EMAILS and enter it on your profile page. It works once, for 24 hours; without e-mail configured, it is the only way such an address becomes administrator.`,
      );
    },

    /** Makes the signed-in person administrator when `typed` is a code not yet used; anything else changes nothing. */
    async claim(user: SessionUser, typed: string, log: FastifyBaseLogger, now = new Date()): Promise<void> {
      if (!deps.enabled || !deps.profiles.isListedAdmin(user.email)) {
        throw new AppError('FORBIDDEN', 'Only an address listed in ADMIN_EMAILS, on an instance without e-mail, uses a setup code.');
      }
      if (await deps.profiles.isAdmin(user)) return;
      if (!triesLeft(user.id, now.getTime())) throw new AppError('RATE_LIMITED', 'Too many wrong setup codes: wait a quarter of an hour.');
      const typedHash = hashOf(normalised(typed));
      // Each stored hash is compared in constant time; the one that matches is then deleted, and only the
      // request whose delete removed it goes on, so two requests with the same code cannot both use it.
      let match: string | null = null;
      for (const stored of await deps.sessions.usableSetupCodes(now)) {
        const storedHash = Buffer.from(stored, 'hex');
        if (storedHash.length === typedHash.length && timingSafeEqual(storedHash, typedHash)) match = stored;
      }
      if (match === null || !(await deps.sessions.consumeSetupCode(match, now))) {
        countFailure(user.id, now.getTime());
        log.warn({ userId: user.id }, 'refused administrator setup code');
        throw new AppError('ADMIN_SETUP_CODE_INVALID', 'This setup code is not valid: it may have been mistyped, used already, or printed more than a day ago.');
      }
      await deps.profiles.grantAdmin(user.id);
      log.warn({ userId: user.id }, 'administrator rights granted by setup code');
    },
  };
}
export type AdminSetupService = ReturnType<typeof createAdminSetupService>;
