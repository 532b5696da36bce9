import type { PrivacyPolicy } from '@shared/contracts/privacy';
import { PRIVACY_POLICY_EFFECTIVE_DATE, type Language } from '@shared/limits';
import { DEFAULT_PRIVACY_POLICY } from './default-policy';
import type { PrivacyRepository } from './repository';

/** The policy per language: the administrators' text when saved, the built-in one otherwise. */
export function createPrivacyService(deps: { policies: PrivacyRepository; contactEmail: string }) {
  async function get(language: Language): Promise<PrivacyPolicy> {
    const row = await deps.policies.find(language);
    return {
      language,
      content: row?.content ?? DEFAULT_PRIVACY_POLICY[language],
      contactEmail: deps.contactEmail,
      effectiveDate: PRIVACY_POLICY_EFFECTIVE_DATE,
      customised: row !== null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  return {
    get,
    async save(language: Language, content: string, adminId: string): Promise<PrivacyPolicy> {
      await deps.policies.save(language, content, adminId);
      return get(language);
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;
