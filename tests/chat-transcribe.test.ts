import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { TRANSCRIBE_MAX_BYTES } from '@shared/contracts/chat';
import { profiles } from '@server/db/schema/index';
import {
  buildAudioForm,
  flacRecording,
  m4aRecording,
  mp3Recording,
  oggRecording,
  pngImage,
  postTranscribe,
  wavRecording,
  webmRecording,
} from './factories/audio';
import { addJournalDay } from './factories/journal-day';
import { createUser } from './factories/user';
import { createTestApp, type TestApp } from './support/app';
import { startOpenAiStandIn } from './support/openai-stand-in';

const standIn = await startOpenAiStandIn({ transcript: '  Today I walked by the river.  ' });
afterAll(() => standIn.close());

const voiceEnv = {
  AI_TRANSCRIBE_BASE_URL: standIn.baseUrl,
  AI_TRANSCRIBE_MODEL: 'stand-in-whisper',
  AI_API_KEY: 'sk-test-key',
  // Long enough for a 25 MB upload to the stand-in on a busy machine (3 s once was not, with a model training
  // beside the suite), short enough to prove the timeout: one test waits it out.
  AI_TIMEOUT_SECONDS: '8',
  RATE_LIMIT_CHAT_MAX: '1000',
};
const t = await createTestApp({ ...voiceEnv, LOG_LEVEL: 'trace' });
const unconfigured = await createTestApp();

const codeOf = (response: { json: () => { error?: { code?: string } } }) => response.json().error?.code;

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Every row of every table of the application's schema, as text. */
async function wholeDatabaseText(app: TestApp): Promise<string> {
  const tables = rowsOf<{ tablename: string }>(await app.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)).map(
    (r) => r.tablename,
  );
  expect(tables).toContain('souvenirs');
  let text = '';
  for (const table of tables) {
    text += rowsOf<{ row: string }>(await app.db.execute(sql.raw(`select t::text as row from "${table}" t`)))
      .map((r) => r.row)
      .join('\n');
  }
  return text;
}

describe('which provider transcribes', () => {
  it('is reported by the health check and the chat status', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().providers.transcription).toBe('openai-compatible');
    expect((await unconfigured.app.inject({ method: 'GET', url: '/api/health' })).json().providers.transcription).toBe('none');

    const user = await createUser(t);
    const status = (app: TestApp) => app.app.inject({ method: 'GET', url: '/api/chat/status', headers: { cookie: user.cookie } });
    expect((await status(t)).json().voice).toBe(true);
    expect((await status(unconfigured)).json().voice).toBe(false);
  });
});

describe('POST /api/chat/transcribe', () => {
  it('transcribes a recording through the provider: trimmed text, language and model forwarded, audio intact', async () => {
    standIn.behaveTranscription('ok');
    const user = await createUser(t);
    const audio = webmRecording(8192);
    const response = await postTranscribe(t, user.cookie, { audio, type: 'audio/webm;codecs=opus', filename: 'my diary.webm' }, '?language=fr');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ text: 'Today I walked by the river.' });
    expect(response.headers['cache-control']).toBe('no-store');

    const sent = standIn.transcriptions.at(-1)!;
    expect(sent.path).toBe('/v1/audio/transcriptions');
    expect(sent.authorization).toBe('Bearer sk-test-key');
    expect(sent.model).toBe('stand-in-whisper');
    expect(sent.language).toBe('fr');
    // The provider is told the sniffed format, not the name the browser gave.
    expect(sent.file).toEqual({
      name: 'recording.webm',
      type: 'audio/webm',
      size: audio.length,
      sha256: createHash('sha256').update(audio).digest('hex'),
    });
  });

  it('accepts every supported container, including the types browsers give recordings', async () => {
    standIn.behaveTranscription('ok');
    const user = await createUser(t);
    const cases = [
      { audio: webmRecording(), type: 'video/webm', name: 'recording.webm' },
      { audio: oggRecording(), type: 'application/ogg', name: 'recording.ogg' },
      { audio: oggRecording(), type: 'audio/ogg;codecs=opus', name: 'recording.ogg' },
      { audio: wavRecording(), type: 'audio/wav', name: 'recording.wav' },
      { audio: mp3Recording(), type: 'audio/mpeg', name: 'recording.mp3' },
      { audio: m4aRecording(), type: 'audio/mp4', name: 'recording.m4a' },
      { audio: flacRecording(), type: 'audio/flac', name: 'recording.flac' },
    ];
    for (const c of cases) {
      const response = await postTranscribe(t, user.cookie, { audio: c.audio, type: c.type });
      expect(response.statusCode, `${c.type}: ${response.body}`).toBe(200);
      expect(standIn.transcriptions.at(-1)!.file!.name).toBe(c.name);
      expect(standIn.transcriptions.at(-1)!.language).toBe('en');
    }
  });

  it('refuses signed-out visitors first, whatever they send', async () => {
    const before = standIn.transcriptions.length;
    for (const upload of [
      { audio: webmRecording() },
      { payload: JSON.stringify({ audio: 'x' }), headers: { 'content-type': 'application/json' } },
    ]) {
      const response = await postTranscribe(t, undefined, upload, '?language=xx');
      expect(response.statusCode).toBe(401);
      expect(codeOf(response)).toBe('UNAUTHENTICATED');
    }
    expect(standIn.transcriptions.length).toBe(before);
  });

  it('refuses a bad or missing language and a missing recording with coded fields', async () => {
    const user = await createUser(t);
    for (const query of ['?language=de', '', '?language=']) {
      const response = await postTranscribe(t, user.cookie, { audio: webmRecording() }, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { language: ['validation.languageRequired'] } });
    }

    const onlyFields = new FormData();
    onlyFields.append('note', 'hello');
    const encoded = new Response(onlyFields);
    const noFile = { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
    const cases = [
      ['a form without a file', noFile],
      ['a file in another field', await buildAudioForm({ audio: webmRecording(), field: 'file' })],
      ['no body at all', { payload: '', headers: {} }],
      ['an empty recording', await buildAudioForm({ audio: Buffer.alloc(0) })],
    ] as const;
    for (const [name, upload] of cases) {
      const response = await postTranscribe(t, user.cookie, upload);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().error, name).toMatchObject({ code: 'VALIDATION_FAILED', fields: { audio: ['validation.audioRequired'] } });
    }
  });

  it('answers coded errors, never a 500, to bodies that are not a readable form', async () => {
    const user = await createUser(t);
    const form = await buildAudioForm({ audio: webmRecording() });
    const boundary = /boundary=(.+)$/.exec(form.headers['content-type'])![1]!;
    const cases = [
      { name: 'JSON', payload: JSON.stringify({ audio: 'aGVsbG8=' }), type: 'application/json', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      { name: 'raw audio', payload: webmRecording(), type: 'audio/webm', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      { name: 'url-encoded', payload: 'audio=x', type: 'application/x-www-form-urlencoded', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      { name: 'no boundary', payload: form.payload, type: 'multipart/form-data', status: 400, code: 'BAD_REQUEST' },
      { name: 'wrong boundary', payload: form.payload, type: 'multipart/form-data; boundary=nope', status: 400, code: 'BAD_REQUEST' },
      { name: 'cut short', payload: form.payload.subarray(0, form.payload.length - 200), type: form.headers['content-type'], status: 400, code: 'BAD_REQUEST' },
      { name: 'garbage', payload: 'not a form at all', type: `multipart/form-data; boundary=${boundary}`, status: 400, code: 'BAD_REQUEST' },
      {
        name: 'too many fields',
        payload: (await buildAudioForm({ audio: webmRecording(), fields: Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`f${i}`, 'v'])) })).payload,
        type: 'replace-me',
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      },
    ];
    for (const c of cases) {
      const type =
        c.type === 'replace-me'
          ? `multipart/form-data; boundary=${/^--(.+)\r\n/.exec(c.payload.toString('latin1'))![1]}`
          : c.type;
      const response = await postTranscribe(t, user.cookie, { payload: c.payload, headers: { 'content-type': type } });
      expect(response.statusCode, `${c.name}: ${response.body}`).toBe(c.status);
      expect(codeOf(response), c.name).toBe(c.code);
    }
    expect(t.logs.join('')).not.toContain('"statusCode":500');
  });

  it('refuses a person who needs a subscription before anything else about the recording', async () => {
    const user = await createUser(t);
    await addJournalDay(t, user.id, '2025-02-01');
    const before = standIn.transcriptions.length;
    for (const upload of [{ audio: webmRecording() }, { audio: pngImage(), type: 'image/png' }]) {
      const response = await postTranscribe(t, user.cookie, upload);
      expect(response.statusCode).toBe(402);
      expect(codeOf(response)).toBe('SUBSCRIPTION_REQUIRED');
    }
    // The same refusal without a provider: access comes first.
    expect(codeOf(await postTranscribe(unconfigured, user.cookie, { audio: webmRecording() }))).toBe('SUBSCRIPTION_REQUIRED');
    expect(standIn.transcriptions.length).toBe(before);

    await t.db.update(profiles).set({ freeAccess: true }).where(eq(profiles.id, user.id));
    expect((await postTranscribe(t, user.cookie, { audio: webmRecording() })).statusCode).toBe(200);
  });

  it('answers 503 when no transcription provider is configured', async () => {
    const user = await createUser(unconfigured);
    for (const upload of [{ audio: webmRecording() }, { audio: pngImage(), type: 'image/png' }]) {
      const response = await postTranscribe(unconfigured, user.cookie, upload);
      expect(response.statusCode).toBe(503);
      expect(codeOf(response)).toBe('TRANSCRIPTION_UNAVAILABLE');
    }
  });

  it('refuses content that is not audio, by its declared type and by its bytes', async () => {
    standIn.behaveTranscription('ok');
    const user = await createUser(t);
    const before = standIn.transcriptions.length;
    const cases = [
      { name: 'an image declared as an image', audio: pngImage(), type: 'image/png' },
      { name: 'an image declared as audio', audio: pngImage(), type: 'audio/webm' },
      { name: 'text declared as audio', audio: Buffer.from('Dear diary, today was long.'), type: 'audio/wav' },
      { name: 'audio declared as text', audio: wavRecording(), type: 'text/plain' },
      { name: 'audio declared as a binary file', audio: webmRecording(), type: 'application/octet-stream' },
    ];
    for (const c of cases) {
      const response = await postTranscribe(t, user.cookie, { audio: c.audio, type: c.type });
      expect(response.statusCode, c.name).toBe(415);
      expect(codeOf(response), c.name).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(standIn.transcriptions.length).toBe(before);
  });

  it('refuses a recording over 25 MB, announced or streamed, and takes one of exactly 25 MB', async () => {
    standIn.behaveTranscription('ok');
    const user = await createUser(t);
    const before = standIn.transcriptions.length;
    const tooBig = await buildAudioForm({ audio: webmRecording(TRANSCRIBE_MAX_BYTES + 1), type: 'audio/webm' });

    const announced = await postTranscribe(t, user.cookie, tooBig);
    expect(announced.statusCode).toBe(413);
    expect(codeOf(announced)).toBe('PAYLOAD_TOO_LARGE');

    // Without a length up front (chunked): the parser's own limit cuts the stream.
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/api/chat/transcribe?language=en',
      headers: { ...tooBig.headers, cookie: user.cookie },
      payload: Readable.from(chunksOf(tooBig.payload, 256 * 1024)),
    });
    expect(streamed.statusCode).toBe(413);
    expect(codeOf(streamed)).toBe('PAYLOAD_TOO_LARGE');
    expect(standIn.transcriptions.length).toBe(before);

    const largest = wavRecording((TRANSCRIBE_MAX_BYTES - 44) / 32_000);
    expect(largest.length).toBe(TRANSCRIBE_MAX_BYTES);
    const accepted = await postTranscribe(t, user.cookie, { audio: largest, type: 'audio/wav' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(standIn.transcriptions.at(-1)!.file!.size).toBe(TRANSCRIBE_MAX_BYTES);
  });

  it('answers an oversized upload at the limit over a real connection, keeping none of the rest', async () => {
    const user = await createUser(t);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const logsBefore = t.logs.length;
    const form = await buildAudioForm({ audio: Buffer.alloc(0), type: 'audio/webm' });
    // The form's head (boundary and part headers), then a recording that goes on for 60 MB unless the server
    // answers first: it must answer at the limit, not after reading (or keeping) everything.
    const head = form.payload.subarray(0, form.payload.indexOf('\r\n\r\n') + 4);
    const result = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
      let sent = 0;
      let status = 0;
      const request = http.request(`${address}/api/chat/transcribe?language=en`, {
        method: 'POST',
        agent: false,
        headers: { ...form.headers, cookie: user.cookie },
      });
      request.on('response', (response) => {
        status = response.statusCode ?? 0;
        response.resume();
        response.on('end', () => resolve({ status, sent }));
      });
      // Under load the server may close the connection (after answering) while a chunk is still being
      // written: the client then sees EPIPE or ECONNRESET instead of reading the answer. That is fine as long
      // as the server did answer 413 (checked in its log below) before the whole upload was sent.
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve({ status, sent });
        else reject(error);
      });
      request.write(head);
      const chunk = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(1024 * 1024 - 4)]);
      const pump = () => {
        while (!status && sent < 60 * 1024 * 1024) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', pump);
        }
        request.end();
      };
      pump();
    });
    if (result.status !== 0) expect(result.status).toBe(413);
    expect(result.sent).toBeLessThan(60 * 1024 * 1024);
    await vi.waitFor(() => expect(t.logs.slice(logsBefore).join('')).toContain('"statusCode":413'));
  });

  it('answers 502 without the provider’s words when it fails, hears nothing or never answers', async () => {
    const user = await createUser(t);

    standIn.behaveTranscription('error');
    const failed = await postTranscribe(t, user.cookie, { audio: webmRecording() });
    expect(failed.statusCode).toBe(502);
    expect(codeOf(failed)).toBe('TRANSCRIPTION_FAILED');
    expect(failed.body).not.toContain('on purpose');
    expect(t.logs.join('')).toContain('"upstreamStatus":500');

    standIn.behaveTranscription('empty');
    const empty = await postTranscribe(t, user.cookie, { audio: webmRecording() });
    expect(empty.statusCode).toBe(502);
    expect(codeOf(empty)).toBe('TRANSCRIPTION_FAILED');

    standIn.behaveTranscription('hang');
    const hung = await postTranscribe(t, user.cookie, { audio: webmRecording() });
    expect(hung.statusCode).toBe(502);
    expect(codeOf(hung)).toBe('TRANSCRIPTION_FAILED');
    expect(t.logs.join('')).toContain('"reason":"timeout"');

    standIn.behaveTranscription('ok');
    expect((await postTranscribe(t, user.cookie, { audio: webmRecording() })).statusCode).toBe(200);
  });
});

describe('per-person rate limit of transcriptions', () => {
  it('answers 429 after too many in a minute, for that person only; refused uploads do not count', async () => {
    standIn.behaveTranscription('ok');
    const limited = await createTestApp({ ...voiceEnv, RATE_LIMIT_CHAT_MAX: '2' });
    const [first, second] = [await createUser(limited), await createUser(limited)];
    expect((await postTranscribe(limited, first.cookie, { audio: pngImage(), type: 'image/png' })).statusCode).toBe(415);
    for (let i = 0; i < 2; i++) expect((await postTranscribe(limited, first.cookie, { audio: webmRecording() })).statusCode).toBe(200);
    const blocked = await postTranscribe(limited, first.cookie, { audio: webmRecording() });
    expect(blocked.statusCode).toBe(429);
    expect(codeOf(blocked)).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await postTranscribe(limited, second.cookie, { audio: webmRecording() })).statusCode).toBe(200);
  });
});

describe('privacy of recordings', () => {
  it('keeps no trace of the transcript or the audio in the database or the logs', async () => {
    const phrase = `velvet-heron-${randomBytes(6).toString('hex')}`;
    const marker = `audio-marker-${randomBytes(6).toString('hex')}`;
    standIn.setTranscript(`I saw a ${phrase} this morning.`);
    const audio = Buffer.concat([webmRecording(1024), Buffer.from(marker), webmRecording(1024).subarray(4)]);
    const user = await createUser(t);

    standIn.behaveTranscription('ok');
    const ok = await postTranscribe(t, user.cookie, { audio, filename: `${marker}.webm` });
    expect(ok.json().text).toContain(phrase);
    standIn.behaveTranscription('error');
    expect((await postTranscribe(t, user.cookie, { audio })).statusCode).toBe(502);
    standIn.behaveTranscription('ok');

    const database = await wholeDatabaseText(t);
    const logs = t.logs.join('');
    expect(logs).toContain('/api/chat/transcribe');
    for (const secret of [phrase, marker]) {
      expect(database).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
    // Nor the session cookie, which the multipart parser traces with its options.
    expect(logs).not.toContain(user.cookie.split('=')[1]!);
  });
});

function* chunksOf(buffer: Buffer, size: number) {
  for (let offset = 0; offset < buffer.length; offset += size) yield buffer.subarray(offset, offset + size);
}
