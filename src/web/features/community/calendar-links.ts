import type { Community } from '@shared/contracts/community';
import type { Language } from '@shared/limits';

/** The calendar of the interface language, else the other one: a calendar in another language beats none. */
export function calendarUrlFor(calendarUrl: Community['calendarUrl'], language: Language): string | null {
  return calendarUrl[language] ?? calendarUrl[language === 'en' ? 'fr' : 'en'] ?? null;
}

/**
 * Where "Add to calendar" leads. A Google Calendar embed (…/calendar/embed?src=<id>) has a subscribe page of
 * its own, which adds the calendar to the person's Google Calendar; any other address is the best link we have.
 */
export function addToCalendarUrl(calendarUrl: string): string {
  let url: URL;
  try {
    url = new URL(calendarUrl);
  } catch {
    return calendarUrl;
  }
  const src = url.searchParams.get('src');
  const isGoogleEmbed = (url.hostname === 'calendar.google.com' || url.hostname === 'www.google.com') && url.pathname.endsWith('/calendar/embed');
  if (!isGoogleEmbed || !src) return calendarUrl;
  return `https://calendar.google.com/calendar/render?${new URLSearchParams({ cid: src }).toString()}`;
}

/** The host named in the consent line ("provided by calendar.google.com"). */
export function calendarHost(calendarUrl: string): string {
  try {
    return new URL(calendarUrl).hostname;
  } catch {
    return calendarUrl;
  }
}
