import { z } from 'zod';

/**
 * Every error the API answers carries one of these stable codes. The web app translates
 * `errors.<code>` from its catalogue; the `message` is English and for developers only.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  /** Chat after the first journaled day without an active subscription or free access. */
  SUBSCRIPTION_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The chat provider failed or timed out before the reply started. */
  CHAT_PROVIDER_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
  /** Today's memories are all made (the admin's daily image limit, counted per UTC date). */
  DAILY_LIMIT_REACHED: 429,
  /** The same Idempotency-Key is still being worked on. */
  GENERATION_IN_PROGRESS: 409,
  /** "Error creating visual memory": the memory could not be saved; the daily limit was released. */
  MEMORY_CREATE_FAILED: 500,
  /** Voice needs a transcription provider (the AI tab, or AI_TRANSCRIBE_MODEL); none is chosen. */
  TRANSCRIPTION_UNAVAILABLE: 503,
  /** The transcription provider failed, timed out or heard nothing. */
  TRANSCRIPTION_FAILED: 502,
  /** A memory's temporary image could not be downloaded, was not an image, or could not be stored: the memory is unchanged. */
  IMAGE_MIGRATION_FAILED: 502,
  /** The mail provider refused or could not be reached (the admin e-mail tester, a single reminder). */
  MAIL_SEND_FAILED: 502,
  /** A single reminder names an address no account has: "User not found with this email address". */
  USER_NOT_FOUND: 404,
  /** The person unsubscribed from reminders: none is sent, even by hand. */
  REMINDERS_OPTED_OUT: 409,
  /** The promotion code on the pricing page is not a known coupon: "Invalid promotion code. Please check your code and try again." */
  INVALID_PROMO_CODE: 400,
  /** The billing portal needs a paid subscription; free access has nothing to manage. */
  NO_SUBSCRIPTION: 409,
  /** The payment provider failed or could not be reached; the person is told the payment failed. */
  PAYMENT_PROVIDER_FAILED: 502,
  /** A conversation was sent to be kept while keeping is off for this person. */
  KEEPING_OFF: 409,
  /** Keeping one more conversation would pass the person's size or count limit. */
  KEEPING_FULL: 413,
  /** A backup archive that cannot be restored here: not one of ours, cut short, or made by another version. */
  BACKUP_UNUSABLE: 409,
  /** A backup archive that unfolds past what a restore decompresses (one file, one table, or in all). */
  BACKUP_TOO_LARGE: 413,
  /** A private instance (BILLING=off): there is nothing to buy or manage. */
  BILLING_OFF: 404,
  /** Sign-up refused: registration is closed, or needs an invitation that is missing, expired, used or for another address. */
  REGISTRATION_CLOSED: 403,
  INVITATION_INVALID: 403,
  /** An administrator turned e-mail and password sign-in off: single sign-on only. */
  PASSWORD_SIGN_IN_OFF: 403,
  /** Password sign-in can be turned off only where single sign-on is configured… */
  SSO_NOT_CONFIGURED: 409,
  /** …and once the administrator doing it has signed in with it (so nobody is locked out). */
  SSO_NOT_PROVEN: 409,
  /** A privacy policy whose Markdown cannot be drawn within the server's time or size limit (long runs of `*`, `[`, `>`…). */
  PRIVACY_POLICY_TOO_COMPLEX: 422,
  /** The administrator setup code typed is not one the server printed, or was used already or has expired. */
  ADMIN_SETUP_CODE_INVALID: 400,
  /** A memory book asked for a year or month in which the person made no memory: there is nothing to print. */
  BOOK_EMPTY: 404,
  /** A memory book of more memories than one book holds (BOOK_MAX_MEMORIES): a month is asked for instead. */
  BOOK_TOO_LARGE: 422,
  /** Processes sharing a data folder download models one at a time: another one is downloading now. */
  MODEL_DOWNLOAD_ELSEWHERE: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field path (dot-joined) → translation keys of the problems found there. */
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
