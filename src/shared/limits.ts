// The product's business constants (prices, limits, page sizes, timings), in one place for the server and the web app.
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** The browser's choice of language, for the pages the server renders (it holds only a language code). */
export const LANGUAGE_COOKIE = 'souvenir_language';
/** The browser's IANA time zone, reported by the app so the server draws signed-in pages' dates as the browser would. */
export const TIME_ZONE_COOKIE = 'souvenir_tz';

export const GENDERS = ['male', 'female', 'other', 'unspecified'] as const;
export type Gender = (typeof GENDERS)[number];

/**
 * How French speaks of the companion, whose name the administrator chooses: "Mira est la compagne…",
 * "je suis contente". Neutral words are chosen that need no agreement at all. Decision 0059.
 */
export const AGENT_GENDERS = ['feminine', 'masculine', 'neutral'] as const;
export type AgentGender = (typeof AGENT_GENDERS)[number];

export const PRICE_DISPLAY = { en: '$4.99', fr: '4,99 €' } as const;

export const DEFAULT_DAILY_GENERATION_LIMIT = 1;
export const MESSAGES_BEFORE_GENERATION = 3;
export const INACTIVITY_THRESHOLD_MS = 30 * 60 * 1000;
export const ACTIVITY_TIMER_MS = 30 * 60 * 1000;
export const WELCOME_BACK_SESSION_COUNT = 2;
export const WELCOME_BACK_DELAY_MS = 1000;
export const LOADING_MESSAGE_ROTATION_MS = 3000;
export const ADMIN_CHECK_ATTEMPTS = 3;
export const ADMIN_CHECK_BASE_DELAY_MS = 1000;

export const HOME_MEMORIES_COUNT = 6;
export const GALLERY_PAGE_SIZE = 9;
export const SKELETON_CARD_COUNT = 6;
export const SHARE_TOKEN_BYTES = 32;
/** A memory's title (the generated one is cut to fit; a rename is refused beyond it). Decision 0023. */
export const MEMORY_TITLE_MAX = 120;
/** The oldest year a gallery filter accepts (before Souvenir existed nothing can be found). */
export const GALLERY_YEAR_MIN = 2000;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE_PX = 512;
/**
 * The widest and tallest picture taken for an avatar: 8 × its size, the most a JPEG decoder can shrink while
 * reading, and more than a 12-megapixel phone photo (4032 × 3024). A picture with more pixels than this
 * square is refused before it is decoded: its file can be small while its decoded pixels fill memory.
 */
export const AVATAR_INPUT_MAX_SIDE_PX = AVATAR_SIZE_PX * 8;
export const AVATAR_PROGRESS_STEP = 10;
export const AVATAR_PROGRESS_INTERVAL_MS = 300;
export const AVATAR_PROGRESS_CAP = 90;
export const AVATAR_PROGRESS_RESET_MS = 1000;

export const AUTH_SPINNER_MAX_MS = 3000;

export const TEXTAREA_MIN_PX = 60;
export const TEXTAREA_MAX_PX = 120;
export const MOBILE_BREAKPOINT_PX = 768;
export const HEADER_HEIGHT_PX = 64;
export const SUPPORT_MESSAGE_MIN_PX = 150;
export const POLICY_EDITOR_MIN_PX = 500;
export const SHARED_IMAGE_MAX_PX = 500;

export const SUPPORT_SUBJECT_MIN = 5;
export const SUPPORT_MESSAGE_MIN = 20;
export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 5000;

export const REMINDER_DEFAULT_DAYS = 7;
export const REMINDER_FALLBACK_NAME = 'User';

export const FIRST_NAME_MIN = 2;
export const FIRST_NAME_MAX = 60;
// better-auth's default minimum; the spec's password form asks for 6 — see docs/decisions/0003.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

// The built-in policy's date changes with its substance: it now says what encrypted keeping and continuity store
// (docs/decisions/0076-privacy-policy-date-follows-its-text.md).
export const PRIVACY_POLICY_EFFECTIVE_DATE = '2026-11-25';

// Conversations kept across devices, encrypted in the browser (docs/keeping.md, decision 0043).
/** PBKDF2-SHA-256 iterations that derive the passphrase's key; the server refuses envelopes below the floor. */
export const KEEPING_KDF_ITERATIONS = 600_000;
export const KEEPING_KDF_ITERATIONS_MAX = 10_000_000;
/** A passphrase: long enough to resist guessing offline, short enough to type. */
export const KEEPING_PASSPHRASE_MIN = 12;
export const KEEPING_PASSPHRASE_MAX = 256;
/** One conversation's ciphertext (tag included): 60 messages of 4 000 characters fit with room. */
export const KEEPING_CONVERSATION_MAX_BYTES = 512 * 1024;
/** Everything one person keeps: bytes and conversations. */
export const KEEPING_PERSON_MAX_BYTES = 64 * 1024 * 1024;
export const KEEPING_PERSON_MAX_CONVERSATIONS = 2000;

// The companion's continuity across days, built only from what the server keeps (docs/keeping.md).
/** How many recent memories the context names. */
export const CONTINUITY_MEMORIES = 5;
/** A reflection is cut to this many characters in the context. */
export const CONTINUITY_REFLECTION_MAX = 240;
/** Facts the person asked the companion to remember: how many, and how long each. */
export const CONTINUITY_FACTS_MAX = 5;
export const CONTINUITY_FACT_MAX = 200;
/** The whole context, in characters (about 600 tokens at most): it never grows with the gallery. */
export const CONTINUITY_CONTEXT_MAX_CHARS = 2400;

/**
 * How many days a month's exhibition of the month before is offered on the home: the 1st to the 7th on the person's
 * calendar (docs/decisions/0105-monthly-exhibition.md).
 */
export const EXHIBITION_OFFER_DAYS = 7;
