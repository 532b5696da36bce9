import { and, eq } from 'drizzle-orm';
import type { AiCapability, AiPreset, AiSource } from '@shared/contracts/ai';
import type { Database } from '../../db/client';
import { aiProviders } from '../../db/schema/index';

export interface AiProviderRow {
  capability: AiCapability;
  source: AiSource;
  preset: AiPreset | null;
  baseUrl: string | null;
  model: string | null;
  sealedApiKey: string | null;
  updatedAt: Date;
}

// The AI tab's choices, one row per capability (ai_providers).
export function createAiRepository(db: Database) {
  return {
    async list(): Promise<AiProviderRow[]> {
      const rows = await db.select().from(aiProviders);
      return rows.map((row) => ({ ...row, preset: row.preset as AiPreset | null }));
    },

    /** Writes one capability's choice whole, in one statement. */
    async save(row: Omit<AiProviderRow, 'updatedAt'>): Promise<void> {
      const values = { ...row, updatedAt: new Date() };
      await db
        .insert(aiProviders)
        .values(values)
        .onConflictDoUpdate({ target: aiProviders.capability, set: values });
    },

    /** Replaces a sealed key only if it is still the one read: false when the row changed meanwhile. */
    async replaceSealedKey(capability: AiCapability, previous: string, next: string): Promise<boolean> {
      const rows = await db
        .update(aiProviders)
        .set({ sealedApiKey: next })
        .where(and(eq(aiProviders.capability, capability), eq(aiProviders.sealedApiKey, previous)))
        .returning({ capability: aiProviders.capability });
      return rows.length === 1;
    },
  };
}
export type AiRepository = ReturnType<typeof createAiRepository>;
