import { describe, expect, it } from 'vitest';
import { addToCalendarUrl, calendarHost, calendarUrlFor } from './calendar-links';

describe('calendarUrlFor', () => {
  const both = { en: 'https://cal.example/en', fr: 'https://cal.example/fr' };

  it('takes the calendar of the interface language', () => {
    expect(calendarUrlFor(both, 'en')).toBe('https://cal.example/en');
    expect(calendarUrlFor(both, 'fr')).toBe('https://cal.example/fr');
  });

  it('falls back to the other language, then to none', () => {
    expect(calendarUrlFor({ en: 'https://cal.example/en', fr: null }, 'fr')).toBe('https://cal.example/en');
    expect(calendarUrlFor({ en: null, fr: 'https://cal.example/fr' }, 'en')).toBe('https://cal.example/fr');
    expect(calendarUrlFor({ en: null, fr: null }, 'en')).toBeNull();
  });
});

describe('addToCalendarUrl', () => {
  it('turns a Google Calendar embed into its subscribe link', () => {
    expect(addToCalendarUrl('https://calendar.google.com/calendar/embed?src=abc')).toBe('https://calendar.google.com/calendar/render?cid=abc');
  });

  it('keeps the calendar id whole, wherever src sits among the parameters', () => {
    expect(addToCalendarUrl('https://calendar.google.com/calendar/embed?height=600&src=souvenir%40group.calendar.google.com&ctz=Europe%2FParis')).toBe(
      'https://calendar.google.com/calendar/render?cid=souvenir%40group.calendar.google.com',
    );
    expect(addToCalendarUrl('https://www.google.com/calendar/embed?src=abc')).toBe('https://calendar.google.com/calendar/render?cid=abc');
  });

  it('links any other calendar as it is', () => {
    expect(addToCalendarUrl('https://calendar.google.com/calendar/embed?mode=WEEK')).toBe('https://calendar.google.com/calendar/embed?mode=WEEK');
    expect(addToCalendarUrl('https://outlook.office365.com/owa/calendar/x/calendar.html')).toBe('https://outlook.office365.com/owa/calendar/x/calendar.html');
    expect(addToCalendarUrl('https://evil.example/calendar/embed?src=abc')).toBe('https://evil.example/calendar/embed?src=abc');
    expect(addToCalendarUrl('not a url')).toBe('not a url');
  });
});

describe('calendarHost', () => {
  it('names the host that serves the calendar', () => {
    expect(calendarHost('https://calendar.google.com/calendar/embed?src=abc')).toBe('calendar.google.com');
  });
});
