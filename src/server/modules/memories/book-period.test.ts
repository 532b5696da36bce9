import { describe, expect, it } from 'vitest';
import { bookPeriodOf, memoryDateOf, periodLabelOf, startOfLocalDay } from './book-period';

const iso = (period: { from: Date; to: Date }) => [period.from.toISOString(), period.to.toISOString()];

describe('the book’s period, on the person’s own calendar', () => {
  it('reads a year from its first local midnight to the next year’s', () => {
    expect(iso(bookPeriodOf({ year: 2026, timeZone: 'UTC' }))).toEqual(['2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
    // Paris is an hour ahead in winter: its year starts at 23:00 UTC on 31 December.
    expect(iso(bookPeriodOf({ year: 2026, timeZone: 'Europe/Paris' }))).toEqual(['2025-12-31T23:00:00.000Z', '2026-12-31T23:00:00.000Z']);
    expect(iso(bookPeriodOf({ year: 2026, timeZone: 'America/Los_Angeles' }))).toEqual(['2026-01-01T08:00:00.000Z', '2027-01-01T08:00:00.000Z']);
  });

  it('ends December on the next year’s 1 January, and starts January on its own', () => {
    expect(iso(bookPeriodOf({ year: 2025, month: 12, timeZone: 'Europe/Paris' }))).toEqual(['2025-11-30T23:00:00.000Z', '2025-12-31T23:00:00.000Z']);
    expect(iso(bookPeriodOf({ year: 2026, month: 1, timeZone: 'Asia/Tokyo' }))).toEqual(['2025-12-31T15:00:00.000Z', '2026-01-31T15:00:00.000Z']);
  });

  it('holds 29 February in a leap year’s February, and a common year’s ends on the 28th', () => {
    expect(iso(bookPeriodOf({ year: 2024, month: 2, timeZone: 'UTC' }))).toEqual(['2024-02-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z']);
    expect(iso(bookPeriodOf({ year: 2025, month: 2, timeZone: 'UTC' }))).toEqual(['2025-02-01T00:00:00.000Z', '2025-03-01T00:00:00.000Z']);
    const leap = bookPeriodOf({ year: 2024, month: 2, timeZone: 'Pacific/Auckland' });
    const leapDayEvening = new Date('2024-02-29T10:00:00Z'); // 23:00 on 29 February in Auckland
    expect(leapDayEvening >= leap.from && leapDayEvening < leap.to).toBe(true);
  });

  it('follows a change of the clocks inside the period', () => {
    // New York: winter time on 1 March, summer time on 1 April.
    expect(iso(bookPeriodOf({ year: 2026, month: 3, timeZone: 'America/New_York' }))).toEqual(['2026-03-01T05:00:00.000Z', '2026-04-01T04:00:00.000Z']);
    // Paris: summer time on 1 October, winter time on 1 November.
    expect(iso(bookPeriodOf({ year: 2026, month: 10, timeZone: 'Europe/Paris' }))).toEqual(['2026-09-30T22:00:00.000Z', '2026-10-31T23:00:00.000Z']);
  });

  it('starts a day whose midnight never happens when the clocks jump, and a day whose midnight happens twice at the first', () => {
    // Chile put its clocks forward at midnight on 8 September 2024: that day began at 01:00, 04:00 UTC.
    expect(startOfLocalDay(2024, 9, 8, 'America/Santiago').toISOString()).toBe('2024-09-08T04:00:00.000Z');
    // …and back at midnight on 6 April 2024: midnight came twice, first at 03:00 UTC.
    expect(startOfLocalDay(2024, 4, 6, 'America/Santiago').toISOString()).toBe('2024-04-06T03:00:00.000Z');
  });
});

describe('the book’s words for periods and days', () => {
  it('names the period in the person’s language', () => {
    expect(periodLabelOf({ year: 2026 }, 'fr')).toBe('2026');
    expect(periodLabelOf({ year: 2026, month: 3 }, 'en')).toBe('March 2026');
    expect(periodLabelOf({ year: 2026, month: 3 }, 'fr')).toBe('mars 2026');
    expect(periodLabelOf({ year: 2025, month: 12 }, 'fr')).toBe('décembre 2025');
  });

  it('dates a memory in the person’s language and on their clock', () => {
    const lateOnNewYearsEve = new Date('2025-12-31T23:30:00Z');
    expect(memoryDateOf(lateOnNewYearsEve, 'en', 'UTC')).toBe('Wednesday, December 31, 2025');
    expect(memoryDateOf(lateOnNewYearsEve, 'fr', 'Europe/Paris')).toBe('jeudi 1 janvier 2026');
    expect(memoryDateOf(new Date('2024-02-29T12:00:00Z'), 'fr', 'UTC')).toBe('jeudi 29 février 2024');
  });
});
