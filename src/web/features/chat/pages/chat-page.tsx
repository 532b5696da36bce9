import type { ChatStatusResponse } from '@shared/contracts/chat';
import type { MeResponse } from '@shared/contracts/me';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowRight, Sparkles } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { chatStatusQueryOptions } from '@web/lib/api/get-chat-status';
import { useMe } from '@web/lib/api/get-me';
import { getAgentAvatarSource, getAvatarSource } from '@web/lib/avatar-source';
import { toLanguage } from '@web/lib/language';
import { useIsMobile } from '@web/lib/use-is-mobile';
import { usePageTitle } from '@web/lib/page-head';
import { ChatComposer } from '../components/chat-composer';
import { NoAccessNotice, SignedOutPrompt } from '../components/chat-notices';
import { CrisisHelp } from '../components/crisis-help';
import { GenerationSummary, LimitNotice } from '../components/generation-status';
import { HelpButton } from '../components/help-button';
import { MessageList, type Speaker } from '../components/message-list';
import { RotatingLoadingMessage } from '../components/rotating-loading-message';
import { useChatReply } from '../hooks/use-chat-reply';
import { useConversation } from '../hooks/use-conversation';
import { memoryIdOf, useGenerateMemory } from '../hooks/use-generate-memory';
import { useKeepConversation } from '../hooks/use-keep-conversation';
import { useSafetyCountry } from '../hooks/use-safety-country';
import { useVoiceRecorder } from '../hooks/use-voice-recorder';
import { hasEnoughToFinish } from '../messages';

/** /home/chat — the day's conversation with the agent. */
export function ChatPage() {
  const { t, i18n } = useTranslation(['chat', 'common']);
  usePageTitle(t('common:titles.chat'));
  const language = toLanguage(i18n.resolvedLanguage) ?? 'en';
  const me = useMe();
  // Keeping the previous answer while the other language loads: switching language never blanks the chat.
  const status = useQuery({ ...chatStatusQueryOptions(language), enabled: Boolean(me.data), placeholderData: keepPreviousData });

  if (me.isPending) return <PageSpinner label={t('common:loading')} />;
  if (!me.data) return <SignedOutPrompt />;

  if (!status.data) {
    if (status.isError) {
      return (
        <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
          <h1 className="text-2xl font-medium">{t('chat:statusError.title')}</h1>
          <p className="text-ink-muted">{t('chat:statusError.body')}</p>
          <Button variant="secondary" className="mt-3" pending={status.isFetching} onClick={() => void status.refetch()}>
            {t('common:actions.tryAgain')}
          </Button>
        </div>
      );
    }
    return <PageSpinner label={t('chat:loading')} />;
  }

  // A different person (after signing out and in) gets a fresh session, never the previous one's.
  return <ChatSession key={me.data.user.id} me={me.data} status={status.data} />;
}

function ChatSession({ me, status }: { me: MeResponse; status: ChatStatusResponse }) {
  const { t } = useTranslation('chat');
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState('');
  // A new conversation asked for from a finished one: the focus goes to its input box once it is there.
  const focusComposer = useRef(false);
  useEffect(() => {
    if (!focusComposer.current || !textareaRef.current) return;
    focusComposer.current = false;
    textareaRef.current.focus();
  });

  const welcome = useMemo(
    () => ({
      journalDays: status.journalDays,
      firstName: status.firstName || me.profile.firstName,
      agentName: status.agent.name,
      voice: status.voice,
      hasAccess: status.hasAccess,
    }),
    [status.journalDays, status.firstName, me.profile.firstName, status.agent.name, status.voice, status.hasAccess],
  );
  const conversation = useConversation({ userId: me.user.id, welcome });
  const { country } = useSafetyCountry();
  const reply = useChatReply(conversation, { country });
  const { send } = reply;
  const { generate, generating } = useGenerateMemory(conversation);
  useKeepConversation(conversation.record);

  const onVoiceText = useCallback(
    (text: string) => {
      if (send(text)) {
        toast.success(t('voice.sent'), { id: 'voice-sent' });
        return;
      }
      // A reply is still on its way: nothing is lost, the words wait in the text box.
      setDraft((current) => (current.trim() ? `${current.trimEnd()} ${text}` : text));
      toast.info(t('voice.draft'), { id: 'voice-sent' });
    },
    [send, t],
  );
  const voice = useVoiceRecorder({ onText: onVoiceText });

  const agent: Speaker = useMemo(
    () => ({ name: status.agent.name, avatar: getAgentAvatarSource(status.agent.avatarUrl) }),
    [status.agent.name, status.agent.avatarUrl],
  );
  const person: Speaker = useMemo(
    () => ({
      name: t('you'),
      avatar: getAvatarSource({ profileAvatarUrl: me.profile.avatarUrl, userImage: me.user.image, firstName: me.profile.firstName, email: me.user.email }),
    }),
    [t, me],
  );

  if (!conversation.record) return <PageSpinner label={t('loading')} />;

  const { messages, safety } = conversation.record;
  const limitReached = !status.generation.canGenerate;
  const replying = reply.phase !== 'idle';
  // A conversation becomes one memory: once it has, the chat offers that memory rather than a second.
  const memoryId = memoryIdOf(conversation.record);
  const canFinish =
    status.hasAccess && hasEnoughToFinish(messages) && !limitReached && !replying && voice.state === 'idle' && !generating && memoryId === null;
  // Why finishing is not offered yet, when there is something to say: the day's memory is already
  // made (whatever the conversation's length), else the conversation is still too short.
  const finishHint = limitReached ? t('finish.limitHint') : hasEnoughToFinish(messages) ? null : t('finish.hint');

  function submit() {
    if (send(draft)) {
      setDraft('');
      textareaRef.current?.focus();
    }
  }

  function onVoicePress() {
    if (!status.voice) {
      // Only administrators see the microphone without a service: they can turn voice on.
      toast.info(t('voice.adminUnavailable'), { id: 'voice-unavailable', action: { label: t('voice.openAiTab'), onClick: () => void navigate('/home/admin?tab=ai') } });
      return;
    }
    voice.toggle();
  }

  function onFinish() {
    if (canFinish) generate();
  }

  return (
    <div className="mx-auto flex min-h-0 w-full max-w-3xl flex-1 flex-col gap-3 md:gap-4">
      <div className="shrink-0 space-y-1">
        <div className="flex items-start justify-between gap-3">
          <h1 id="chat-title" className="pt-1.5 text-xl font-medium sm:pt-0 sm:text-3xl">
            {t('title')}
          </h1>
          <HelpButton emphasis={safety !== undefined} />
        </div>
        <GenerationSummary generation={status.generation} className="text-xs sm:text-sm" />
        {/* Who is answering, said once here and never inside the conversation. */}
        <p data-testid="chat-disclosure" className="max-w-prose text-xs leading-relaxed text-ink-muted sm:text-sm">
          {/* French agrees with the agent's name (the administrator's choice); neutral wording needs no context. */}
          {t(`disclosure.${status.companion}`, { agentName: status.agent.name, context: status.agent.gender === 'neutral' ? undefined : status.agent.gender })}
        </p>
      </div>

      {limitReached && status.hasAccess ? <LimitNotice limit={status.generation.limit} /> : null}
      {memoryId !== null && !generating ? (
        <p data-testid="chat-memory-made" className="flex shrink-0 flex-wrap items-center gap-x-2 text-sm text-ink-muted">
          {t('finish.done')}
          <Link
            to={`/home/memories/${encodeURIComponent(memoryId)}`}
            className="inline-flex items-center gap-1 font-medium text-accent underline-offset-4 hover:underline"
          >
            {t('finish.view')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </p>
      ) : null}

      <section
        aria-labelledby="chat-title"
        className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-lg border border-line bg-surface shadow-soft md:h-[calc(100dvh-19rem)] md:max-h-[46rem] md:min-h-[24rem] md:flex-none"
      >
        <MessageList
          messages={messages}
          agent={agent}
          person={person}
          phase={reply.phase}
          streamingId={reply.streamingId}
          keepReplyStart={safety === 'crisis'}
          disclosure={t(`disclosure.${status.companion}`, { agentName: status.agent.name, context: status.agent.gender === 'neutral' ? undefined : status.agent.gender })}
        />
        {safety === 'crisis' ? <CrisisHelp announce={reply.crisisArrived} /> : null}
        {generating ? <RotatingLoadingMessage className="shrink-0 border-t border-line bg-sand/40 px-4 py-5" /> : null}
        {status.hasAccess && memoryId !== null && !generating ? (
          // A finished conversation is not continued: the companion would offer a memory that cannot be made twice.
          <div data-testid="chat-finished" className="flex shrink-0 flex-wrap items-center justify-between gap-3 border-t border-line px-3 py-3 sm:px-5">
            <p className="text-sm text-ink-muted">{t('finish.finished')}</p>
            <Button
              variant="secondary"
              onClick={() => {
                focusComposer.current = true;
                void conversation.startNew();
              }}
            >
              {t('finish.startNew')}
            </Button>
          </div>
        ) : status.hasAccess ? (
          <ChatComposer
            textareaRef={textareaRef}
            value={draft}
            onChange={setDraft}
            onSubmit={submit}
            replying={replying}
            disabled={limitReached}
            generating={generating}
            isMobile={isMobile}
            voice={status.voice || me.profile.isAdmin ? { available: status.voice, state: voice.state, onPress: onVoicePress } : null}
            finish={{ enabled: canFinish, onPress: onFinish, hint: finishHint }}
          />
        ) : (
          <NoAccessNotice />
        )}
      </section>

      {!isMobile && status.hasAccess ? (
        <div className="shrink-0 space-y-2">
          <Button
            size="lg"
            className="w-full"
            data-testid="chat-finish"
            disabled={!canFinish}
            pending={generating}
            aria-describedby={finishHint ? 'chat-finish-hint' : undefined}
            onClick={onFinish}
          >
            {generating ? null : <Sparkles aria-hidden="true" />}
            {generating ? t('finish.pending') : t('finish.label')}
          </Button>
          {finishHint ? (
            <p id="chat-finish-hint" className="text-center text-sm text-ink-muted">
              {finishHint}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
