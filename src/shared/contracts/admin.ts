import { z } from 'zod';
import { AGENT_GENDERS, EMAIL_MAX, REMINDER_DEFAULT_DAYS } from '../limits';
import { providerNamesSchema } from './system';

export const PROMPT_MAX = 20_000;
export const AGENT_NAME_MAX = 60;
export const PRICE_ID_MAX = 200;
export const REMINDER_SUBJECT_MAX = 200;
export const REMINDER_BODY_MAX = 50_000;
export const DAILY_LIMIT_MAX = 1000;
export const REMINDER_DAYS_MAX = 365;

/** Prompts, names, templates: required once trimmed, so an administrator cannot save a blank one. */
const requiredText = (max: number, tooLong: string) =>
  z.string({ error: 'validation.settingRequired' }).trim().min(1, 'validation.settingRequired').max(max, tooLong);
/** Price ids and promotion codes: optional; empty clears. */
const optionalText = (max: number) =>
  z
    .string({ error: 'validation.settingTooLong' })
    .trim()
    .max(max, 'validation.settingTooLong')
    .transform((value) => value || null)
    .nullable();

/** Everything the administrator panel edits in app_settings (its single row), as GET /api/admin/settings answers it. */
export const adminSettingsSchema = z.object({
  chatPrompt: z.string(),
  chatPromptFr: z.string(),
  agentName: z.string(),
  agentNameFr: z.string(),
  /** How French speaks of the agent (its name's grammatical gender). */
  agentGenderFr: z.enum(AGENT_GENDERS),
  agentAvatarUrl: z.string().nullable(),
  imagePrompt: z.string(),
  imagePromptFr: z.string(),
  summaryPrompt: z.string(),
  summaryPromptFr: z.string(),
  imageSize: z.string(),
  imageQuality: z.string(),
  dailyGenerationLimit: z.number().int(),
  priceIdEn: z.string().nullable(),
  priceIdFr: z.string().nullable(),
  promoCodeEn: z.string().nullable(),
  promoCodeFr: z.string().nullable(),
  reminderSubjectEn: z.string(),
  reminderBodyEn: z.string(),
  reminderSubjectFr: z.string(),
  reminderBodyFr: z.string(),
  reminderScheduleEnabled: z.boolean(),
  reminderScheduleDays: z.number().int(),
  reminderLastRunOn: z.string().nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
  /** Which provider each capability uses: read-only, from configuration. */
  providers: providerNamesSchema,
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/**
 * PATCH /api/admin/settings — any subset of the editable fields (each tab sends its own); unknown fields
 * are refused. The chat and generation read settings on every request, so a save takes effect at once.
 */
export const adminSettingsUpdateSchema = z
  .strictObject({
    chatPrompt: requiredText(PROMPT_MAX, 'validation.promptTooLong'),
    chatPromptFr: requiredText(PROMPT_MAX, 'validation.promptTooLong'),
    agentName: requiredText(AGENT_NAME_MAX, 'validation.agentNameTooLong'),
    agentNameFr: requiredText(AGENT_NAME_MAX, 'validation.agentNameTooLong'),
    agentGenderFr: z.enum(AGENT_GENDERS, { error: 'validation.agentGenderInvalid' }),
    imagePrompt: requiredText(PROMPT_MAX, 'validation.promptTooLong'),
    imagePromptFr: requiredText(PROMPT_MAX, 'validation.promptTooLong'),
    summaryPrompt: requiredText(PROMPT_MAX, 'validation.promptTooLong'),
    summaryPromptFr: requiredText(PROMPT_MAX, 'validation.promptTooLong'),
    imageSize: z.string({ error: 'validation.imageSizeInvalid' }).trim().regex(/^(auto|[0-9]{2,5}x[0-9]{2,5})$/, 'validation.imageSizeInvalid'),
    imageQuality: z.enum(['standard', 'hd', 'low', 'medium', 'high', 'auto'], { error: 'validation.imageQualityInvalid' }),
    dailyGenerationLimit: z
      .number({ error: 'validation.dailyLimitInvalid' })
      .int('validation.dailyLimitInvalid')
      .min(0, 'validation.dailyLimitInvalid')
      .max(DAILY_LIMIT_MAX, 'validation.dailyLimitInvalid'),
    priceIdEn: optionalText(PRICE_ID_MAX),
    priceIdFr: optionalText(PRICE_ID_MAX),
    promoCodeEn: optionalText(PRICE_ID_MAX),
    promoCodeFr: optionalText(PRICE_ID_MAX),
    reminderSubjectEn: requiredText(REMINDER_SUBJECT_MAX, 'validation.settingTooLong'),
    reminderBodyEn: requiredText(REMINDER_BODY_MAX, 'validation.settingTooLong'),
    reminderSubjectFr: requiredText(REMINDER_SUBJECT_MAX, 'validation.settingTooLong'),
    reminderBodyFr: requiredText(REMINDER_BODY_MAX, 'validation.settingTooLong'),
    reminderScheduleEnabled: z.boolean({ error: 'validation.invalid' }),
    reminderScheduleDays: z
      .number({ error: 'validation.reminderDaysInvalid' })
      .int('validation.reminderDaysInvalid')
      .min(1, 'validation.reminderDaysInvalid')
      .max(REMINDER_DAYS_MAX, 'validation.reminderDaysInvalid'),
  })
  .partial()
  .refine((update) => Object.keys(update).length > 0, { message: 'validation.settingsUpdateEmpty' });
export type AdminSettingsUpdate = z.infer<typeof adminSettingsUpdateSchema>;

/** POST /api/admin/settings/agent-avatar — multipart `avatar`, same rules as a profile picture. DELETE removes it. */
export const agentAvatarResponseSchema = z.object({ agentAvatarUrl: z.string() });

const emailAddress = z.email({ error: 'validation.emailInvalid' }).max(EMAIL_MAX, 'validation.emailTooLong');

/** POST /api/admin/email/test — the e-mail tester: a recipient, and optionally a subject and an HTML body. */
export const testEmailSchema = z.strictObject({
  to: z.string({ error: 'validation.recipientRequired' }).trim().min(1, 'validation.recipientRequired').pipe(emailAddress),
  subject: z.string({ error: 'validation.settingTooLong' }).trim().max(REMINDER_SUBJECT_MAX, 'validation.settingTooLong').default(''),
  html: z.string({ error: 'validation.settingTooLong' }).max(REMINDER_BODY_MAX, 'validation.settingTooLong').default(''),
});
export type TestEmailInput = z.input<typeof testEmailSchema>;

/** GET /api/admin/outbox?page=N — messages kept by the embedded mail provider, newest first, 20 a page. */
export const OUTBOX_PAGE_SIZE = 20;
export const outboxQuerySchema = z.object({
  page: z.coerce.number({ error: 'validation.pageInvalid' }).int('validation.pageInvalid').min(1, 'validation.pageInvalid').max(100_000, 'validation.pageInvalid').default(1),
});
export const outboxPageSchema = z.object({
  /** False when e-mail really goes out (SMTP): nothing is kept to show. */
  kept: z.boolean(),
  items: z.array(z.object({ id: z.uuid(), to: z.string(), subject: z.string(), html: z.string(), text: z.string(), createdAt: z.iso.datetime({ offset: true }) })),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

/**
 * POST /api/admin/reminders/bulk — reminds everyone whose last chat is more than `days` days ago
 * (7 by default, at least 1), each in their language with their first name, except people who unsubscribed or
 * were reminded within those days. POST /api/admin/reminders/single {email} reminds one person
 * (404 USER_NOT_FOUND "User not found with this email address").
 */
export const bulkReminderSchema = z.strictObject({
  days: z
    .number({ error: 'validation.reminderDaysInvalid' })
    .int('validation.reminderDaysInvalid')
    .min(1, 'validation.reminderDaysInvalid')
    .max(REMINDER_DAYS_MAX, 'validation.reminderDaysInvalid')
    .default(REMINDER_DEFAULT_DAYS),
});
export const singleReminderSchema = z.strictObject({ email: z.string({ error: 'validation.emailInvalid' }).trim().pipe(emailAddress) });
export const reminderResultSchema = z.object({ candidates: z.number().int(), sent: z.number().int(), failed: z.number().int() });
export type ReminderResult = z.infer<typeof reminderResultSchema>;

/** POST /api/reminders/unsubscribe — public, from the link in every reminder: { u: user id, t: signature }. 204. */
export const unsubscribeSchema = z.strictObject({
  u: z.string({ error: 'validation.unsubscribeLinkInvalid' }).min(1, 'validation.unsubscribeLinkInvalid').max(200, 'validation.unsubscribeLinkInvalid'),
  t: z.string({ error: 'validation.unsubscribeLinkInvalid' }).regex(/^[A-Za-z0-9_-]{43}$/, 'validation.unsubscribeLinkInvalid'),
});
export type UnsubscribeInput = z.infer<typeof unsubscribeSchema>;
