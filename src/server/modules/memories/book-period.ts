import type { Language } from '@shared/limits';

/** A year, or one month of it, in the person's time zone: the instants [from, to) its memories were made in. */
export interface BookPeriod {
  year: number;
  month?: number;
  timeZone: string;
  from: Date;
  to: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How far `timeZone`'s clocks are ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return asUtc - (instant - (instant % 1000 + 1000) % 1000);
}

/**
 * The first instant of a local calendar day. Midnight can happen twice (clocks put back at midnight: the first one
 * counts) or not at all (clocks put forward at midnight, as in Chile: the day starts when the clocks jump), so each
 * offset in force around that day is tried and the earliest instant that falls on the day wins.
 */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((shift) => offsetAt(wall + shift, timeZone)));
  const onTheDay = [...offsets]
    .map((offset) => wall - offset)
    .filter((instant) => {
      const local = instant + offsetAt(instant, timeZone);
      return local >= wall && local < wall + DAY_MS;
    });
  return new Date(Math.min(...onTheDay));
}

/** The year (or its month) as the person's own calendar has it; a month of December ends on 1 January. */
export function bookPeriodOf(query: { year: number; month?: number | undefined; timeZone: string }): BookPeriod {
  const { year, month, timeZone } = query;
  if (month === undefined) {
    return { year, timeZone, from: startOfLocalDay(year, 1, 1, timeZone), to: startOfLocalDay(year + 1, 1, 1, timeZone) };
  }
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { year, month, timeZone, from: startOfLocalDay(year, month, 1, timeZone), to: startOfLocalDay(next.year, next.month, 1, timeZone) };
}

const LOCALES: Record<Language, string> = { en: 'en-US', fr: 'fr-FR' };

/** "2026", "March 2026", "mars 2026". */
export function periodLabelOf(period: Pick<BookPeriod, 'year' | 'month'>, language: Language): string {
  if (period.month === undefined) return String(period.year);
  // The middle of the month in UTC, named without a zone: the label is a calendar month, not an instant.
  return new Intl.DateTimeFormat(LOCALES[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(period.year, period.month - 1, 15)));
}

/** "Tuesday, March 3, 2026", "mardi 3 mars 2026": the day the memory was made, on the person's clock. */
export function memoryDateOf(createdAt: Date, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'full', timeZone }).format(createdAt);
}
