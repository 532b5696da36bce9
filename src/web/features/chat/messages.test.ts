import { CHAT_MESSAGE_MAX, CHAT_MESSAGES_MAX, CHAT_TOTAL_MAX, chatReplyRequestSchema } from '@shared/contracts/chat';
import { describe, expect, it } from 'vitest';
import { createMessage, hasEnoughToFinish, isSessionFresh, toReplyMessages } from './messages';

const agent = (content: string) => createMessage(content, false);
const person = (content: string) => createMessage(content, true);

describe('hasEnoughToFinish', () => {
  it('needs three messages, at least one of them the person’s', () => {
    const welcome = createMessage('Hello', false, 'welcome');
    expect(hasEnoughToFinish([welcome, person('Hi')])).toBe(false);
    expect(hasEnoughToFinish([welcome, person('Hi'), agent('Tell me')])).toBe(true);
    expect(hasEnoughToFinish([welcome, agent('a'), agent('b')])).toBe(false);
  });

  it('does not count the apologies added after a failure', () => {
    const messages = [createMessage('Hello', false, 'welcome'), person('Hi'), createMessage('Sorry', false, 'fallback')];
    expect(hasEnoughToFinish(messages)).toBe(false);
  });
});

describe('isSessionFresh', () => {
  it('is fresh today for 30 minutes after the last activity, not a millisecond more', () => {
    const now = new Date(2026, 2, 10, 20, 0).getTime();
    expect(isSessionFresh({ sessionDate: '2026-03-10', lastActivity: now - 30 * 60_000 }, now)).toBe(true);
    expect(isSessionFresh({ sessionDate: '2026-03-10', lastActivity: now - 30 * 60_000 - 1 }, now)).toBe(false);
    expect(isSessionFresh({ sessionDate: '2026-03-09', lastActivity: now }, now)).toBe(false);
  });
});

describe('toReplyMessages', () => {
  it('maps roles, leaves out the apologies and empty parts', () => {
    const messages = [createMessage('Hello', false, 'welcome'), person('Hi'), createMessage('Sorry', false, 'fallback'), agent('  '), person('Again')];
    expect(toReplyMessages(messages)).toEqual([
      { role: 'assistant', content: 'Hello' },
      { role: 'user', content: 'Hi' },
      { role: 'user', content: 'Again' },
    ]);
  });

  it('fits a very long day within the contract’s limits, keeping the latest messages', () => {
    const messages = Array.from({ length: 90 }, (_, i) => (i % 2 ? person(`${i} ${'x'.repeat(CHAT_MESSAGE_MAX + 50)}`) : agent(`${i} ${'y'.repeat(2000)}`)));
    const request = toReplyMessages(messages);

    expect(request.length).toBeLessThanOrEqual(CHAT_MESSAGES_MAX);
    expect(request.reduce((sum, m) => sum + m.content.length, 0)).toBeLessThanOrEqual(CHAT_TOTAL_MAX);
    expect(request.at(-1)?.content.startsWith('89 ')).toBe(true);
    expect(
      chatReplyRequestSchema.safeParse({ conversationId: '6f1c1d8e-4b7a-4f5e-9a55-1c2d3e4f5a6b', language: 'en', messages: request }).success,
    ).toBe(true);
  });
});
