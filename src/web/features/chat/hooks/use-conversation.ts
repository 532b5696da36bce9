import { ACTIVITY_TIMER_MS, INACTIVITY_THRESHOLD_MS, LANGUAGES, type Language } from '@shared/limits';
import { useCallback, useEffect, useRef, useState } from 'react';
import { conversationStore as defaultStore, type ConversationRecord, type ConversationStore } from '@web/lib/conversation-store';
import { currentLanguage, i18n } from '@web/lib/i18n';
import { createMessage, isSessionFresh } from '../messages';

/** What the agent's opening words depend on (from GET /api/chat/status). */
export interface WelcomeContext {
  journalDays: number;
  firstName: string;
  agentName: string;
  /** Whether a transcription service turns voice messages into text: only then is the microphone offered. */
  voice: boolean;
  /** Whether the person may talk today (a subscription, free access or the free first session). */
  hasAccess: boolean;
}

/**
 * The agent's first message, in the interface language of the moment: a long explanation on the very
 * first visit (no journaled day yet), a short greeting afterwards. The explanation speaks of the
 * microphone only when the chat offers one to the person.
 */
export function welcomeText({ journalDays, firstName, agentName, voice, hasAccess }: WelcomeContext): string {
  const name = firstName.trim();
  const hello = name ? i18n.t('chat:welcome.hello', { firstName: name }) : i18n.t('chat:welcome.helloGeneric');
  // Without access there is no input box: a greeting that asks nothing.
  if (journalDays !== 0) return i18n.t(hasAccess ? 'chat:welcome.greeting' : 'chat:welcome.greetingNoAccess', { hello, agentName });
  const howTo = i18n.t(voice ? 'chat:welcome.howToVoice' : 'chat:welcome.howToType');
  return i18n.t('chat:welcome.first', { hello, agentName, howTo });
}

/** The language a welcome was written in, told by its opening word ("Hello", "Bonjour"); undefined if neither. */
function languageOfWelcome(content: string): Language | undefined {
  return LANGUAGES.find((language) => content.startsWith(i18n.getFixedT(language)('chat:welcome.helloGeneric')));
}

/**
 * The welcome is the app's words, not the companion's: while it is the only agent message (and the
 * conversation has not become a memory), a welcome written in another language is said again in the
 * interface language, with the agent's name in that language. A welcome already in the interface
 * language stays as stored, unless this visit wrote it (`again`: the agent's name in the new language
 * arrives a moment after the language itself). Once the companion has answered, the welcome is part
 * of the conversation as it happened. Ids, times and the person's words are always kept; the same
 * record comes back when nothing changes.
 */
export function withCurrentWelcome(record: ConversationRecord, context: WelcomeContext, again = false): ConversationRecord {
  if (record.memoryId !== undefined) return record;
  const agentMessages = record.messages.filter((message) => !message.isUser);
  const welcome = agentMessages[0];
  if (agentMessages.length !== 1 || welcome?.kind !== 'welcome') return record;
  const said = languageOfWelcome(welcome.content);
  if (said === undefined || (said === currentLanguage() && !again)) return record;
  const content = welcomeText(context);
  if (content === welcome.content) return record;
  return { ...record, messages: record.messages.map((message) => (message === welcome ? { ...message, content } : message)) };
}

interface UseConversationOptions {
  userId: string;
  /** Null until the chat status is known: a new session cannot say hello before. */
  welcome: WelcomeContext | null;
  store?: ConversationStore;
}

export interface Conversation {
  /** The current session, or null while it is being restored or started. */
  record: ConversationRecord | null;
  /** The latest session, for code that runs across awaits. */
  current: () => ConversationRecord | null;
  /**
   * Changes the session with this id — nothing happens if the session has moved on meanwhile (a
   * reset after inactivity). With `persist`, the result is written to the device's store too.
   */
  update: (conversationId: string, change: (record: ConversationRecord) => ConversationRecord, options?: { persist?: boolean }) => void;
  /** Leaves the current conversation (it stays on the device, with its memory) and starts a new one. */
  startNew: () => Promise<void>;
}

/**
 * The day's conversation: restored once per user when today's session was active in
 * the last 30 minutes, else started afresh with the agent's welcome. A day change or more than 30
 * minutes of quiet — noticed when the window gets focus, when the tab becomes visible, or by a timer
 * 30 minutes after the last message — ends the session and starts a new one. Changing the interface
 * language keeps the conversation; its welcome follows the new language until the companion has
 * answered (see withCurrentWelcome).
 */
export function useConversation({ userId, welcome, store = defaultStore }: UseConversationOptions): Conversation {
  const [record, setRecord] = useState<ConversationRecord | null>(null);
  const recordRef = useRef<ConversationRecord | null>(null);
  const welcomeRef = useRef(welcome);
  const refreshingRef = useRef(false);
  const [language, setLanguage] = useState(currentLanguage);

  useEffect(() => {
    welcomeRef.current = welcome;
  });

  useEffect(() => {
    const onLanguageChanged = () => setLanguage(currentLanguage());
    i18n.on('languageChanged', onLanguageChanged);
    return () => i18n.off('languageChanged', onLanguageChanged);
  }, []);

  const apply = useCallback((next: ConversationRecord) => {
    recordRef.current = next;
    setRecord(next);
  }, []);

  const startFresh = useCallback(
    (owner: string) => {
      const context = welcomeRef.current;
      const messages = context ? [createMessage(welcomeText(context), false, 'welcome')] : [];
      return store.startNew(owner, currentLanguage(), messages);
    },
    [store],
  );

  const ready = welcome !== null;
  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    void (async () => {
      const stored = await store.loadCurrent(userId);
      if (cancelled) return;
      const next = stored && stored.messages.length > 0 && isSessionFresh(stored) ? stored : await startFresh(userId);
      if (!cancelled) apply(next);
    })();
    return () => {
      cancelled = true;
    };
  }, [userId, ready, store, startFresh, apply]);

  // The language, or the agent's name in it (the status of the new language arrives a moment later),
  // changed — or a session was restored or started: the welcome catches up with the interface.
  const conversationId = record?.conversationId;
  const resaidRef = useRef<string | null>(null);
  useEffect(() => {
    const before = recordRef.current;
    if (!before || !welcome || before.conversationId !== conversationId) return;
    const next = withCurrentWelcome(before, welcome, resaidRef.current === before.conversationId);
    if (next === before) return;
    resaidRef.current = before.conversationId;
    apply(next);
    void store.saveCurrent(next);
  }, [language, welcome, conversationId, store, apply]);

  const refresh = useCallback(async () => {
    const before = recordRef.current;
    if (!before || refreshingRef.current || isSessionFresh(before)) return;
    refreshingRef.current = true;
    try {
      await store.clearCurrent(before.userId);
      const next = await startFresh(before.userId);
      // A message written in the meantime wins: that session is alive again.
      if (recordRef.current === before) apply(next);
      else if (recordRef.current) await store.saveCurrent(recordRef.current);
    } finally {
      refreshingRef.current = false;
    }
  }, [store, startFresh, apply]);

  useEffect(() => {
    const onFocus = () => void refresh();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [refresh]);

  // The activity timer: due just after the session turns stale, then every 30 minutes.
  const lastActivity = record?.lastActivity;
  useEffect(() => {
    if (lastActivity === undefined) return;
    let timer: ReturnType<typeof setTimeout>;
    const arm = (delay: number) => {
      timer = setTimeout(() => {
        void refresh();
        arm(ACTIVITY_TIMER_MS);
      }, delay);
    };
    arm(Math.min(ACTIVITY_TIMER_MS, Math.max(0, lastActivity + INACTIVITY_THRESHOLD_MS - Date.now())) + 1);
    return () => clearTimeout(timer);
  }, [lastActivity, refresh]);

  const current = useCallback(() => recordRef.current, []);

  const update = useCallback<Conversation['update']>(
    (conversationId, change, options = {}) => {
      const before = recordRef.current;
      if (!before || before.conversationId !== conversationId) return;
      const next = change(before);
      apply(next);
      if (options.persist) void store.saveCurrent(next);
    },
    [apply, store],
  );

  const startNew = useCallback(async () => {
    const before = recordRef.current;
    if (!before) return;
    await store.clearCurrent(before.userId);
    apply(await startFresh(before.userId));
  }, [store, startFresh, apply]);

  const visible = record && record.userId === userId ? record : null;
  return { record: visible, current, update, startNew };
}
