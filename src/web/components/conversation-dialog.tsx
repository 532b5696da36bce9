import { MessageSquareText } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';

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

// The dialog and its code (Radix's dialog, the conversation's reading) load the first time it is opened.
const ConversationDialogPanel = lazy(async () => ({ default: (await import('./conversation-dialog-panel')).ConversationDialogPanel }));

/**
 * "View conversation" (on memory cards and the memory page). Instead of sending the person back into the chat,
 * the conversation opens here, read only, from this device's store — the only place it exists. Nothing
 * shows when the memory has no conversation.
 */
export function ViewConversationButton({ memory, variant }: ViewConversationButtonProps) {
  const { t } = useTranslation('gallery');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const conversationId = memory.conversationId;
  if (!conversationId) return null;

  const label = t('conversation.view');
  const triggerProps = {
    ref: trigger,
    type: 'button' as const,
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': open,
    'data-state': open ? 'open' : 'closed',
    'data-testid': 'view-conversation-button',
    onClick: () => {
      rememberConversation(conversationId);
      setWanted(true);
      setOpen(true);
    },
  };
  return (
    <>
      {variant === 'icon' ? (
        <button
          {...triggerProps}
          aria-label={label}
          title={label}
          className="inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-sand hover:text-ink"
        >
          <MessageSquareText aria-hidden="true" className="size-5" />
        </button>
      ) : (
        <Button {...triggerProps} variant="secondary">
          <MessageSquareText aria-hidden="true" />
          {label}
        </Button>
      )}
      {wanted ? (
        <Suspense fallback={null}>
          <ConversationDialogPanel title={memory.title} conversationId={conversationId} open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
