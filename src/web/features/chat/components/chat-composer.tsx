import { CHAT_MESSAGE_MAX } from '@shared/contracts/chat';
import { TEXTAREA_MAX_PX, TEXTAREA_MIN_PX } from '@shared/limits';
import { Mic, SendHorizontal, Sparkles, Square } from 'lucide-react';
import { useId, useLayoutEffect, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';
import type { VoiceState } from '../hooks/use-voice-recorder';

interface ChatComposerProps {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  /** A reply is on its way: the text can be written, not sent. */
  replying: boolean;
  /** The daily limit is reached: nothing can be written or sent. */
  disabled: boolean;
  /** The conversation is becoming a memory: everything waits, and the mobile finish button shows its progress. */
  generating: boolean;
  isMobile: boolean;
  /** Null: no microphone at all (voice is off and the person is not an administrator who could turn it on). */
  voice: { available: boolean; state: VoiceState; onPress: () => void } | null;
  /**
   * On mobile the finish button lives here, above the text box, with its words; `hint` says why it
   * cannot be pressed yet (read by screen readers, as the desktop button's hint is shown under it).
   */
  finish: { enabled: boolean; onPress: () => void; hint?: string | null };
}

/**
 * The input area: a textarea that grows from 60 to 120 px (1 row on mobile, 2 otherwise), the
 * microphone and send. Enter sends, Shift+Enter adds a line, and nothing is sent mid-composition
 * (IME input for Japanese, Chinese…).
 */
export function ChatComposer({ textareaRef, value, onChange, onSubmit, replying, disabled, generating, isMobile, voice, finish }: ChatComposerProps) {
  const { t } = useTranslation(['chat', 'errors']);
  const voiceHintId = useId();
  const finishHintId = useId();
  const canSend = value.trim().length > 0 && !replying && !disabled && !generating;
  const recording = voice?.state === 'recording';
  const transcribing = voice?.state === 'transcribing';

  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.style.height = 'auto';
    textarea.style.height = `${Math.min(Math.max(textarea.scrollHeight, TEXTAREA_MIN_PX), TEXTAREA_MAX_PX)}px`;
  }, [value, isMobile, textareaRef]);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey) return;
    // keyCode 229: Safari reports the Enter that ends a composition this way.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    if (canSend) onSubmit();
  }

  const micLabel = recording ? t('chat:voice.stop') : transcribing ? t('chat:voice.transcribing') : t('chat:voice.record');

  return (
    <form
      className="shrink-0 border-t border-line bg-surface p-2 sm:p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSubmit();
      }}
    >
      {recording || transcribing ? (
        <p role="status" className="mb-2 flex items-center gap-2 px-1 text-sm text-ink-muted">
          {recording ? <span aria-hidden="true" className="size-2 rounded-full bg-danger motion-safe:animate-pulse" /> : <Spinner className="size-3.5" />}
          {recording ? t('chat:voice.recording') : t('chat:voice.transcribing')}
        </p>
      ) : (
        // Kept in place so the announcement region exists before it speaks.
        <p role="status" className="sr-only" />
      )}
      {isMobile ? (
        // A row of its own with a visible label: beside the text box, an icon alone was a riddle and
        // squeezed the text box to half the width of a phone.
        <Button
          variant="secondary"
          size="sm"
          className="mb-2 w-full"
          data-testid="chat-generate-mobile"
          disabled={!finish.enabled || generating}
          aria-busy={generating || undefined}
          aria-describedby={finish.hint ? finishHintId : undefined}
          onClick={finish.onPress}
        >
          {generating ? <Spinner className="size-4" /> : <Sparkles aria-hidden="true" />}
          {generating ? t('chat:finish.pending') : t('chat:finish.label')}
        </Button>
      ) : null}
      {isMobile && finish.hint ? (
        <span id={finishHintId} className="sr-only">
          {finish.hint}
        </span>
      ) : null}
      <div className="flex items-end gap-1.5 sm:gap-2">
        <label htmlFor="chat-input" className="sr-only">
          {t('chat:input.label')}
        </label>
        <textarea
          id="chat-input"
          ref={textareaRef}
          data-testid="chat-input"
          rows={isMobile ? 1 : 2}
          value={value}
          maxLength={CHAT_MESSAGE_MAX}
          disabled={disabled || generating}
          enterKeyHint="send"
          placeholder={disabled ? t('chat:input.placeholderLimit') : t('chat:input.placeholder')}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          style={{ minHeight: TEXTAREA_MIN_PX, maxHeight: TEXTAREA_MAX_PX }}
          className="block min-w-0 flex-1 resize-none overflow-y-auto rounded-md border border-field bg-surface px-3.5 py-2.5 text-base leading-normal text-ink transition-colors placeholder:text-ink-muted/80 hover:border-ink-muted focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-60"
        />
        {voice ? (
          <Button
          variant={recording ? 'primary' : 'ghost'}
          size="icon"
          data-testid="chat-mic"
          aria-label={micLabel}
          aria-pressed={recording}
          // Without a transcription service (shown to administrators only) the button explains itself when pressed.
          aria-disabled={!voice.available || undefined}
          aria-describedby={voice.available ? undefined : voiceHintId}
          disabled={generating || (voice.available && (transcribing || (!recording && (disabled || replying))))}
          aria-busy={transcribing || undefined}
          className={cn(!voice.available && 'text-ink-muted opacity-60 hover:bg-transparent')}
          onClick={voice.onPress}
        >
          {transcribing ? <Spinner className="size-4" /> : recording ? <Square aria-hidden="true" /> : <Mic aria-hidden="true" />}
          </Button>
        ) : null}
        {voice && !voice.available ? (
          <span id={voiceHintId} className="sr-only">
            {t('chat:voice.adminUnavailable')}
          </span>
        ) : null}
        <Button type="submit" size="icon" aria-label={t('chat:send')} data-testid="chat-send" disabled={!canSend}>
          <SendHorizontal aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}
