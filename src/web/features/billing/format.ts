import { PRICE_DISPLAY, type Language } from '@shared/limits';

/** $4.99 in English, 4,99 € in French; the amount and its sign never split across lines. */
export function formatPrice(language: Language): string {
  return PRICE_DISPLAY[language].replace(/ /g, '\u00a0');
}
