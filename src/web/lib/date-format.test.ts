import { describe, expect, it } from 'vitest';
import { formatDate } from './date-format';

describe('formatDate', () => {
  it('writes each style as Intl does, in English and in French', () => {
    const instant = '2025-04-08T15:04:00Z';
    for (const language of ['en', 'fr']) {
      expect(formatDate(instant, 'long', language)).toBe(new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(instant)));
      expect(formatDate(instant, 'mediumWithTime', language)).toBe(
        new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant)),
      );
    }
    expect(formatDate(Date.UTC(2025, 3, 15), 'monthYear', 'fr')).toBe('avril 2025');
  });

  it('writes a calendar day as that very day (read at noon, written in UTC)', () => {
    expect(formatDate('2025-04-08', 'longDay', 'en')).toBe('April 8, 2025');
    expect(formatDate('2025-04-08', 'mediumDay', 'fr')).toBe('8 avr. 2025');
  });

  it('writes an instant in the zone a server render is given, and a calendar day still as that day', () => {
    // 20:30 UTC on 8 April is already 9 April in Kiritimati (UTC+14).
    expect(formatDate('2025-04-08T20:30:00Z', 'long', 'en', 'UTC')).toBe('April 8, 2025');
    expect(formatDate('2025-04-08T20:30:00Z', 'long', 'en', 'Pacific/Kiritimati')).toBe('April 9, 2025');
    expect(formatDate('2025-04-08', 'longDay', 'fr', 'Pacific/Kiritimati')).toBe('8 avril 2025');
  });
});
