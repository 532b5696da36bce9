import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@shared/limits';

export const LANGUAGE_STORAGE_KEY = 'souvenir.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** "fr-CA" → "fr"; anything that is not one of ours → null. */
export function toLanguage(value: string | null | undefined): Language | null {
  const base = value?.trim().slice(0, 2).toLowerCase();
  return isLanguage(base) ? base : null;
}

interface LanguageSources {
  /** The signed-in person's profile choice: the server's word wins. */
  profileLanguage?: string | null;
  /** What this browser chose before (header switcher, last signed-in profile). */
  storedLanguage?: string | null;
  /** navigator.language: used only if it is English or French. */
  browserLanguage?: string | null;
}

/** Profile language, else the remembered choice, else the browser's language if en/fr, else English. */
export function resolveLanguage({ profileLanguage, storedLanguage, browserLanguage }: LanguageSources): Language {
  return toLanguage(profileLanguage) ?? toLanguage(storedLanguage) ?? toLanguage(browserLanguage) ?? DEFAULT_LANGUAGE;
}

/** The language cookie: set with every choice made here, and by the server when a page without scripts switched. */
function readLanguageCookie(): Language | null {
  if (typeof document === 'undefined') return null;
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})`).exec(document.cookie);
  return toLanguage(match?.[1]);
}

/** The latest choice on this browser: the cookie (it follows every switch), else what local storage kept. */
export function readStoredLanguage(): string | null {
  const fromCookie = readLanguageCookie();
  if (fromCookie) return fromCookie;
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Private modes may refuse storage; the browser language is then a fine guess.
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembering the choice is acceptable; the interface still switches.
  }
  // A year, the whole site; it holds only "en" or "fr".
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}
