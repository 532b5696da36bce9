import { describe, expect, it } from 'vitest';
import { anniversariesOf, localDateOf } from './on-this-day';

const yearAgo = (today: string) => anniversariesOf(today, 4).find((a) => a.unit === 'year' && a.count === 1);
const monthAgo = (today: string) => anniversariesOf(today, 4).find((a) => a.unit === 'month');

describe('On This Day: which days today remembers', () => {
  it('remembers the same day a year, several years and a month ago, a year ago first and a month ago last', () => {
    expect(anniversariesOf('2026-06-15', 3)).toEqual([
      { unit: 'year', count: 1, from: '2025-06-15', to: '2025-06-15' },
      { unit: 'year', count: 2, from: '2024-06-15', to: '2024-06-15' },
      { unit: 'year', count: 3, from: '2023-06-15', to: '2023-06-15' },
      { unit: 'month', count: 1, from: '2026-05-15', to: '2026-05-15' },
    ]);
  });

  it('remembers 29 February on 28 February in the years without one, and on 29 February in leap years', () => {
    expect(yearAgo('2025-02-28')).toEqual({ unit: 'year', count: 1, from: '2024-02-28', to: '2024-02-29' });
    // Four years on, the leap day has its own day again; 28 February was remembered the day before.
    expect(anniversariesOf('2028-02-29', 4).filter((a) => a.unit === 'year')).toEqual([{ unit: 'year', count: 4, from: '2024-02-29', to: '2024-02-29' }]);
    // 28 February of a leap year is not its month's last day: only 28 February is remembered.
    expect(yearAgo('2028-02-28')).toEqual({ unit: 'year', count: 1, from: '2027-02-28', to: '2027-02-28' });
  });

  it('remembers a longer month’s last days on a shorter month’s last day, and nothing for days a month lacks', () => {
    expect(monthAgo('2026-04-30')).toEqual({ unit: 'month', count: 1, from: '2026-03-30', to: '2026-03-31' });
    expect(monthAgo('2027-02-28')).toEqual({ unit: 'month', count: 1, from: '2027-01-28', to: '2027-01-31' });
    expect(monthAgo('2026-03-30')).toBeUndefined(); // no 30 February
    expect(monthAgo('2026-03-31')).toBeUndefined();
    expect(monthAgo('2026-01-10')).toEqual({ unit: 'month', count: 1, from: '2025-12-10', to: '2025-12-10' });
  });

  it('reads today in the person’s own time zone', () => {
    const instant = new Date('2026-03-01T02:30:00Z');
    expect(localDateOf(instant, 'UTC')).toBe('2026-03-01');
    expect(localDateOf(instant, 'America/New_York')).toBe('2026-02-28');
    expect(localDateOf(new Date('2026-02-28T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-03-01');
  });
});
