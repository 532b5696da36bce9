import { inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * better-auth on the same origin. Who is signed in is read from GET /api/me, never from this
 * client's session store, so its background session refetching is switched off.
 */
export const authClient = createAuthClient({
  // The server render builds this module too but never calls it (it draws signed-out pages only).
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/auth',
  sessionOptions: { refetchOnWindowFocus: false },
  // better-auth keeps the fetch it finds at start-up; looking it up per call keeps one network path
  // for the whole app (and lets tests replace the network, not the module).
  fetchOptions: { customFetchImpl: (input, init) => fetch(input, init) },
  plugins: [inferAdditionalFields({ user: { defaultLanguage: { type: 'string', required: false } } })],
});
