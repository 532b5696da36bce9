import { PRICE_DISPLAY, type Language } from '@shared/limits';

/** $4.99 in English, 4,99 € in French; the amount and its sign never split across lines. */
export function formatPrice(language: Language): string {
  return PRICE_DISPLAY[language].replace(/ /g, '\u00a0');
}

/** A subscription's end of period, as a long date in the interface's language. */
export function formatLongDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));
}
