import { CRISIS_IMAGE_PROMPT, crisisMemoryTexts } from '../../safety/replies';

/**
 * The calendar days whose memories "On This Day" may show today, most wished-for first: a year ago, two
 * years ago… then a month ago. Each is a run of local days, `from` to `to` inclusive (YYYY-MM-DD).
 */
export interface Anniversary {
  unit: 'year' | 'month';
  count: number;
  from: string;
  to: string;
}

/** How far back the years are looked for: a bound on the query, far beyond any journal kept here. */
export const ON_THIS_DAY_YEARS_BACK = 100;

const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (year: number, month: number, day: number) => `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The calendar date (YYYY-MM-DD) of `instant` in `timeZone`, as the person's own clock shows it. */
export function localDateOf(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return dateOf(part('year'), part('month'), part('day'));
}

/**
 * A memory of day d is remembered on day d of a later month or year — or on that month's last day when
 * the month is shorter (29 February on 28 February in other years, 31 March on 30 April). So today answers
 * for its own day, and, when today is its month's last day, for the later days that month lacks.
 * A day the earlier month lacks (30 March a month after February) has no memory to recall.
 */
function daysRemembered(today: { year: number; month: number; day: number }, year: number, month: number): { from: string; to: string } | null {
  const last = lastDayOf(year, month);
  if (today.day > last) return null;
  const isLastDay = today.day === lastDayOf(today.year, today.month);
  return { from: dateOf(year, month, today.day), to: dateOf(year, month, isLastDay ? last : today.day) };
}

/** Every anniversary of `today` (YYYY-MM-DD, the person's local date), a year ago first, a month ago last. */
export function anniversariesOf(today: string, yearsBack = ON_THIS_DAY_YEARS_BACK): Anniversary[] {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const at = { year, month, day };
  const found: Anniversary[] = [];
  for (let count = 1; count <= yearsBack; count++) {
    const days = daysRemembered(at, year - count, month);
    if (days) found.push({ unit: 'year', count, ...days });
  }
  const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const days = daysRemembered(at, previous.year, previous.month);
  if (days) found.push({ unit: 'month', count: 1, ...days });
  return found;
}

/**
 * How a crisis day's memory is recognised: its calm picture's prompt, which no renaming changes, or its
 * title in either language. Such a memory is never brought back unasked.
 */
export const CRISIS_MEMORY = {
  titles: [crisisMemoryTexts('en', null).title, crisisMemoryTexts('fr', null).title],
  prompt: CRISIS_IMAGE_PROMPT,
} as const;
