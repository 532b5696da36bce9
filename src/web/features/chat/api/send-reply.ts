import { EventSourceParserStream } from 'eventsource-parser/stream';
import { chatStreamEventSchema, type ChatReplyRequest, type ChatStreamEvent } from '@shared/contracts/chat';
import { ERROR_STATUS, type ErrorCode } from '@shared/errors';
import { ApiError, fetchApi, toApiError } from '@web/lib/api-client';

export { chatReplyRequestSchema } from '@shared/contracts/chat';

/**
 * The payloads of a Server-Sent Events body, one string per event, as bytes arrive: decoded in streaming mode (a
 * chunk may end inside a multi-byte character) and read by eventsource-parser, which follows the standard's rules for
 * line ends, comments, other fields, multi-line data and an event left unfinished when the stream ends (not read).
 */
export async function* readEventData(body: ReadableStream<Uint8Array<ArrayBuffer>>): AsyncGenerator<string> {
  const reader = body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield value.data;
    }
    finished = true;
  } finally {
    // The caller stopped early (the `done` event, an error): free the connection rather than leave it open.
    if (finished) reader.releaseLock();
    else reader.cancel().catch(() => undefined);
  }
}

function providerFailed(message: string): ApiError {
  return new ApiError(502, 'CHAT_PROVIDER_FAILED', message);
}

function parseEvent(data: string): ChatStreamEvent {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw providerFailed('Unreadable reply event');
  }
  const parsed = chatStreamEventSchema.safeParse(json);
  if (!parsed.success) throw providerFailed('Unexpected reply event');
  return parsed.data;
}

interface SendReplyOptions {
  /** Called with each piece of the reply as it arrives. */
  onDelta: (text: string) => void;
  /** Called when the safety layer is worried about the person (before the reply's first words). */
  onSafety?: (level: Extract<ChatStreamEvent, { type: 'safety' }>['level']) => void;
  /** Called when the chosen AI service failed and the built-in companion writes this reply instead. */
  onStandIn?: () => void;
  /** Called when the server says the chat must say again who answers, before this reply. */
  onDisclosure?: (reason: Extract<ChatStreamEvent, { type: 'disclosure' }>['reason']) => void;
  /** Aborting (leaving the page) stops reading and rejects with the AbortError. */
  signal?: AbortSignal;
}

/**
 * POST /api/chat/reply: sends the day's conversation (ending with the person's message) and streams
 * the agent's reply. Resolves with the whole reply once the `done` event arrives. A `safety` event (the
 * person may be in danger) goes to `onSafety` and is not part of the reply. Rejects with an
 * ApiError for a refusal before streaming (401, 400, 402, 429, 502), an `error` event, a broken
 * stream or a network failure — whatever was already passed to `onDelta` stays the caller's.
 */
export async function sendReply(request: ChatReplyRequest, { onDelta, onSafety, onStandIn, onDisclosure, signal }: SendReplyOptions): Promise<string> {
  const response = await fetchApi('/api/chat/reply', {
    method: 'POST',
    headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify(request),
    signal,
  });

  if (!response.ok) throw await toApiError(response, 'CHAT_PROVIDER_FAILED');
  if (!response.body) throw providerFailed('Empty reply stream');

  let reply = '';
  try {
    for await (const data of readEventData(response.body)) {
      const event = parseEvent(data);
      switch (event.type) {
        case 'safety':
          onSafety?.(event.level);
          break;
        case 'standIn':
          onStandIn?.();
          break;
        case 'disclosure':
          onDisclosure?.(event.reason);
          break;
        case 'delta':
          if (event.text) {
            reply += event.text;
            onDelta(event.text);
          }
          break;
        case 'done':
          return reply;
        case 'error':
          throw new ApiError(ERROR_STATUS[event.code as ErrorCode] ?? 502, event.code, 'The reply stopped with an error');
      }
    }
  } catch (cause) {
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    if (cause instanceof ApiError) throw cause;
    // The connection broke while reading.
    throw new ApiError(0, 'NETWORK', cause instanceof Error ? cause.message : 'Network error');
  }
  if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
  throw providerFailed('The reply ended before it was complete');
}
