import { useQuery } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import { lazy, Suspense, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { Link } from 'react-router';
import { useChatStatus } from '@web/lib/api/get-chat-status';
import { useMe } from '@web/lib/api/get-me';
import { conversationStore, type StoredMessage } from '@web/lib/conversation-store';
import { currentLanguage, loadAppNamespaces } from '@web/lib/i18n';
import { cn } from '@web/lib/utils';
import { useAgentGenderContext } from '@web/lib/agent-gender';

// Only for a conversation that is not on this device: its code (unlock form, keeping status) loads then.
const KeptElsewhere = lazy(async () => {
  const [module] = await Promise.all([import('./kept-conversation'), loadAppNamespaces(['keeping'])]);
  return { default: module.KeptElsewhere };
});

interface ConversationDialogPanelProps {
  title: string;
  conversationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it, which gets the focus back when it closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}

/** The dialog itself (conversation-dialog.tsx loads it the first time a conversation is opened). */
export function ConversationDialogPanel({ title, conversationId, open, onOpenChange, trigger }: ConversationDialogPanelProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <ConversationDialogContent title={title} conversationId={conversationId} trigger={trigger} /> : null}
    </Dialog>
  );
}

function ConversationDialogContent({ title, conversationId, trigger }: { title: string; conversationId: string; trigger: RefObject<HTMLButtonElement | null> }) {
  const { t } = useTranslation('gallery');
  const context = useAgentGenderContext();
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
  const status = useChatStatus(currentLanguage());
  const agentName = status.data?.agent.name.trim() || t('conversation.companion', { context });
  const loading = me.isPending || conversation.isPending;

  return (
    <DialogContent
      closeLabel={t('conversation.close')}
      data-testid="conversation-dialog"
      aria-busy={loading || undefined}
      className="flex max-h-[calc(100dvh-2rem)] max-w-lg flex-col"
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        trigger.current?.focus();
      }}
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
