import type { MeResponse, ProfileUpdateInput, WelcomeBackInput } from '@shared/contracts/me';
import { AVATAR_SIZE_PX } from '@shared/limits';
import { isSafetyCountry, type SafetyCountry } from '@shared/safety';
import { LANGUAGES, type Language } from '@shared/limits';
import type { FastifyBaseLogger } from 'fastify';
import { FILES_URL_PREFIX } from '../../providers/storage/keys';
import type { FilesService } from '../files/service';
import { AppError } from '../../app-error';
import type { ProfileRepository, ProfileRow } from './repository';

export type { ProfileRow } from './repository';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
  name: string;
}

export const toLanguage = (value: unknown): Language =>
  LANGUAGES.includes(value as Language) ? (value as Language) : 'en';

export function createProfileService(deps: {
  profiles: ProfileRepository;
  adminEmails: string[];
  files: FilesService;
  /** No e-mail can verify an address here: a listed address proves itself with the setup code from the log. */
  adminSetupByCode?: boolean;
}) {
  const { profiles, adminEmails, files } = deps;

  const isListedAdmin = (email: string) => adminEmails.includes(email.trim().toLowerCase());
  /**
   * Administrators: the profile flag (the first account, or a setup code used), or an address listed in
   * ADMIN_EMAILS once it is verified — by its e-mail link, or by a single sign-on provider that says so.
   * Listed but unverified grants nothing: anyone could register that address first. Decided here only.
   */
  const isAdmin = (user: Pick<SessionUser, 'email' | 'emailVerified'>, row: ProfileRow) => row.isAdmin || (user.emailVerified && isListedAdmin(user.email));

  /** Only pictures this person uploaded are ever removed: `/files/avatars/<their id>/…`. */
  const ownAvatarKey = (userId: string, url: string | null) => {
    const prefix = `${FILES_URL_PREFIX}avatars/${userId}/`;
    return url?.startsWith(prefix) ? url.slice(FILES_URL_PREFIX.length) : null;
  };

  const discardOwnAvatar = async (userId: string, url: string | null, log: FastifyBaseLogger) => {
    const key = ownAvatarKey(userId, url);
    if (!key) return;
    try {
      await files.discard(key);
    } catch (error) {
      log.warn({ err: error, key }, 'previous avatar file could not be removed');
    }
  };

  async function getMe(user: SessionUser): Promise<MeResponse> {
    const row = await requireProfile(user.id);
    const admin = isAdmin(user, row);
    return {
      user: { id: user.id, email: user.email, emailVerified: user.emailVerified, image: user.image ?? null },
      profile: {
        id: row.id,
        firstName: row.firstName,
        avatarUrl: row.avatarUrl,
        defaultLanguage: toLanguage(row.defaultLanguage),
        gender: row.gender,
        isAdmin: admin,
        sessionCount: row.sessionCount,
        country: isSafetyCountry(row.country) ? row.country : null,
        // Confidential: only administrators ever receive it.
        ...(admin ? { medicalDiagnosis: row.medicalDiagnosis } : {}),
        ...(!admin && deps.adminSetupByCode && isListedAdmin(user.email) ? { adminSetupCode: true } : {}),
      },
    };
  }

  const requireProfile = async (userId: string) => {
    const row = await profiles.findById(userId);
    if (!row) throw new AppError('NOT_FOUND', 'Profile not found');
    return row;
  };

  return {
    /** A listed address is stored as administrator only when its account arrives verified (single sign-on). */
    async createForUser(user: { id: string; email: string; emailVerified?: boolean; name: string; defaultLanguage?: unknown }) {
      await profiles.insertForUser({
        id: user.id,
        firstName: user.name.trim(),
        defaultLanguage: toLanguage(user.defaultLanguage),
        forceAdmin: user.emailVerified === true && isListedAdmin(user.email),
      });
    },

    isListedAdmin,

    /** Stores the administrator flag (a setup code was used). */
    async grantAdmin(userId: string): Promise<void> {
      if (!(await profiles.setAdmin(userId, true))) throw new AppError('NOT_FOUND', 'Profile not found');
    },

    /** The help panel's country choice; null goes back to the browser's guess. */
    async setCountry(userId: string, country: SafetyCountry | null): Promise<void> {
      await profiles.updateCountry(userId, country);
    },

    async languageOf(userId: string): Promise<Language | null> {
      const row = await profiles.findById(userId);
      return row ? toLanguage(row.defaultLanguage) : null;
    },

    getMe,

    /**
     * The profile form. The confidential medical note is an administrator's field: anyone else
     * sending it is refused and nothing changes; an empty note is stored as none.
     */
    async updateProfile(user: SessionUser, input: ProfileUpdateInput): Promise<MeResponse> {
      const row = await requireProfile(user.id);
      const admin = isAdmin(user, row);
      if (input.medicalDiagnosis !== undefined && !admin) throw new AppError('FORBIDDEN', 'Only administrators keep a medical note.');
      await profiles.updateProfile(user.id, {
        firstName: input.firstName,
        defaultLanguage: input.defaultLanguage,
        gender: input.gender === 'unspecified' ? null : input.gender,
        ...(input.medicalDiagnosis !== undefined ? { medicalDiagnosis: input.medicalDiagnosis || null } : {}),
      });
      return getMe(user);
    },

    /** Stores the new picture, points the profile at it, then removes the previous one's file. */
    async replaceAvatar(userId: string, upload: Buffer, ctx: { log: FastifyBaseLogger }): Promise<{ avatarUrl: string }> {
      await requireProfile(userId);
      const stored = await files.storeAvatar(userId, upload, AVATAR_SIZE_PX);
      const replaced = await profiles.replaceAvatarUrl(userId, stored.url);
      if (!replaced) {
        await files.discard(stored.key);
        throw new AppError('NOT_FOUND', 'Profile not found');
      }
      await discardOwnAvatar(userId, replaced.previous, ctx.log);
      return { avatarUrl: stored.url };
    },

    async removeAvatar(userId: string, ctx: { log: FastifyBaseLogger }): Promise<void> {
      const replaced = await profiles.replaceAvatarUrl(userId, null);
      if (!replaced) throw new AppError('NOT_FOUND', 'Profile not found');
      await discardOwnAvatar(userId, replaced.previous, ctx.log);
    },

    /** The storage key of the person's own uploaded picture, if they have one (account erasure removes it). */
    async avatarKeyOf(userId: string): Promise<string | null> {
      const row = await profiles.findById(userId);
      return row ? ownAvatarKey(userId, row.avatarUrl) : null;
    },

    async isAdmin(user: SessionUser): Promise<boolean> {
      const row = await profiles.findById(user.id);
      return row ? isAdmin(user, row) : false;
    },

    async setLanguage(userId: string, language: Language): Promise<void> {
      await requireProfile(userId);
      await profiles.updateLanguage(userId, language);
    },

    /** Free access, granted by an administrator: counts as an active subscription (billing answers the status). */
    freeAccessOf: (userId: string): Promise<boolean> => profiles.freeAccessOf(userId),

    async setFreeAccess(userId: string, freeAccess: boolean): Promise<void> {
      if (!(await profiles.setFreeAccess(userId, freeAccess))) throw new AppError('NOT_FOUND', 'No such person.');
    },

    /** The whole profile, for the modules that act on the person (chat); NOT_FOUND without one. */
    getProfile: requireProfile,

    /** Whether the companion is told of recent memories, and of the facts the person wrote. */
    async setContinuity(userId: string, settings: { enabled: boolean; factsEnabled: boolean }): Promise<void> {
      const updated = await profiles.updateContinuity(userId, { continuityEnabled: settings.enabled, continuityFactsEnabled: settings.factsEnabled });
      if (!updated) throw new AppError('NOT_FOUND', 'Profile not found');
    },

    /** Whether the home shows a memory from this date a month or a year ago. */
    async setOnThisDay(userId: string, enabled: boolean): Promise<void> {
      if (!(await profiles.updateOnThisDay(userId, enabled))) throw new AppError('NOT_FOUND', 'Profile not found');
    },

    /** Whether the person said "Not now" to keeping their conversations on every device. */
    async setKeepingOfferDeclined(userId: string, declined: boolean): Promise<void> {
      const updated = await profiles.updateKeepingOfferDeclined(userId, declined ? new Date() : null);
      if (!updated) throw new AppError('NOT_FOUND', 'Profile not found');
    },

    /** `day` is the UTC date on which the person last talked with the agent. */
    async recordChatDay(userId: string, day: string): Promise<void> {
      await profiles.updateLastChatDate(userId, day);
    },

    /**
     * A sign-in started a new session (docs/decisions/0008): session_count grows by one.
     * False when the account has no profile (yet).
     */
    async countSignIn(userId: string): Promise<boolean> {
      return profiles.countSession(userId);
    },

    /**
     * The welcome-back modal (docs/decisions/0010-home-main-button-and-welcome-back.md): Save brings the
     * language and maybe a gender, Skip nothing; both count the session. "unspecified" is stored as no gender.
     */
    async welcomeBack(userId: string, input: WelcomeBackInput): Promise<void> {
      const counted = await profiles.countSession(userId, {
        ...(input.language !== undefined ? { language: input.language } : {}),
        ...(input.gender !== undefined ? { gender: input.gender === 'unspecified' ? null : input.gender } : {}),
      });
      if (!counted) throw new AppError('NOT_FOUND', 'Profile not found');
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
