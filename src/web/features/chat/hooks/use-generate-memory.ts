import type { GenerationResponse } from '@shared/contracts/generation';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '@web/lib/api-client';
import { chatStatusBaseKey } from '@web/lib/api/get-chat-status';
import type { ConversationRecord } from '@web/lib/conversation-store';
import { errorMessage } from '@web/lib/error-message';
import { currentLanguage } from '@web/lib/i18n';
import { JUST_MADE } from '@web/lib/memory-arrival';
import { useCreateGeneration } from '../api/create-generation';
import { toReplyMessages } from '../messages';
import type { Conversation } from './use-conversation';

/** After 409 GENERATION_IN_PROGRESS (the same key is still being worked on), ask again once, this much later. */
export const GENERATION_RETRY_DELAY_MS = 3000;

const TOAST_ID = 'chat-generation';

/**
 * The device's note that a conversation became a memory, kept with the conversation itself (which stays on
 * the device for "view original conversation"). Records stored before the field existed have none.
 */
export function memoryIdOf(record: ConversationRecord): string | null {
  return typeof record.memoryId === 'string' ? record.memoryId : null;
}

/** The message once the memory exists: the artwork was made, or a default one stands in (and why, when known). */
function successText(t: TFunction, { outcome, errorDetails }: GenerationResponse): string {
  switch (outcome) {
    case 'created':
      return t('chat:generation.created');
    case 'fallback-size':
      return t('chat:generation.fallbackSize');
    case 'fallback-policy':
      return t('chat:generation.fallbackPolicy');
    case 'fallback':
      return errorDetails ? t('chat:generation.fallbackDetails', { details: errorDetails }) : t('chat:generation.fallback');
  }
}

/**
 * Whether the memory may exist without our knowing: the answer never came, the first request is still
 * running, or something between failed. The next attempt then reuses the key, so the server answers that
 * memory instead of making a second one. After a clear answer (a refusal, "nothing was created") a new
 * attempt gets a new key.
 */
function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.code === 'NETWORK' || error.code === 'GENERATION_IN_PROGRESS') return true;
  return error.status >= 500 && error.code !== 'MEMORY_CREATE_FAILED';
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Making the day's memory, as the browser sees it: the server does every step in one request;
 * the chat shows that it runs, says how it went, and goes to the new memory. One Idempotency-Key per
 * attempt, reused when the person tries again after an unknown outcome — never a second memory.
 */
export function useGenerateMemory(conversation: Conversation) {
  const { t } = useTranslation(['chat', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync } = useCreateGeneration();
  const [generating, setGenerating] = useState(false);
  const busyRef = useRef(false);
  const pendingKeyRef = useRef<{ conversationId: string; key: string } | null>(null);
  const mountedRef = useRef(true);
  const { current, update } = conversation;

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);

  const showFailure = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) {
        toast.error(t('chat:errors.signedOutGenerate'), { id: TOAST_ID });
        return;
      }
      const code = error instanceof ApiError ? error.code : '';
      switch (code) {
        case 'DAILY_LIMIT_REACHED':
          toast.error(t('chat:errors.dailyLimit'), { id: TOAST_ID, description: t('chat:errors.dailyLimitHint') });
          // The status now says "limit reached": the page shows the notice and disables the input.
          void queryClient.invalidateQueries({ queryKey: chatStatusBaseKey });
          return;
        case 'SUBSCRIPTION_REQUIRED':
          toast.error(t('errors:SUBSCRIPTION_REQUIRED'), {
            id: TOAST_ID,
            action: { label: t('chat:noAccess.action'), onClick: () => void navigate('/home/pricing') },
          });
          void queryClient.invalidateQueries({ queryKey: chatStatusBaseKey });
          return;
        case 'MEMORY_CREATE_FAILED':
          toast.error(t('errors:MEMORY_CREATE_FAILED'), { id: TOAST_ID });
          return;
        default:
          toast.error(errorMessage(t, error), { id: TOAST_ID });
      }
    },
    [t, navigate, queryClient],
  );

  const run = useCallback(
    async (record: ConversationRecord) => {
      const { conversationId } = record;
      const pending = pendingKeyRef.current;
      const idempotencyKey = pending?.conversationId === conversationId ? pending.key : crypto.randomUUID();
      pendingKeyRef.current = { conversationId, key: idempotencyKey };
      const input = {
        // The person's time zone: the memory speaks of their morning or evening, not the server's.
        request: {
          conversationId,
          language: currentLanguage(),
          messages: toReplyMessages(record.messages),
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        },
        idempotencyKey,
      };
      toast.info(t('chat:generating'), { id: TOAST_ID });

      try {
        let response: GenerationResponse;
        try {
          response = await mutateAsync(input);
        } catch (error) {
          if (!(error instanceof ApiError && error.code === 'GENERATION_IN_PROGRESS')) throw error;
          // The first request with this key is still at work (a retry after a lost answer): wait, then ask for its result.
          await wait(GENERATION_RETRY_DELAY_MS);
          response = await mutateAsync(input);
        }
        pendingKeyRef.current = null;
        const { memoryId } = response;
        update(conversationId, (r) => ({ ...r, memoryId }), { persist: true });
        const path = `/home/memories/${encodeURIComponent(memoryId)}`;
        if (mountedRef.current) {
          toast.success(successText(t, response), { id: TOAST_ID });
          void navigate(path, { state: JUST_MADE });
        } else {
          // The person left the chat meanwhile: tell them, without taking them anywhere.
          toast.success(successText(t, response), { id: TOAST_ID, action: { label: t('chat:generation.view'), onClick: () => void navigate(path, { state: JUST_MADE }) } });
        }
      } catch (error) {
        if (!outcomeUnknown(error)) pendingKeyRef.current = null;
        showFailure(error);
      } finally {
        busyRef.current = false;
        setGenerating(false);
      }
    },
    [t, mutateAsync, update, navigate, showFailure],
  );

  /** Turns the current conversation into a memory; does nothing while a generation runs. */
  const generate = useCallback(() => {
    const record = current();
    if (!record || busyRef.current) return;
    busyRef.current = true;
    setGenerating(true);
    void run(record);
  }, [current, run]);

  return { generate, generating };
}
