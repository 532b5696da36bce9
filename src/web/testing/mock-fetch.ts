import type { MeResponse } from '@shared/contracts/me';
import type { PublicConfig } from '@shared/contracts/system';
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function apiError(status: number, code: string, message = code): Response {
  return json({ error: { code, message } }, status);
}

/** better-auth's own error body (/api/auth/*), which differs from the rest of the API. */
export function authError(status: number, code: string, message = code): Response {
  return json({ code, message }, status);
}

/**
 * Replaces the network for one test: handlers are keyed "METHOD /path" (query ignored). Anything
 * unhandled answers 404, and every call is recorded so tests can assert what the app sent.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const rawBody = init?.body;
    let body: unknown = rawBody;
    if (typeof rawBody === 'string') {
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = rawBody;
      }
    }
    const request = { method, path: url.pathname, body };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    return handler ? handler(request) : apiError(404, 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

export function buildMe(overrides: { user?: Partial<MeResponse['user']>; profile?: Partial<MeResponse['profile']> } = {}): MeResponse {
  return {
    user: { id: 'user-1', email: 'camille@example.com', emailVerified: true, image: null, ...overrides.user },
    profile: {
      id: 'user-1',
      firstName: 'Camille',
      avatarUrl: null,
      defaultLanguage: 'en',
      gender: null,
      isAdmin: false,
      sessionCount: 1,
      country: null,
      ...overrides.profile,
    },
  };
}

export function buildPublicConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return { googleSignIn: false, sso: null, passwordSignIn: true, emailVerificationRequired: true, mailProvider: 'outbox', privacyEmail: 'privacy@example.com', privacyContactPlaceholder: false, registration: 'open', billing: 'sandbox', agentGender: 'feminine', ...overrides };
}

/** The usual pair every page asks for: who is signed in (null → 401) and the public configuration. */
export function baseHandlers(me: MeResponse | null, config: PublicConfig = buildPublicConfig()): Record<string, Handler> {
  return {
    'GET /api/me': () => (me ? json(me) : apiError(401, 'UNAUTHENTICATED')),
    'GET /api/public-config': () => json(config),
  };
}
