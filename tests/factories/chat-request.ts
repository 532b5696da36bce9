import { randomUUID } from 'node:crypto';
import type { ChatReplyRequest, ChatStreamEvent } from '@shared/contracts/chat';
import type { TestApp } from '../support/app';

export const buildChatRequest = (overrides: Partial<ChatReplyRequest> = {}): ChatReplyRequest => ({
  conversationId: randomUUID(),
  language: 'en',
  messages: [{ role: 'user', content: 'Today I walked by the river and felt calm.' }],
  ...overrides,
});

export const postChatReply = (t: TestApp, cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/chat/reply',
    headers: cookie ? { cookie } : {},
    payload: payload as Record<string, unknown>,
  });

/** The events of a Server-Sent Events body (inject returns it whole). */
export const eventsOf = (body: string): ChatStreamEvent[] =>
  body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as ChatStreamEvent);

/** The reply's text, put back together from its deltas. */
export const textOf = (events: ChatStreamEvent[]) => events.map((e) => (e.type === 'delta' ? e.text : '')).join('');
