import { LOADING_MESSAGE_ROTATION_MS } from '@shared/limits';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';

/** The catalogue holds this many playful lines per language (chat:loadingMessages.0 … 8). */
export const LOADING_MESSAGE_COUNT = 9;

/**
 * Spec §2: while the artwork is generated, a playful line changes every 3 seconds. Screen readers
 * hear one steady sentence instead of a new line every few seconds.
 */
export function RotatingLoadingMessage({ className }: { className?: string }) {
  const { t } = useTranslation('chat');
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % LOADING_MESSAGE_COUNT), LOADING_MESSAGE_ROTATION_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <div role="status" data-testid="generation-progress" className={cn('flex items-center justify-center gap-3 text-ink-muted', className)}>
      <Spinner className="size-5 text-accent" />
      <span className="sr-only">{t('generating')}</span>
      <span aria-hidden="true" data-testid="loading-message" className="font-serif text-lg motion-safe:animate-fade-in" key={index}>
        {t(`loadingMessages.${index}`)}
      </span>
    </div>
  );
}
