import { z } from 'zod';
import { CONTINUITY_FACT_MAX, LANGUAGES } from '../limits';

/** What the companion is told of the person's earlier days: only what the server already keeps. */
export const continuityQuerySchema = z.strictObject({ language: z.enum(LANGUAGES).optional() });

export const continuityMemorySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Null for the memory of a hard day: only its date and a gentle note are sent. */
  reflection: z.string().nullable(),
  date: z.string(),
  mood: z.string().nullable(),
  hardDay: z.boolean(),
});

export const continuityFactSchema = z.object({ id: z.string(), text: z.string() });
export type ContinuityFact = z.infer<typeof continuityFactSchema>;

/** GET /api/continuity: the settings, the items, and the exact text the companion receives. */
export const continuitySchema = z.object({
  enabled: z.boolean(),
  factsEnabled: z.boolean(),
  memories: z.array(continuityMemorySchema),
  facts: z.array(continuityFactSchema),
  /** Exactly what is added to the companion's instructions; null when nothing is sent. */
  context: z.string().nullable(),
});
export type Continuity = z.infer<typeof continuitySchema>;

/** PUT /api/continuity */
export const continuitySettingsSchema = z.strictObject({ enabled: z.boolean(), factsEnabled: z.boolean() });
export type ContinuitySettings = z.infer<typeof continuitySettingsSchema>;

/** POST /api/continuity/facts */
export const continuityFactCreateSchema = z.strictObject({
  text: z.string().trim().min(1, 'validation.factRequired').max(CONTINUITY_FACT_MAX, 'validation.factTooLong'),
});

export const continuityItemParamsSchema = z.strictObject({ id: z.uuid() });
