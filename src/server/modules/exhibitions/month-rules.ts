import { EXHIBITION_OFFER_DAYS } from '@shared/contracts/exhibitions';

/** A calendar month on the person's own calendar. */
export interface CalendarMonth {
  year: number;
  month: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11`. */
export const monthKeyOf = ({ year, month }: CalendarMonth) => `${String(year).padStart(4, '0')}-${pad(month)}`;

export function monthOfKey(key: string): CalendarMonth {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return { year, month };
}

export const nextMonthOf = ({ year, month }: CalendarMonth): CalendarMonth => (month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 });
const previousMonthOf = ({ year, month }: CalendarMonth): CalendarMonth => (month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 });

/**
 * The month whose exhibition is offered at `now` on the person's clock in `timeZone`: the month before, during the
 * first EXHIBITION_OFFER_DAYS days of a month; none on any other day. Read on their calendar, not the server's: at
 * 23:30 on 31 October in Montréal it is already 1 November in UTC, and still October for them.
 */
export function exhibitionMonthAt(now: Date, timeZone: string, offerDays = EXHIBITION_OFFER_DAYS): CalendarMonth | null {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const [year, month, day] = [part('year'), part('month'), part('day')];
  if (day > offerDays) return null;
  return previousMonthOf({ year, month });
}
