import { useQuery } from '@tanstack/react-query';
import { MessageSquareText, MonitorSmartphone } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { Link } from 'react-router';
import { useChatStatus } from '@web/lib/api/get-chat-status';
import { useMe } from '@web/lib/api/get-me';
import { conversationStore, type StoredMessage } from '@web/lib/conversation-store';
import { currentLanguage, loadAppNamespaces } from '@web/lib/i18n';
import { cn } from '@web/lib/utils';

export interface ViewConversationButtonProps {
  memory: { id: string; title: string; conversationId: string | null };
  /** 'icon': a round icon button for cards; 'button': a labelled secondary button for a memory's page. */
  variant: 'icon' | 'button';
}

/** The key the original app used to hand a conversation to /chat; still written so older links keep working. */
const LAST_CONVERSATION_KEY = 'lastConversationId';

function rememberConversation(conversationId: string) {
  try {
    sessionStorage.setItem(LAST_CONVERSATION_KEY, conversationId);
  } catch {
    // Storage can be refused (private modes, quotas); the dialog does not need it.
  }
}

/**
 * "View conversation" (on memory cards and the memory page). Instead of sending the person back into the chat,
 * the conversation opens here, read only, from this device's store — the only place it exists. Nothing
 * shows when the memory has no conversation.
 */
// Only for a conversation that is not on this device: its code (unlock form, keeping status) loads then.
const KeptElsewhere = lazy(async () => {
  const [module] = await Promise.all([import('./kept-conversation'), loadAppNamespaces(['keeping'])]);
  return { default: module.KeptElsewhere };
});

export function ViewConversationButton({ memory, variant }: ViewConversationButtonProps) {
  const { t } = useTranslation('gallery');
  const [open, setOpen] = useState(false);
  const conversationId = memory.conversationId;
  if (!conversationId) return null;

  const label = t('conversation.view');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) rememberConversation(conversationId);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        {variant === 'icon' ? (
          <button
            type="button"
            aria-label={label}
            title={label}
            data-testid="view-conversation-button"
            className="inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-sand hover:text-ink"
          >
            <MessageSquareText aria-hidden="true" className="size-5" />
          </button>
        ) : (
          <Button variant="secondary" data-testid="view-conversation-button">
            <MessageSquareText aria-hidden="true" />
            {label}
          </Button>
        )}
      </DialogTrigger>
      {open ? <ConversationDialogContent title={memory.title} conversationId={conversationId} /> : null}
    </Dialog>
  );
}

function ConversationDialogContent({ title, conversationId }: { title: string; conversationId: string }) {
  const { t } = useTranslation('gallery');
  const me = useMe();
  const userId = me.data?.user.id ?? null;
  const conversation = useQuery({
    queryKey: ['device-conversation', userId, conversationId],
    queryFn: () => (userId ? conversationStore.getConversation(userId, conversationId) : null),
    enabled: !me.isPending,
    // Read from this device, not the network: it works offline too.
    networkMode: 'always',
    staleTime: 0,
    gcTime: 0,
  });
  const record = conversation.data ?? null;
  // The agent's name as the administrators set it; a kind default until (or unless) it is known.
  const status = useChatStatus(currentLanguage(), { enabled: Boolean(record) });
  const agentName = status.data?.agent.name.trim() || t('conversation.companion');
  const loading = me.isPending || conversation.isPending;

  return (
    <DialogContent
      closeLabel={t('conversation.close')}
      data-testid="conversation-dialog"
      aria-busy={loading || undefined}
      className="flex max-h-[calc(100dvh-2rem)] max-w-lg flex-col"
    >
      <div className="space-y-2 pr-10">
        <DialogTitle>{t('conversation.title', { title })}</DialogTitle>
        <DialogDescription>{t('conversation.description')}</DialogDescription>
      </div>

      <div className="mt-5 min-h-0 flex-1">
        {loading ? (
          <p role="status" className="flex items-center gap-3 py-8 text-ink-muted">
            <Spinner className="size-5" />
            {t('conversation.loading')}
          </p>
        ) : record && record.messages.length > 0 ? (
          <Transcript messages={record.messages} agentName={agentName} />
        ) : userId ? (
          <Suspense fallback={<Spinner className="size-5" />}>
            <KeptElsewhere userId={userId} conversationId={conversationId} agentName={agentName} renderTranscript={(messages) => <Transcript messages={messages} agentName={agentName} />} renderNotHere={(offer) => <NotHere offer={offer} />} />
          </Suspense>
        ) : (
          <NotHere />
        )}
      </div>

      <div className="mt-6 flex justify-end">
        <DialogClose asChild>
          <Button variant="secondary">{t('conversation.close')}</Button>
        </DialogClose>
      </div>
    </DialogContent>
  );
}

/** Nothing on this device, and nothing kept: what the dialog always said, and where keeping is offered. */
function NotHere({ offer = false }: { offer?: boolean }) {
  const { t } = useTranslation(['gallery', 'keeping']);
  return (
    <div data-testid="conversation-not-here" className="flex flex-col items-center gap-3 rounded-lg bg-sand/60 px-5 py-8 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-surface text-ink-muted">
        <MonitorSmartphone aria-hidden="true" className="size-6" />
      </span>
      <p className="font-serif text-lg text-ink">{t('conversation.notHere.title')}</p>
      <p className="max-w-sm text-[0.95rem] leading-relaxed text-ink-muted">{t('conversation.notHere.body')}</p>
      <p className="max-w-sm text-sm text-ink-muted">{t('conversation.notHere.hint')}</p>
      {offer ? (
        <>
          <p className="max-w-sm text-sm text-ink-muted">{t('keeping:dialog.offer')}</p>
          <Button asChild variant="secondary">
            <Link to="/home/profile#keeping">{t('keeping:dialog.openProfile')}</Link>
          </Button>
        </>
      ) : null}
    </div>
  );
}

/** A calm transcript: who spoke, then what they said, oldest first; scrolls inside the dialog. */
function Transcript({ messages, agentName }: { messages: StoredMessage[]; agentName: string }) {
  const { t } = useTranslation('gallery');
  return (
    <div
      role="region"
      aria-label={t('conversation.transcript')}
      data-testid="conversation-transcript"
      // Scrollable content must be reachable with the keyboard.
      tabIndex={0}
      className="max-h-[55dvh] overflow-y-auto overscroll-contain rounded-lg border border-line bg-paper px-4 py-4 focus-visible:outline-offset-[-2px]"
    >
      <ol className="space-y-5">
        {messages.map((message) => (
          <li key={message.id} className={cn('space-y-1', message.isUser && 'pl-6')}>
            <p className="flex items-baseline gap-2 text-sm">
              <span className={cn('font-semibold', message.isUser ? 'text-ink' : 'text-accent-strong')}>{message.isUser ? t('conversation.you') : agentName}</span>
              <time className="text-xs text-ink-muted">{message.timestamp}</time>
            </p>
            <p className="leading-relaxed whitespace-pre-line text-ink">{message.content}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
