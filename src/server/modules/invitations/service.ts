import { createHash, randomBytes } from 'node:crypto';
import { isUuid } from '@shared/contracts/id-params';
import type { Invitation, InvitationCreate, InvitationList, InvitationLookup } from '@shared/contracts/invitations';
import { INVITATION_TOKEN_PATTERN } from '@shared/contracts/invitations';
import type { Language } from '@shared/limits';
import { AppError } from '../../app-error';
import type { MailProvider } from '../../providers/mail/index';
import { invitationEmail } from './emails';
import type { InvitationRow, InvitationsRepository } from './repository';

export type RegistrationMode = 'open' | 'invite' | 'closed';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const languageOf = (value: string): Language => (value === 'fr' ? 'fr' : 'en');

function toInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    language: languageOf(row.language),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    status: row.acceptedAt ? 'accepted' : row.expiresAt > now ? 'pending' : 'expired',
  };
}

/**
 * How long the first sign-up of a fresh instance holds its claim: far longer than a sign-up takes, short
 * enough that one which failed after claiming does not keep the instance without an administrator for long.
 */
const FIRST_ACCOUNT_CLAIM_TTL_MS = 60_000;

/** Why an account may not be made; the code is the one the API answers with. */
export class RegistrationRefused extends Error {
  constructor(readonly code: 'REGISTRATION_CLOSED' | 'INVITATION_INVALID') {
    super(code === 'REGISTRATION_CLOSED' ? 'Registration is closed on this instance.' : 'This invitation is not valid: it may have expired, been used, or be for another address.');
    this.name = 'RegistrationRefused';
  }
}

/**
 * Who may create an account: anyone (open), people an administrator invited (invite), or nobody (closed).
 * Whatever the mode, the very first account (it becomes the administrator) and the addresses in ADMIN_EMAILS
 * may always be made, so an instance can never be left without anyone able to run it.
 */
export function createInvitationsService(deps: {
  invitations: InvitationsRepository;
  mode: RegistrationMode;
  ttlMs: number;
  adminEmails: string[];
  hasAnyUser: () => Promise<boolean>;
  mail: MailProvider;
}) {
  const { invitations } = deps;

  return {
    mode: deps.mode,

    /**
     * Called as an account is about to be created, by any route (password sign-up under any path spelling,
     * an identity provider's first sign-in): refuses it, or uses up the invitation that admits it.
     */
    async admit(email: string, token: string | null, now = new Date()): Promise<void> {
      if (deps.mode === 'open') return;
      const address = email.trim().toLowerCase();
      if (deps.adminEmails.includes(address)) return;
      // "No account yet" is true for every sign-up that arrives before the first account is stored: only the
      // one that takes the claim may go on without an invitation.
      if (!(await deps.hasAnyUser()) && (await invitations.claimFirstAccount(now, new Date(now.getTime() - FIRST_ACCOUNT_CLAIM_TTL_MS)))) return;
      if (deps.mode === 'closed') throw new RegistrationRefused('REGISTRATION_CLOSED');
      if (token !== null && !INVITATION_TOKEN_PATTERN.test(token)) throw new RegistrationRefused('INVITATION_INVALID');
      if (!(await invitations.consume(address, token === null ? null : hashOf(token), now))) throw new RegistrationRefused('INVITATION_INVALID');
    },

    async invite(input: InvitationCreate, ctx: { invitedBy: string; origin: string }, now = new Date()): Promise<Invitation> {
      if (deps.mode !== 'invite') throw new AppError('CONFLICT', 'Invitations are used only when REGISTRATION=invite.');
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + deps.ttlMs);
      const row = await invitations.replace({ email: input.email, tokenHash: hashOf(token), language: input.language, invitedBy: ctx.invitedBy, expiresAt });
      // The page opens in the invitation's language (the one its e-mail is written in), not the browser's.
      const url = `${ctx.origin}/auth?tab=register&invitation=${token}&lang=${input.language}`;
      try {
        await deps.mail.send(invitationEmail({ language: input.language, to: input.email, url, expiresAt }));
      } catch {
        // Without its e-mail the invitation reaches nobody: it is withdrawn, and the administrator told.
        await invitations.remove(row.id);
        throw new AppError('MAIL_SEND_FAILED', 'The invitation e-mail could not be sent.');
      }
      return toInvitation(row, now);
    },

    async list(now = new Date()): Promise<InvitationList> {
      return { items: (await invitations.list(200)).map((row) => toInvitation(row, now)) };
    },

    async revoke(id: string): Promise<void> {
      if (!isUuid(id) || !(await invitations.remove(id))) throw new AppError('NOT_FOUND', 'No such invitation.');
    },

    /** What the registration page shows for a link; the same 404 for unknown, used and expired tokens. */
    async lookup(token: string, now = new Date()): Promise<InvitationLookup> {
      const row = deps.mode === 'invite' && INVITATION_TOKEN_PATTERN.test(token) ? await invitations.findUsable(hashOf(token), now) : null;
      if (!row) throw new AppError('NOT_FOUND', 'This invitation is not valid.');
      return { email: row.email, language: languageOf(row.language) };
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
