import type { authClient } from './auth-client';

/**
 * better-auth's client, loaded when a form is sent rather than with the page: the sign-in page draws and answers
 * sooner on a phone, and the client is in the browser's cache by the second press (decision 0085).
 */
export function loadAuthClient(): Promise<typeof authClient> {
  return import('./auth-client').then((module) => module.authClient);
}
