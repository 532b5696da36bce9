import OpenAI from 'openai';

/** What every OpenAI-compatible provider (chat, text, transcription, images) is configured with. */
export interface OpenAiOptions {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
  /**
   * Throws for an address the server must not call. When given, redirects are followed by hand and every
   * address on the way is asked first: a check of the typed address alone lets a redirect reach anywhere.
   */
  checkUrl?: (url: string) => void;
}

/** One way to build the SDK client, so no provider forgets the settings that keep conversations private. */
export function createOpenAiClient(options: Pick<OpenAiOptions, 'baseUrl' | 'apiKey' | 'timeoutMs' | 'checkUrl'>): OpenAI {
  return new OpenAI({
    ...(options.checkUrl ? { fetch: fetchCheckingRedirects(options.checkUrl) } : {}),
    baseURL: options.baseUrl,
    // Local servers need no key; the SDK insists on one.
    apiKey: options.apiKey ?? 'not-needed',
    timeout: options.timeoutMs,
    // The callers decide what a failure means (fallbacks, coded errors); a silent retry would double the wait.
    maxRetries: 0,
    // Off whatever OPENAI_LOG says: at debug level the SDK would log the conversations, transcripts and prompts it carries.
    logLevel: 'off',
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/**
 * fetch, with redirects followed here instead of by the platform, so that `checkUrl` sees each address
 * before any connection is made to it. It keeps fetch's own rules: a 303 (or a 301/302 after a POST) turns
 * into a GET without the body; the key is not carried to another origin.
 */
function fetchCheckingRedirects(checkUrl: (url: string) => void): typeof fetch {
  return async (input, init) => {
    let url = input instanceof Request ? input.url : String(input);
    let method = (init?.method ?? 'GET').toUpperCase();
    let body = init?.body;
    const headers = new Headers(init?.headers);
    for (let hop = 0; ; hop++) {
      checkUrl(url);
      const response = await fetch(url, { ...init, method, body, headers, redirect: 'manual' });
      const location = response.headers.get('location');
      if (!REDIRECTS.has(response.status) || !location) return response;
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new TypeError('too many redirects');
      const next = new URL(location, url);
      if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new TypeError('a redirect to another scheme');
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
        for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) headers.delete(name);
      }
      if (next.origin !== new URL(url).origin) headers.delete('authorization');
      url = next.href;
    }
  };
}
