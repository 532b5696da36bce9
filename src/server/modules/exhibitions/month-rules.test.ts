import { describe, expect, it } from 'vitest';
import { offlineExhibitionLetter } from '../../providers/text/offline-letter';
import { exhibitionMonthAt, monthKeyOf, monthOfKey } from './month-rules';
import { monthNameOf } from './service';

const at = (iso: string, tz: string) => exhibitionMonthAt(new Date(iso), tz);

describe('the month an exhibition is offered for', () => {
  it('is the month before, from the 1st to the 7th of a month, and none after', () => {
    expect(at('2026-12-01T09:00:00Z', 'UTC')).toEqual({ year: 2026, month: 11 });
    expect(at('2026-12-07T23:59:00Z', 'UTC')).toEqual({ year: 2026, month: 11 });
    expect(at('2026-12-08T00:00:00Z', 'UTC')).toBeNull();
    expect(at('2026-11-28T12:00:00Z', 'UTC')).toBeNull();
  });

  it('goes back to December of the year before in January', () => {
    expect(at('2027-01-03T12:00:00Z', 'Europe/Paris')).toEqual({ year: 2026, month: 12 });
  });

  it('reads the person’s own calendar, not the server’s', () => {
    // 1 November in UTC, still 31 October in Montréal: nothing yet there, November's window in Paris.
    expect(at('2026-11-01T03:30:00Z', 'America/Montreal')).toBeNull();
    expect(at('2026-11-01T03:30:00Z', 'Europe/Paris')).toEqual({ year: 2026, month: 10 });
    // 8 December 00:30 in Tokyo is still the 7th in UTC: the window has closed in Tokyo.
    expect(at('2026-12-07T15:30:00Z', 'Asia/Tokyo')).toBeNull();
    expect(at('2026-12-07T15:30:00Z', 'UTC')).toEqual({ year: 2026, month: 11 });
    // Across the end of summer time in Europe (25 October), the 1st of November is still the 1st.
    expect(at('2026-10-31T23:30:00Z', 'Europe/London')).toBeNull();
    expect(at('2026-10-31T23:30:00Z', 'Europe/Paris')).toEqual({ year: 2026, month: 10 });
  });

  it('names months as YYYY-MM both ways', () => {
    expect(monthKeyOf({ year: 2026, month: 3 })).toBe('2026-03');
    expect(monthOfKey('2026-12')).toEqual({ year: 2026, month: 12 });
    expect(monthNameOf({ year: 2026, month: 11 }, 'en')).toBe('November 2026');
    expect(monthNameOf({ year: 2026, month: 11 }, 'fr')).toBe('novembre 2026');
  });
});

describe('the offline letter', () => {
  const days = [
    { title: 'Rain on the market square', reflection: 'A grey morning.', mood: 'calm' as const },
    { title: 'Lanterns on the river', reflection: null, mood: 'tender' as const },
    { title: 'A long Tuesday', reflection: null, mood: 'tired' as const },
    { title: 'Bread with Nina', reflection: null, mood: 'calm' as const },
  ];
  const letter = (over: Partial<Parameters<typeof offlineExhibitionLetter>[0]> = {}) =>
    offlineExhibitionLetter({ language: 'en', agentName: 'Mira', agentGender: 'feminine', monthName: 'November 2026', days, ...over });

  it('is written from the month’s own titles and moods, and signed', () => {
    const text = letter();
    expect(text).toMatch(/^In November 2026 you kept 4 memories here\./);
    expect(text).toContain('In November 2026 you kept 4 memories here.');
    expect(text).toContain('“Rain on the market square”');
    expect(text).toContain('“Bread with Nina”');
    expect(text).toContain('mostly calm days');
    expect(text.trim().endsWith('— Mira')).toBe(true);
    // The same month, the same letter.
    expect(letter()).toBe(text);
    expect(letter({ days: days.slice(0, 2) })).not.toBe(text);
  });

  it('writes French as French, and Mira speaks of herself in the feminine', () => {
    const text = letter({ language: 'fr', monthName: 'novembre 2026', agentGender: 'feminine' });
    expect(text).toContain('En novembre 2026, tu as gardé 4 souvenirs ici.');
    expect(text).toContain('«\u00a0Rain on the market square\u00a0»');
    expect(text).toContain('J’ai été heureuse');
    expect(letter({ language: 'fr', monthName: 'novembre 2026', agentGender: 'masculine', agentName: 'Léo' })).toContain('J’ai été heureux');
    const neutral = letter({ language: 'fr', monthName: 'novembre 2026', agentGender: 'neutral', agentName: 'Lune' });
    expect(neutral).not.toMatch(/heureu(se|x)/);
    expect(neutral.trim().endsWith('— Lune')).toBe(true);
  });

  it('says a heavy month was heavy, and a single memory has the wall to itself', () => {
    const heavy = letter({ days: days.map((day) => ({ ...day, mood: 'anxious' as const })) });
    expect(heavy).toMatch(/asked a lot of you|not a light month/);
    const one = letter({ days: days.slice(0, 1) });
    expect(one).toContain('you kept one memory here');
    expect(one).toContain('whole wall to itself');
  });
});
