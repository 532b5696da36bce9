import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';

/**
 * While a card's list or status loads: resting bars for the eye, and one line said to screen readers.
 * `bars` are the bars' sizes (Tailwind classes), so the shape hints at what will appear.
 */
export function LoadingBars({ label, bars = ['h-5 w-full', 'h-5 w-2/3'] }: { label: string; bars?: readonly string[] }) {
  return (
    <div aria-busy="true" className="space-y-2">
      <p role="status" className="sr-only">
        {label}
      </p>
      {bars.map((size, index) => (
        <Skeleton key={index} className={size} />
      ))}
    </div>
  );
}

/** A read that failed, in the caller's words, announced at once, with "Try again" that asks the server again. */
export function LoadFailed({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3">
      <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-danger" />
      <p className="text-ink-muted">{message}</p>
      <Button variant="secondary" size="sm" pending={retrying} onClick={onRetry}>
        {t('common:actions.tryAgain')}
      </Button>
    </div>
  );
}
