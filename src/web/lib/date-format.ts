import { useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeZoneContext } from './time-zone';

/**
 * The ways the app writes a date. Each kind of date reads the same on every screen: memories and
 * subscriptions as a long date, tickets with their time, the admin lists a little shorter.
 * The `…Day` styles are for calendar days (YYYY-MM-DD) and gallery periods: formatted in UTC, so no time
 * zone moves them to the day before.
 */
const STYLES = {
  /** "April 8, 2025" · "8 avril 2025" */
  long: { dateStyle: 'long' },
  /** "Apr 8, 2025" · "8 avr. 2025" */
  medium: { dateStyle: 'medium' },
  /** "April 8, 2025 at 3:04 PM" */
  longWithTime: { dateStyle: 'long', timeStyle: 'short' },
  /** "Apr 8, 2025, 3:04 PM" */
  mediumWithTime: { dateStyle: 'medium', timeStyle: 'short' },
  longDay: { dateStyle: 'long', timeZone: 'UTC' },
  mediumDay: { dateStyle: 'medium', timeZone: 'UTC' },
  /** "April" — a month of the gallery's period. */
  month: { month: 'long', timeZone: 'UTC' },
  /** "April 2025" — the gallery's period. */
  monthYear: { month: 'long', year: 'numeric', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof STYLES;

/** An instant (Date, epoch milliseconds, ISO text) or a calendar day ("2025-04-08"). */
export type DateValue = Date | number | string;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day is read at noon UTC, and its UTC styles then always show that very day. */
const toDate = (value: DateValue) => (value instanceof Date ? value : new Date(typeof value === 'string' && CALENDAR_DAY.test(value) ? `${value}T12:00:00Z` : value));

const formats = new Map<string, Intl.DateTimeFormat>();

/** `value` written in `style` for `language` (formatters are made once per language, style and zone). */
export function formatDate(value: DateValue, style: DateStyle, language: string, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = STYLES[style];
  const zone = options.timeZone ?? timeZone;
  const key = `${language}|${style}|${zone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, zone ? { ...options, timeZone: zone } : options);
    formats.set(key, format);
  }
  return format.format(toDate(value));
}

/** A formatter for `style` in the interface's language (or `language`, when a screen shows another one). */
export function useDateFormat(style: DateStyle, language?: string): (value: DateValue) => string {
  const { i18n } = useTranslation();
  const timeZone = useContext(TimeZoneContext);
  const lng = language ?? i18n.resolvedLanguage ?? i18n.language;
  return useCallback((value: DateValue) => formatDate(value, style, lng, timeZone), [style, lng, timeZone]);
}
