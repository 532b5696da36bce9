import type { ChatReplyRequest } from '@shared/contracts/chat';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { apiError, mockFetch } from '@web/testing/mock-fetch';
import { readEventData, sendReply } from './send-reply';

const encoder = new TextEncoder();

/** A body delivered in exactly these pieces (strings are UTF-8 encoded; byte arrays pass as they are). */
function bodyOf(chunks: (string | Uint8Array<ArrayBuffer>)[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

function sse(chunks: (string | Uint8Array<ArrayBuffer>)[]): Response {
  return new Response(bodyOf(chunks), { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

const event = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;

const request: ChatReplyRequest = {
  conversationId: '6f1c1d8e-4b7a-4f5e-9a55-1c2d3e4f5a6b',
  language: 'en',
  messages: [{ role: 'user', content: 'My day was long' }],
};

async function collect(body: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<string[]> {
  const all: string[] = [];
  for await (const data of readEventData(body)) all.push(data);
  return all;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readEventData (SSE parsing)', () => {
  it('reassembles events split anywhere across chunks, including mid-line and mid-separator', async () => {
    const text = event({ type: 'delta', text: 'Hello' }) + event({ type: 'delta', text: ' there' }) + event({ type: 'done' });
    const pieces = [text.slice(0, 3), text.slice(3, 17), text.slice(17, 40), text.slice(40, 41), text.slice(41)];
    expect(await collect(bodyOf(pieces))).toEqual([
      '{"type":"delta","text":"Hello"}',
      '{"type":"delta","text":" there"}',
      '{"type":"done"}',
    ]);
  });

  it('keeps a multi-byte character whole when its bytes arrive in two chunks', async () => {
    const bytes = encoder.encode(event({ type: 'delta', text: 'Très bien 🌙' }));
    const cut = bytes.indexOf(0xc3) + 1; // between the two bytes of "è"
    const moonCut = bytes.length - 6; // inside the four bytes of the emoji
    const data = await collect(bodyOf([bytes.slice(0, cut), bytes.slice(cut, moonCut), bytes.slice(moonCut)]));
    expect(data.map((d): unknown => JSON.parse(d))).toEqual([{ type: 'delta', text: 'Très bien 🌙' }]);
  });

  it('accepts CRLF line ends, ignores comments and other fields, joins multi-line data and drops an event the stream left unfinished', async () => {
    const data = await collect(bodyOf([': keep-alive\r\n\r\nevent: message\r\ndata: {"a":\r\ndata: 1}\r\n\r\ndata:{"type":"done"}']));
    expect(data).toEqual(['{"a":\n1}']);
  });

  it('stops the body once the caller has what it wanted, rather than leave the connection open', async () => {
    let stopped!: (reason: unknown) => void;
    const cancelled = new Promise((resolve) => (stopped = resolve));
    const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        controller.enqueue(encoder.encode(event({ type: 'done' }) + event({ type: 'delta', text: 'late' })));
      },
      cancel: (reason) => stopped(reason),
    });
    for await (const data of readEventData(body)) {
      expect(data).toBe('{"type":"done"}');
      break;
    }
    await cancelled;
  });

  it('does not mistake a CRLF split between two chunks for the end of an event', async () => {
    const data = await collect(bodyOf(['data: {"a":\r', '\ndata: 1}\r\n\r\n']));
    expect(data).toEqual(['{"a":\n1}']);
  });
});

describe('sendReply', () => {
  it('posts the conversation with the session cookie and streams each piece to onDelta', async () => {
    const { requests, fetchMock } = mockFetch({
      'POST /api/chat/reply': () =>
        sse([event({ type: 'delta', text: 'It sounds ' }).slice(0, 10), event({ type: 'delta', text: 'It sounds ' }).slice(10), event({ type: 'delta', text: 'like a lot.' }), event({ type: 'done' })]),
    });
    const onDelta = vi.fn();

    await expect(sendReply(request, { onDelta })).resolves.toBe('It sounds like a lot.');
    expect(onDelta.mock.calls).toEqual([['It sounds '], ['like a lot.']]);
    expect(requests).toEqual([{ method: 'POST', path: '/api/chat/reply', body: request }]);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'same-origin' });
  });

  it('rejects with the coded error of an `error` event, after the deltas that came before it', async () => {
    mockFetch({ 'POST /api/chat/reply': () => sse([event({ type: 'delta', text: 'Part' }), event({ type: 'error', code: 'CHAT_PROVIDER_FAILED' })]) });
    const onDelta = vi.fn();

    const error = await sendReply(request, { onDelta }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'CHAT_PROVIDER_FAILED', status: 502 });
    expect(onDelta).toHaveBeenCalledWith('Part');
  });

  it('hands a `safety` event to onSafety and keeps it out of the reply', async () => {
    mockFetch({
      'POST /api/chat/reply': () =>
        sse([event({ type: 'safety', level: 'crisis' }), event({ type: 'delta', text: 'I am here ' }), event({ type: 'delta', text: 'with you.' }), event({ type: 'done' })]),
    });
    const calls: string[] = [];
    const reply = await sendReply(
      { ...request, country: 'FR' },
      { onSafety: (level) => calls.push(`safety:${level}`), onDelta: (text) => calls.push(`delta:${text}`) },
    );
    expect(reply).toBe('I am here with you.');
    expect(calls).toEqual(['safety:crisis', 'delta:I am here ', 'delta:with you.']);
  });

  it('reads a `safety` event without an onSafety listener as nothing to show', async () => {
    mockFetch({ 'POST /api/chat/reply': () => sse([event({ type: 'safety', level: 'concern' }), event({ type: 'delta', text: 'Tell me.' }), event({ type: 'done' })]) });
    await expect(sendReply(request, { onDelta: () => {} })).resolves.toBe('Tell me.');
  });

  it('treats a safety event with an unknown level as a failed reply', async () => {
    mockFetch({ 'POST /api/chat/reply': () => sse([event({ type: 'safety', level: 'none' }), event({ type: 'done' })]) });
    await expect(sendReply(request, { onDelta: () => {} })).rejects.toMatchObject({ code: 'CHAT_PROVIDER_FAILED' });
  });

  it.each([
    [401, 'UNAUTHENTICATED'],
    [402, 'SUBSCRIPTION_REQUIRED'],
    [429, 'RATE_LIMITED'],
    [502, 'CHAT_PROVIDER_FAILED'],
  ])('rejects a JSON error answer (%i) with its code, before any delta', async (status, code) => {
    mockFetch({ 'POST /api/chat/reply': () => apiError(status, code) });
    const onDelta = vi.fn();
    await expect(sendReply(request, { onDelta })).rejects.toMatchObject({ name: 'ApiError', status, code });
    expect(onDelta).not.toHaveBeenCalled();
  });

  it('treats a stream that ends without `done` as a failed reply', async () => {
    mockFetch({ 'POST /api/chat/reply': () => sse([event({ type: 'delta', text: 'Half a' })]) });
    await expect(sendReply(request, { onDelta: () => {} })).rejects.toMatchObject({ code: 'CHAT_PROVIDER_FAILED' });
  });

  it('treats an unreadable event as a failed reply', async () => {
    mockFetch({ 'POST /api/chat/reply': () => sse(['data: {"type":"smile"}\n\n']) });
    await expect(sendReply(request, { onDelta: () => {} })).rejects.toMatchObject({ code: 'CHAT_PROVIDER_FAILED' });
  });

  it('reports an unreachable server as NETWORK', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(sendReply(request, { onDelta: () => {} })).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
  });

  it('stops reading when aborted (leaving the page) and rejects with an AbortError', async () => {
    const controller = new AbortController();
    let pull!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        pull = c;
        c.enqueue(encoder.encode(event({ type: 'delta', text: 'Hello' })));
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        init.signal?.addEventListener('abort', () => pull.error(new DOMException('Aborted', 'AbortError')));
        return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
      }),
    );

    const promise = sendReply(request, {
      signal: controller.signal,
      onDelta: () => controller.abort(),
    });
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
  });
});
