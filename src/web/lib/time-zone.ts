import { TIME_ZONE_COOKIE } from '@shared/limits';
import { createContext, useContext } from 'react';

/**
 * The reader's time zone while a page is drawn on the server, which has a zone of its own. A signed-in page is drawn
 * in the zone the person's browser last reported (`rememberTimeZone`), so the dates and the gallery's periods the app
 * then hydrates read the same (docs/decisions/0087-server-drawn-signed-in-pages.md). Unset in the browser.
 */
export const TimeZoneContext = createContext<string | undefined>(undefined);

/** This browser's time zone, e.g. "Europe/Paris". */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The zone the page's dates are written in: the server render's, else this browser's. */
export function useTimeZone(): string {
  return useContext(TimeZoneContext) ?? browserTimeZone();
}

/** Tells the server this browser's zone, for the next signed-in page it draws (a year, the whole site). */
export function rememberTimeZone(doc: Document = document): void {
  const zone = browserTimeZone();
  const value = encodeURIComponent(zone);
  if (doc.cookie.split(';').some((part) => part.trim() === `${TIME_ZONE_COOKIE}=${value}`)) return;
  doc.cookie = `${TIME_ZONE_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
