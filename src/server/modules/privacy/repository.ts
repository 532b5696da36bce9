import { eq } from 'drizzle-orm';
import type { Language } from '@shared/limits';
import type { Database } from '../../db/client';
import { privacyPolicies } from '../../db/schema/index';

export function createPrivacyRepository(db: Database) {
  return {
    async find(language: Language) {
      const [row] = await db.select().from(privacyPolicies).where(eq(privacyPolicies.language, language));
      return row ?? null;
    },

    async save(language: Language, content: string, updatedBy: string) {
      const values = { language, content, updatedBy, updatedAt: new Date() };
      const [row] = await db
        .insert(privacyPolicies)
        .values(values)
        .onConflictDoUpdate({ target: privacyPolicies.language, set: { content, updatedBy, updatedAt: values.updatedAt } })
        .returning();
      return row!;
    },
  };
}
export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
