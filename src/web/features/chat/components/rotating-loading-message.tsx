import { LOADING_MESSAGE_ROTATION_MS } from '@shared/limits';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';

/** The catalogue holds this many playful lines per language (chat:loadingMessages.0 … 8). */
export const LOADING_MESSAGE_COUNT = 9;

/**
 * While the artwork is made, a playful line changes every 3 seconds. A quick provider finishes in a
 * second or two, before any turn: the first line is then the only one the person sees, so it appears
 * at full strength at once, and only the lines that replace it fade in. Screen readers hear one
 * steady sentence instead of a new line every few seconds.
 */
export function RotatingLoadingMessage({ className }: { className?: string }) {
  const { t } = useTranslation('chat');
  // Turns are counted, not lines, so that the first line coming round again still fades in.
  const [turn, setTurn] = useState(0);
  const index = turn % LOADING_MESSAGE_COUNT;

  useEffect(() => {
    const timer = setInterval(() => setTurn((n) => n + 1), LOADING_MESSAGE_ROTATION_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <div role="status" data-testid="generation-progress" className={cn('flex items-center justify-center gap-3 text-ink-muted', className)}>
      <Spinner className="size-5 text-accent" />
      <span className="sr-only">{t('generating')}</span>
      <span
        aria-hidden="true"
        data-testid="loading-message"
        className={cn('font-serif text-lg', turn > 0 && 'motion-safe:animate-fade-in')}
        key={turn}
      >
        {t(`loadingMessages.${index}`)}
      </span>
    </div>
  );
}
