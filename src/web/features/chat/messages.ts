import { CHAT_MESSAGE_MAX, CHAT_MESSAGES_MAX, CHAT_TOTAL_MAX, type ChatMessage } from '@shared/contracts/chat';
import { INACTIVITY_THRESHOLD_MS, MESSAGES_BEFORE_GENERATION } from '@shared/limits';
import { localDateKey, localTime, type ConversationRecord, type StoredMessage } from '@web/lib/conversation-store';

export function createMessage(content: string, isUser: boolean, kind?: StoredMessage['kind'], now = Date.now()): StoredMessage {
  const message: StoredMessage = { id: crypto.randomUUID(), content, isUser, timestamp: localTime(new Date(now)), createdAt: now };
  return kind ? { ...message, kind } : message;
}

/** A session lasts while it is today's (local day) and has not been quiet for more than 30 minutes. */
export function isSessionFresh(record: Pick<ConversationRecord, 'sessionDate' | 'lastActivity'>, now = Date.now()): boolean {
  return record.sessionDate === localDateKey(new Date(now)) && now - record.lastActivity <= INACTIVITY_THRESHOLD_MS;
}

/**
 * What counts as the conversation: every message except the apologies the app adds after a failure.
 * Finishing needs MESSAGES_BEFORE_GENERATION of them and at least one from the person — see
 * docs/decisions/0009-finish-button-message-count.md.
 */
export function hasEnoughToFinish(messages: StoredMessage[]): boolean {
  const conversation = messages.filter((m) => m.kind !== 'fallback');
  return conversation.length >= MESSAGES_BEFORE_GENERATION && conversation.some((m) => m.isUser);
}

/**
 * The request's view of the conversation: the apologies are left out (they were never the agent's
 * words), and the oldest messages give way when the day's talk outgrows the contract's limits.
 */
export function toReplyMessages(messages: StoredMessage[]): ChatMessage[] {
  const all = messages
    .filter((m) => m.kind !== 'fallback' && m.content.trim())
    .map<ChatMessage>((m) => ({ role: m.isUser ? 'user' : 'assistant', content: m.content.trim().slice(0, CHAT_MESSAGE_MAX) }));
  const recent = all.slice(-CHAT_MESSAGES_MAX);
  let total = recent.reduce((sum, m) => sum + m.content.length, 0);
  while (recent.length > 1 && total > CHAT_TOTAL_MAX) total -= recent.shift()?.content.length ?? 0;
  return recent;
}
