import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The AI tab's choice per capability (chat, text, image, transcription). No row: the environment decides.
// The API key is kept sealed (AES-256-GCM, docs/configuration.md "SECRETS_KEY"), never in clear.
export const aiProviders = pgTable(
  'ai_providers',
  {
    capability: text('capability', { enum: ['chat', 'text', 'image', 'transcription'] }).primaryKey(),
    source: text('source', { enum: ['configuration', 'offline', 'openai-compatible', 'local-model'] }).notNull(),
    preset: text('preset'),
    baseUrl: text('base_url'),
    model: text('model'),
    /** `v2.<iv>.<tag>.<ciphertext>` in base64url (`v1.…` from before HKDF until the next start); null without a key. */
    sealedApiKey: text('sealed_api_key'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ai_providers_endpoint_check', sql`${t.source} <> 'openai-compatible' or (${t.baseUrl} is not null and ${t.model} is not null)`),
  ],
);
