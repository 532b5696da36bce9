// Voice messages: Chromium's fake microphone (see support/browser.ts) records a tone, the app uploads it, a local
// OpenAI-compatible stand-in transcribes it and streams the reply; and without a transcription service the
// microphone only shows to administrators, explaining where to turn voice on, and not at all to anyone else.
import { createHash } from 'node:crypto';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { openChat, readMessages, toast, waitForReplies } from './support/chat';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { signedInUser } from './support/users';
import { startOpenAiStandIn } from '@tests/support/openai-stand-in';

const t = ui('en');
const TRANSCRIPT = 'Today I fed the ducks at the pond with my nephew.';
/** Recorded audio to wait for before stopping: a second or so of Opus from the fake microphone. */
const RECORDED_BYTES = 4_000;

// Started before the suites are declared: the app's environment needs its address.
const standIn = await startOpenAiStandIn({
  transcript: TRANSCRIPT,
  chunks: ['Feeding ', 'the ducks ', 'with your ', 'nephew sounds ', 'lovely. ', 'What made ', 'you smile?'],
});
afterAll(() => standIn.close());

/** Counts the page's requests for a microphone, from before the app's first script runs. */
async function countMicrophoneRequests(context: BrowserContext) {
  await context.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const original = devices.getUserMedia.bind(devices);
    const counter = window as unknown as { __microphoneRequests: number };
    counter.__microphoneRequests = 0;
    devices.getUserMedia = (constraints) => {
      counter.__microphoneRequests++;
      return original(constraints);
    };
  });
  return (page: Page) => page.evaluate(() => (window as unknown as { __microphoneRequests: number }).__microphoneRequests);
}

/**
 * Counts the bytes the page's MediaRecorder has captured. `waitForRecorded` asks the recorder for what it holds
 * (`requestData`: the app keeps every piece it is given) until there is enough, instead of sleeping a fixed time
 * that a slow machine may spend before recording even starts.
 */
async function watchRecordings(context: BrowserContext) {
  await context.addInitScript(() => {
    const watched = window as unknown as { __recorder?: MediaRecorder; __recordedBytes: number };
    watched.__recordedBytes = 0;
    const start = MediaRecorder.prototype.start;
    MediaRecorder.prototype.start = function (this: MediaRecorder, timeslice?: number) {
      watched.__recorder = this;
      this.addEventListener('dataavailable', (event) => {
        watched.__recordedBytes += event.data.size;
      });
      start.call(this, timeslice);
    };
  });
  return (page: Page, bytes: number) =>
    page.waitForFunction(
      (minimum) => {
        const watched = window as unknown as { __recorder?: MediaRecorder; __recordedBytes: number };
        if (watched.__recorder?.state === 'recording') watched.__recorder.requestData();
        return watched.__recordedBytes >= minimum;
      },
      bytes,
      { polling: 250 },
    );
}

/** The recording inside the browser's multipart upload, read with the platform's own parser. */
async function recordingOf(request: Request) {
  const body = request.postDataBuffer();
  expect(body, 'the upload has a body').not.toBeNull();
  const form = await new globalThis.Request('http://upload.local/', {
    method: 'POST',
    headers: { 'content-type': (await request.allHeaders())['content-type'] ?? '' },
    body: new Uint8Array(body!),
  }).formData();
  const audio = form.get('audio');
  expect(audio).toBeInstanceOf(Blob);
  const bytes = Buffer.from(await (audio as Blob).arrayBuffer());
  return { type: (audio as Blob).type, sha256: createHash('sha256').update(bytes).digest('hex') };
}

describe('with a transcription service', () => {
  const s = setupSuite({
    app: { env: { AI_BASE_URL: standIn.baseUrl, AI_API_KEY: 'test', AI_TRANSCRIBE_MODEL: 'whisper-1' } },
  });

  it('records, transcribes through the service, sends the words as the person’s message and streams the reply', async () => {
    const { page, context } = await openPage(s.browser);
    const microphoneRequests = await countMicrophoneRequests(context);
    const waitForRecorded = await watchRecordings(context);
    await signedInUser(context, s.app);
    await openChat(page, s.app);

    const mic = page.getByTestId('chat-mic');
    expect(await mic.getAttribute('aria-label')).toBe(t.voiceRecord);
    expect(await mic.getAttribute('aria-pressed')).toBe('false');
    expect(await mic.getAttribute('aria-disabled')).toBeNull();

    await mic.click();
    await page.locator('[data-testid="chat-mic"][aria-pressed="true"]').waitFor();
    expect(await mic.getAttribute('aria-label')).toBe(t.voiceStop);
    await toast(page, t.voiceRecording).waitFor();
    expect(await microphoneRequests(page)).toBe(1);

    await waitForRecorded(page, RECORDED_BYTES);
    const upload = page.waitForRequest((request) => request.url().includes('/api/chat/transcribe'));
    await mic.click();
    const uploaded = await upload;
    expect(new URL(uploaded.url()).searchParams.get('language')).toBe('en');
    const sent = await recordingOf(uploaded);

    // The transcript becomes the person's message, and the stand-in's reply follows it.
    await waitForReplies(page, 2);
    const messages = await readMessages(page);
    expect(messages.map((m) => [m.author, m.kind])).toEqual([
      ['agent', 'welcome'],
      ['user', null],
      ['agent', null],
    ]);
    expect(messages.slice(1).map((m) => m.text)).toEqual([TRANSCRIPT, standIn.reply]);
    await toast(page, t.voiceSent).waitFor();
    await page.locator('[data-testid="chat-mic"][aria-pressed="false"]').waitFor();

    // One upload reached the service, as the configured model, in the interface language, as a WebM recording.
    expect(standIn.transcriptions).toHaveLength(1);
    const heard = standIn.transcriptions[0]!;
    expect(heard.path).toBe('/v1/audio/transcriptions');
    expect(heard.authorization).toBe('Bearer test');
    expect(heard.model).toBe('whisper-1');
    expect(heard.language).toBe('en');
    expect(heard.file).not.toBeNull();
    expect(heard.file!.type).toBe('audio/webm');
    expect(heard.file!.name).toMatch(/\.webm$/);
    expect(heard.file!.size, 'the whole recording is sent').toBeGreaterThanOrEqual(RECORDED_BYTES);
    expect(heard.file!.sha256, 'the very bytes the browser recorded').toBe(sent.sha256);
    expect(sent.type).toMatch(/^audio\/webm/);

    // The reply was asked for with the transcript as the person's latest words.
    expect(standIn.chats()).toHaveLength(1);
    expect(standIn.chats()[0]!.body.stream).toBe(true);
    expect(standIn.chats()[0]!.body.messages.at(-1)).toEqual({ role: 'user', content: TRANSCRIPT });
  });
});

describe('without a transcription service', () => {
  const s = setupSuite();

  it('shows administrators a microphone that explains where to turn voice on, recording nothing; others see none', async () => {
    const { page, context } = await openPage(s.browser);
    const microphoneRequests = await countMicrophoneRequests(context);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/chat/transcribe')) uploads.push(request.url());
    });
    // The first account of a fresh app is its administrator.
    await signedInUser(context, s.app);
    await openChat(page, s.app);

    const mic = page.getByTestId('chat-mic');
    expect(await mic.getAttribute('aria-disabled')).toBe('true');
    expect(await mic.getAttribute('aria-pressed')).toBe('false');
    const description = await mic.evaluate((button) =>
      (button.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim(),
    );
    expect(description).toBe(t.voiceAdminUnavailable);

    // Playwright treats aria-disabled as disabled and would wait forever; a person can still press it.
    await mic.click({ force: true });
    await toast(page, t.voiceAdminUnavailable).waitFor();
    expect(await mic.getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByText(t.voiceRecording).count(), 'no recording status').toBe(0);
    expect(await microphoneRequests(page), 'the microphone was never asked for').toBe(0);
    expect(uploads).toEqual([]);
    // The chat itself still works by typing.
    await page.getByRole('textbox', { name: t.chatInput }).waitFor();

    // The server agrees: no transcription service, no transcription.
    const answer = await page.evaluate(async () => {
      const form = new FormData();
      form.append('audio', new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0])], { type: 'audio/webm' }), 'voice.webm');
      const res = await fetch('/api/chat/transcribe?language=en', { method: 'POST', body: form });
      return { status: res.status, body: (await res.json()) as { error?: { code?: string } } };
    });
    expect(answer.status).toBe(503);
    expect(answer.body.error?.code).toBe('TRANSCRIPTION_UNAVAILABLE');

    // Someone who is not an administrator simply has no microphone.
    const other = await openPage(s.browser);
    await signedInUser(other.context, s.app);
    await openChat(other.page, s.app);
    await other.page.getByRole('textbox', { name: t.chatInput }).waitFor();
    expect(await other.page.getByTestId('chat-mic').count()).toBe(0);
  });
});
