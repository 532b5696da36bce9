// better-auth reads the path of a request the way a browser does (`..` and `%2e%2e` segments resolved), so a
// throttle keyed on the raw path could be walked around by spelling the same endpoint differently.
// `app.inject` normalises paths before they reach the app, so these requests go to a listening server
// through `node:http`, which sends the path exactly as written.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '@shared/errors';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN } from './support/app';

const t = await createTestApp();

interface RawAnswer {
  status: number;
  body: string;
}

function send(port: number, method: string, rawPath: string, payload?: unknown): Promise<RawAnswer> {
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: rawPath,
        headers: { origin: TEST_ORIGIN, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** A limited app listening on loopback, for raw paths. */
async function listeningApp(max: number) {
  const limited = await createTestApp({ RATE_LIMIT_AUTH_MAX: String(max), RATE_LIMIT_AUTH_WINDOW_SECONDS: '600' });
  await limited.app.listen({ host: '127.0.0.1', port: 0 });
  return { ...limited, port: (limited.app.server.address() as AddressInfo).port };
}

/** Every way of writing `/api/auth/<endpoint>` that a path normaliser might fold into it. */
function spellingsOf(endpoint: string) {
  const [first, ...rest] = endpoint.split('/').filter(Boolean) as [string, ...string[]];
  const tail = rest.join('/');
  return [
    `/api/auth/a1/../${endpoint}`,
    `/api/auth/a1/b2/../../${endpoint}`,
    `/api/auth/./${endpoint}`,
    `/api/auth//${endpoint}`,
    `/api/auth/${first}//${tail}`,
    `/api/auth/a1/%2e%2e/${endpoint}`,
    `/api/auth/a1/%2E%2E/${endpoint}`,
    `/api/auth/a1/.%2e/${endpoint}`,
    `/api/auth/%2e/${endpoint}`,
    `/api/auth/a1%2f..%2f${endpoint}`,
    `/api/auth/${first}%2F${tail}`,
    `/api/auth/${first}%2f${tail}`,
    `/api/auth/${first}%5C${tail}`,
    `/api/auth/${first}\\${tail}`,
    `/api/auth/a1\\..\\${endpoint}`,
    `/api/auth/${endpoint}/`,
    `/api/auth/${endpoint}//`,
    `/api/auth/${endpoint}/.`,
    `/api/auth/${endpoint.toUpperCase()}`,
    `/api/auth/${first[0]!.toUpperCase()}${first.slice(1)}/${tail}`,
    `/api/auth/%${first.charCodeAt(0).toString(16)}${first.slice(1)}/${tail}`,
    `/api/auth/${endpoint}?x=/../sign-out`,
  ].map((path) => (tail ? path : path.replace(/\/\/$/, '/')));
}

/** A refusal made by the app: its coded body, with a code the web translates. */
const isCodedByApp = (answer: RawAnswer) => {
  try {
    const code = (JSON.parse(answer.body) as { error?: { code?: string } }).error?.code;
    return code !== undefined && code in ERROR_STATUS;
  } catch {
    return false;
  }
};

describe('auth throttles key on the endpoint better-auth runs, however its path is spelled', () => {
  it('allows no more password guesses than the limit across every spelling of sign-in, and refuses the rest with a code', async () => {
    const user = await createUser(t);
    const max = 3;
    const limited = await listeningApp(max);
    const paths = ['/api/auth/sign-in/email', ...spellingsOf('sign-in/email')];

    const guesses: Array<{ path: string } & RawAnswer> = [];
    for (let round = 0; round < 2; round++) {
      for (const path of paths) guesses.push({ path, ...(await send(limited.port, 'POST', path, { email: user.email, password: 'wrong password' })) });
    }
    const checked = guesses.filter((answer) => answer.status === 401);
    expect(checked.length, JSON.stringify(checked.map((answer) => answer.path))).toBeLessThanOrEqual(max);
    for (const answer of guesses.filter((guess) => guess.status !== 401)) {
      expect(answer.status, answer.path).toBeGreaterThanOrEqual(400);
      expect(answer.status, answer.path).toBeLessThan(500);
      expect(isCodedByApp(answer), `${answer.path} → ${answer.status} ${answer.body}`).toBe(true);
    }

    // The right password, in any spelling, does not get through while the limit holds.
    for (const path of paths) {
      const answer = await send(limited.port, 'POST', path, { email: user.email, password: user.password });
      expect(answer.status, path).not.toBe(200);
    }
  });

  it.each(['sign-up/email', 'request-password-reset', 'reset-password', 'send-verification-email'])(
    'lets no more than the limit of %s requests reach better-auth across every spelling',
    async (endpoint) => {
      const max = 2;
      const limited = await listeningApp(max);
      const payload = { email: `nobody-${endpoint.length}@example.test`, password: 'short', name: 'Camille', token: 'not-a-token', newPassword: 'long enough password' };
      const answers: Array<{ path: string } & RawAnswer> = [];
      for (const path of [`/api/auth/${endpoint}`, ...spellingsOf(endpoint), ...spellingsOf(endpoint)]) {
        answers.push({ path, ...(await send(limited.port, 'POST', path, payload)) });
      }
      // better-auth answers `{ code, message }` (or nothing); the app's own refusals (429, bad paths) are `{ error }`.
      const reached = answers.filter((answer) => !isCodedByApp(answer));
      expect(reached.length, JSON.stringify(reached.map((answer) => `${answer.path} ${answer.status}`))).toBeLessThanOrEqual(max);
      for (const answer of answers) expect(answer.status, answer.path).toBeLessThan(500);
    },
  );

  it('still answers the ordinary spellings: a query string, and the reset link with its token', async () => {
    const limited = await listeningApp(100);
    expect((await send(limited.port, 'GET', '/api/auth/get-session?disableCookieCache=true')).status).toBe(200);
    const reset = await send(limited.port, 'GET', '/api/auth/reset-password/abcDEF123?callbackURL=%2Fauth%2Freset');
    expect(reset.status).toBe(302);
    expect((await send(limited.port, 'GET', '/api/auth/no-such-endpoint')).status).toBe(404);
  });
});

describe('the size of bodies sent to better-auth', () => {
  /**
   * Streams a chunked body (no Content-Length) of up to `total` bytes and stops writing as soon as an answer
   * comes: how much had been written by then tells whether the server read it all.
   */
  function streamChunked(port: number, path: string, total: number) {
    return new Promise<{ status: number; body: string; writtenBeforeAnswer: number }>((resolve, reject) => {
      let written = 0;
      let answered = false;
      const request = http.request({ host: '127.0.0.1', port, method: 'POST', path, headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' } }, (response) => {
        answered = true;
        const writtenBeforeAnswer = written;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), writtenBeforeAnswer });
        });
      });
      request.on('error', (error) => {
        if (!answered) reject(error);
      });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      request.write('{"padding":"');
      const pump = () => {
        while (!answered && written < total) {
          written += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', pump);
        }
        if (!answered) request.end('"}');
      };
      pump();
    });
  }

  it('stops reading a chunked body at 64 KB and answers 413, instead of reading it all', async () => {
    const listening = await listeningApp(100);
    const total = 48 * 1024 * 1024;
    const answer = await streamChunked(listening.port, '/api/auth/sign-out', total);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    // Socket buffers let a few megabytes through before the answer, never the whole body.
    expect(answer.writtenBeforeAnswer).toBeLessThan(total / 2);
  });

  it('still reads an ordinary body in full', async () => {
    const user = await createUser(t);
    const listening = await listeningApp(100);
    const answer = await send(listening.port, 'POST', '/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(answer.status).toBe(200);
  });
});
