import { useEffect, useRef } from 'react';
import type { ConversationRecord } from '@web/lib/conversation-store';

/** Saves are gathered: one upload a moment after the conversation settles, not one per streamed word. */
export const KEEP_DELAY_MS = 1500;

/**
 * Keeps the day's conversation across devices when the person chose to (and this device is unlocked):
 * encrypted here, then sent. Waits for a quiet moment after each change, and sends what is pending when
 * the chat closes (a memory just made navigates away at once). The crypto code loads on first use.
 */
export function useKeepConversation(record: ConversationRecord | null) {
  const pending = useRef<ConversationRecord | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (next) void import('@web/lib/keeping/keeping-client').then((client) => client.keepConversation(next.userId, next)).catch(() => undefined);
  };

  const lastActivity = record?.lastActivity;
  const memoryId = record?.memoryId;
  const count = record?.messages.length;
  useEffect(() => {
    if (!record) return;
    pending.current = record;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, KEEP_DELAY_MS);
    // Only a new message, reply or memory is worth a save; `record` itself changes with every streamed piece.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record?.conversationId, lastActivity, memoryId, count]);

  useEffect(() => () => flush(), []);
}
