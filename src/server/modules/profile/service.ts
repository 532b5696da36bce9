import type { MeResponse, WelcomeBackInput } from '@shared/contracts/me';
import { LANGUAGES, type Language } from '@shared/limits';
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

export function createProfileService(deps: { profiles: ProfileRepository; adminEmails: string[] }) {
  const { profiles, adminEmails } = deps;

  /** Administrators: the profile flag, or an address listed in ADMIN_EMAILS. Decided here only. */
  const isAdmin = (email: string, row: ProfileRow) => row.isAdmin || adminEmails.includes(email.toLowerCase());

  const requireProfile = async (userId: string) => {
    const row = await profiles.findById(userId);
    if (!row) throw new AppError('NOT_FOUND', 'Profile not found');
    return row;
  };

  return {
    async createForUser(user: { id: string; email: string; name: string; defaultLanguage?: unknown }) {
      await profiles.insertForUser({
        id: user.id,
        firstName: user.name.trim(),
        defaultLanguage: toLanguage(user.defaultLanguage),
        forceAdmin: adminEmails.includes(user.email.toLowerCase()),
      });
    },

    async languageOf(userId: string): Promise<Language | null> {
      const row = await profiles.findById(userId);
      return row ? toLanguage(row.defaultLanguage) : null;
    },

    async getMe(user: SessionUser): Promise<MeResponse> {
      const row = await requireProfile(user.id);
      const admin = isAdmin(user.email, row);
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
          // Confidential: only administrators ever receive it.
          ...(admin ? { medicalDiagnosis: row.medicalDiagnosis } : {}),
        },
      };
    },

    async isAdmin(user: SessionUser): Promise<boolean> {
      const row = await profiles.findById(user.id);
      return row ? isAdmin(user.email, row) : false;
    },

    async setLanguage(userId: string, language: Language): Promise<void> {
      await requireProfile(userId);
      await profiles.updateLanguage(userId, language);
    },

    /** The whole profile, for the modules that act on the person (chat); NOT_FOUND without one. */
    getProfile: requireProfile,

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
     * The welcome-back modal (spec §2 Home): Save brings the language and maybe a gender, Skip nothing;
     * both count the session. "unspecified" is stored as no gender.
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
