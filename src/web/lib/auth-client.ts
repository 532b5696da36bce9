import { inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * better-auth on the same origin. Who is signed in is read from GET /api/me, never from this
 * client's session store, so its background session refetching is switched off.
 */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
  sessionOptions: { refetchOnWindowFocus: false },
  plugins: [inferAdditionalFields({ user: { defaultLanguage: { type: 'string', required: false } } })],
});
