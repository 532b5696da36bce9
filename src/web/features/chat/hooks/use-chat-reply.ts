import type { SafetyCountry } from '@shared/safety';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '@web/lib/api-client';
import { chatStatusBaseKey } from '@web/lib/api/get-chat-status';
import type { ConversationSafety, StoredMessage } from '@web/lib/conversation-store';
import { currentLanguage } from '@web/lib/i18n';
import { sendReply } from '../api/send-reply';
import { createMessage, toReplyMessages } from '../messages';
import type { Conversation } from './use-conversation';

/** idle → waiting (typing indicator, nothing received yet) → streaming (the reply grows) → idle. */
export type ReplyPhase = 'idle' | 'waiting' | 'streaming';

const ERROR_TOAST_ID = 'chat-reply-error';

const SAFETY_RANK: Record<ConversationSafety, number> = { concern: 1, crisis: 2 };

/** A conversation's safety level only rises: a calmer turn after a crisis does not take the help away. */
export function raiseSafety(current: ConversationSafety | undefined, level: ConversationSafety): ConversationSafety {
  return current && SAFETY_RANK[current] >= SAFETY_RANK[level] ? current : level;
}

interface ChatReplyOptions {
  /** The country whose helplines the chat shows, sent with each request so referrals are counted by country. */
  country?: SafetyCountry;
}

/**
 * The message flow: the person's message is appended and stored, the typing indicator shows until
 * the reply starts, the reply grows as it streams and is stored when complete. On failure: a toast in
 * our words and an apology from the agent (stored too), keeping whatever part of the reply arrived.
 * Leaving the page aborts the request. When the safety layer is worried, the conversation's record
 * keeps its level (which the page turns into the help panel or a warmer help button) and the reply
 * streams in as usual: the companion keeps talking.
 */
export function useChatReply(conversation: Conversation, { country }: ChatReplyOptions = {}) {
  const { t } = useTranslation(['chat', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<ReplyPhase>('idle');
  const [streamingId, setStreamingId] = useState<string | null>(null);
  const busyRef = useRef(false);
  const controllerRef = useRef<AbortController | null>(null);
  // Read when a message is sent, so a country chosen mid-conversation goes with the next message.
  const countryRef = useRef(country);
  /** A crisis was signalled during this visit (not restored from the device): the panel is announced as it appears. */
  const [crisisArrived, setCrisisArrived] = useState(false);
  const { current, update } = conversation;

  useEffect(() => {
    countryRef.current = country;
  });
  useEffect(() => () => controllerRef.current?.abort(), []);

  const showFailure = useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError ? error.code : 'CHAT_PROVIDER_FAILED';
      switch (code) {
        case 'UNAUTHENTICATED':
          toast.error(t('chat:errors.signedOut'), { id: ERROR_TOAST_ID });
          return;
        case 'SUBSCRIPTION_REQUIRED':
          toast.error(t('errors:SUBSCRIPTION_REQUIRED'), {
            id: ERROR_TOAST_ID,
            action: { label: t('chat:noAccess.action'), onClick: () => void navigate('/home/pricing') },
          });
          // The status now says "no access": the page swaps the input for the subscription notice.
          void queryClient.invalidateQueries({ queryKey: chatStatusBaseKey });
          return;
        case 'RATE_LIMITED':
        case 'NETWORK':
          toast.error(t(`errors:${code}`), { id: ERROR_TOAST_ID });
          return;
        default:
          toast.error(t('errors:CHAT_PROVIDER_FAILED'), { id: ERROR_TOAST_ID });
      }
    },
    [t, navigate, queryClient],
  );

  const run = useCallback(
    async (content: string) => {
      const record = current();
      if (!record) return;
      const { conversationId } = record;
      const userMessage = createMessage(content, true);
      const messages = [...record.messages, userMessage];
      update(conversationId, (r) => ({ ...r, messages: [...r.messages, userMessage], lastActivity: userMessage.createdAt }), { persist: true });
      setPhase('waiting');

      const controller = new AbortController();
      controllerRef.current = controller;
      let replyId: string | null = null;
      let received = '';
      let standIn = false;
      let disclosure: StoredMessage['disclosure'];

      try {
        await sendReply(
          { conversationId, language: currentLanguage(), messages: toReplyMessages(messages), ...(countryRef.current ? { country: countryRef.current } : {}) },
          {
            signal: controller.signal,
            // Stored at once, before the reply: a reload in the middle of it still shows the help.
            onSafety: (level) => {
              update(conversationId, (r) => ({ ...r, safety: raiseSafety(r.safety, level) }), { persist: true });
              if (level === 'crisis') setCrisisArrived(true);
            },
            onStandIn: () => {
              standIn = true;
            },
            onDisclosure: (reason) => {
              disclosure = reason;
            },
            onDelta: (text) => {
              received += text;
              if (replyId === null) {
                if (!received.trim()) return;
                const reply: StoredMessage = {
                  ...createMessage(received, false),
                  ...(standIn ? { standIn: true as const } : {}),
                  ...(disclosure ? { disclosure } : {}),
                };
                replyId = reply.id;
                update(conversationId, (r) => ({ ...r, messages: [...r.messages, reply] }));
                setStreamingId(reply.id);
                setPhase('streaming');
                return;
              }
              const id = replyId;
              update(conversationId, (r) => ({ ...r, messages: r.messages.map((m) => (m.id === id ? { ...m, content: received } : m)) }));
            },
          },
        );
        if (replyId === null) throw new ApiError(502, 'CHAT_PROVIDER_FAILED', 'The reply was empty');
        update(conversationId, (r) => ({ ...r, lastActivity: Date.now() }), { persist: true });
      } catch (error) {
        // Leaving the page is not a failure: nothing to say, nobody to say it to.
        if (controller.signal.aborted) return;
        showFailure(error);
        const apology = createMessage(t('chat:fallbackReply'), false, 'fallback');
        update(conversationId, (r) => ({ ...r, messages: [...r.messages, apology], lastActivity: apology.createdAt }), { persist: true });
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
        busyRef.current = false;
        setStreamingId(null);
        setPhase('idle');
      }
    },
    [current, update, showFailure, t],
  );

  /** Sends the person's message; false when there is nothing to send or a reply is still coming. */
  const send = useCallback(
    (text: string): boolean => {
      const content = text.trim();
      if (!content || busyRef.current || !current()) return false;
      busyRef.current = true;
      void run(content);
      return true;
    },
    [current, run],
  );

  return { send, phase, streamingId, crisisArrived };
}
