import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@web/components/ui/avatar';
import type { AvatarSource } from '@web/lib/avatar-source';
import type { StoredMessage } from '@web/lib/conversation-store';
import { cn } from '@web/lib/utils';
import type { ReplyPhase } from '../hooks/use-chat-reply';
import { useAgentGenderContext } from '@web/lib/agent-gender';

export interface Speaker {
  name: string;
  avatar: AvatarSource;
}

interface MessageListProps {
  messages: StoredMessage[];
  agent: Speaker;
  person: Speaker;
  phase: ReplyPhase;
  streamingId: string | null;
  /** The crisis help panel is open below: the newest reply, once whole, is shown from its first line. */
  keepReplyStart?: boolean;
  /** Who answers, in the header's words: repeated above a reply the server marked (seven days away, three hours in). */
  disclosure?: string;
}

/** Close enough to the bottom to keep following a reply as it grows. */
const FOLLOW_THRESHOLD_PX = 96;
const FIRST_LINE_MARGIN_PX = 16;

/**
 * Shows the newest reply as it is read: whole when it fits the conversation's box, else from its first line, so that
 * nobody has to scroll back up to find where it begins.
 */
function showReply(scroller: HTMLElement, reply: HTMLElement) {
  if (reply.offsetHeight > scroller.clientHeight - FIRST_LINE_MARGIN_PX) scroller.scrollTop = reply.offsetTop - FIRST_LINE_MARGIN_PX;
  else scroller.scrollTop = scroller.scrollHeight;
}

/**
 * The conversation as a live log: new messages are announced politely; while a reply streams the log
 * is busy, so screen readers read the reply once it is whole rather than word by word.
 * `data-status` (idle | waiting | streaming) lets tests and tools know when a reply has finished.
 */
export function MessageList({ messages, agent, person, phase, streamingId, keepReplyStart = false, disclosure }: MessageListProps) {
  const { t } = useTranslation('chat');
  const scrollerRef = useRef<HTMLDivElement>(null);
  const count = messages.length;
  const lastContent = messages.at(-1)?.content;
  const lastCountRef = useRef(0);
  const listRef = useRef<HTMLOListElement>(null);
  const lastIsAgent = messages.at(-1)?.isUser === false;

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const isNewMessage = count !== lastCountRef.current;
    lastCountRef.current = count;
    const nearBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < FOLLOW_THRESHOLD_PX;
    const last = listRef.current?.lastElementChild;
    const reply = lastIsAgent && last instanceof HTMLElement ? last : null;
    if (reply && (isNewMessage || (nearBottom && scroller.scrollTop <= reply.offsetTop))) {
      // A reply is followed as it grows until it fills the view; from then on its first line stays in sight (a
      // message taller than the view, like the first-visit welcome, is shown from its first line).
      showReply(scroller, reply);
    } else if (isNewMessage || nearBottom || phase === 'waiting') {
      // A new message brings the newest into view; a growing reply is followed unless the person scrolled up to read.
      scroller.scrollTop = scroller.scrollHeight;
    }
  }, [count, lastContent, lastIsAgent, phase]);

  // Beside the crisis panel the box is small, and the reply is what the person must read first: whatever the order
  // in which the panel and the reply's words arrived, the finished reply starts at the top of the box.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const last = listRef.current?.lastElementChild;
    if (!keepReplyStart || phase !== 'idle' || !scroller || !(last instanceof HTMLElement) || last.dataset.author !== 'agent') return;
    showReply(scroller, last);
  }, [keepReplyStart, phase, count]);

  // The box can shrink under a reply being read: the crisis help panel opening below it, a phone's keyboard. The
  // reply that was in sight stays in sight, from its first line.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    let height = scroller.clientHeight;
    const observer = new ResizeObserver(() => {
      const before = height;
      height = scroller.clientHeight;
      const last = listRef.current?.lastElementChild;
      if (height >= before || !(last instanceof HTMLElement) || last.dataset.author !== 'agent') return;
      const wasInSight = last.offsetTop < scroller.scrollTop + before && last.offsetTop + last.offsetHeight > scroller.scrollTop;
      if (wasInSight) showReply(scroller, last);
    });
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={scrollerRef}
      role="log"
      aria-live="polite"
      aria-label={t('log', { agentName: agent.name })}
      aria-busy={phase === 'streaming'}
      data-testid="chat-messages"
      data-status={phase}
      // Scrollable content must be reachable with the keyboard.
      tabIndex={0}
      className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 focus-visible:outline-offset-[-2px] sm:px-5 sm:py-5"
    >
      <ol ref={listRef} className="space-y-5">
        {messages.map((message) => (
          <Fragment key={message.id}>
            {/* Said again, quietly, when the server asks: a note in the conversation, not the companion speaking. */}
            {message.disclosure && disclosure ? (
              <li role="note" data-testid="chat-disclosure-note" data-reason={message.disclosure} className="px-10 text-center text-xs leading-relaxed text-ink-muted">
                {disclosure}
              </li>
            ) : null}
            <ChatMessageItem message={message} speaker={message.isUser ? person : agent} streaming={message.id === streamingId} />
          </Fragment>
        ))}
      </ol>
      {phase === 'waiting' ? <TypingIndicator agent={agent} /> : null}
    </div>
  );
}

function ChatMessageItem({ message, speaker, streaming }: { message: StoredMessage; speaker: Speaker; streaming: boolean }) {
  const { isUser } = message;
  return (
    <li
      data-testid="chat-message"
      data-author={isUser ? 'user' : 'agent'}
      data-kind={message.kind}
      data-streaming={streaming || undefined}
      className={cn('flex items-end gap-2.5', isUser && 'flex-row-reverse')}
    >
      {/* The agent's picture falls back to Souvenir's mark, never to the initial of its name. */}
      <Avatar source={speaker.avatar} fallbackText={isUser ? initialOf(speaker.name) : undefined} className="size-8 text-xs" />
      <div className={cn('flex max-w-[85%] flex-col gap-1 sm:max-w-[75%]', isUser && 'items-end')}>
        <p className="flex items-baseline gap-1.5 px-1 text-xs text-ink-muted">
          <span className="font-medium text-ink">{speaker.name}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={new Date(message.createdAt).toISOString()}>{message.timestamp}</time>
        </p>
        <div
          data-bubble=""
          className={cn(
            'rounded-lg px-4 py-2.5 leading-relaxed break-words whitespace-pre-wrap text-ink',
            isUser ? 'rounded-br-sm bg-accent-soft' : 'rounded-bl-sm border border-line bg-paper',
          )}
        >
          {message.content}
        </div>
        {message.standIn ? <StandInNote /> : null}
      </div>
    </li>
  );
}

/** Quietly, under the reply: who wrote it when the chosen AI service did not answer (never a toast, never alarming). */
function StandInNote() {
  const { t } = useTranslation('chat');
  const context = useAgentGenderContext();
  return (
    <p data-testid="chat-stand-in" className="px-1 text-xs text-ink-muted">
      {t('standIn', { context })}
    </p>
  );
}

function TypingIndicator({ agent }: { agent: Speaker }) {
  const { t } = useTranslation('chat');
  return (
    <div data-testid="typing-indicator" className="mt-5 flex items-end gap-2.5">
      <Avatar source={agent.avatar} className="size-8 text-xs" />
      <div className="rounded-lg rounded-bl-sm border border-line bg-paper px-4 py-3.5">
        <span className="sr-only">{t('typing', { agentName: agent.name })}</span>
        <span aria-hidden="true" className="flex items-center gap-1.5">
          {[0, 200, 400].map((delay) => (
            <span key={delay} className="size-2 rounded-full bg-ink-muted/70 motion-safe:animate-pulse" style={{ animationDelay: `${delay}ms` }} />
          ))}
        </span>
      </div>
    </div>
  );
}

function initialOf(name: string): string {
  return (Array.from(name.trim())[0] ?? '?').toUpperCase();
}
