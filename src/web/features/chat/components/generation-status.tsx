import type { GenerationLimit } from '@shared/contracts/chat';
import { Hourglass } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/utils';

/** Hours and minutes from `now` to the next local midnight, rounded up to the minute. */
export function timeUntilLocalMidnight(now: Date): { hours: number; minutes: number } {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const totalMinutes = Math.ceil((midnight.getTime() - now.getTime()) / 60_000);
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}

/** The current time, refreshed at the start of every minute. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setTimeout(() => setNow(new Date()), 60_000 - (now.getTime() % 60_000));
    return () => clearTimeout(timer);
  }, [now]);
  return now;
}

function useResetText(): string {
  const { t } = useTranslation('chat');
  const { hours, minutes } = timeUntilLocalMidnight(useMinuteClock());
  return hours > 0 ? t('generations.resetIn', { hours, minutes }) : t('generations.resetInMinutes', { minutes });
}

/** "1 of 1 memory left today · Resets in 5 h 12 min" (the reset is the next local midnight). */
export function GenerationSummary({ generation, className }: { generation: GenerationLimit; className?: string }) {
  const { t } = useTranslation('chat');
  const resetText = useResetText();
  return (
    <p data-testid="chat-generations" className={cn('flex flex-wrap items-center gap-x-2 text-sm text-ink-muted', className)}>
      <span>{t('generations.remaining', { count: generation.limit, remaining: generation.remaining })}</span>
      <span aria-hidden="true">·</span>
      <span>{resetText}</span>
    </p>
  );
}

/** When the daily limit is reached, say so with the limit and the approximate reset time. */
export function LimitNotice({ limit }: { limit: number }) {
  const { t } = useTranslation('chat');
  const resetText = useResetText();
  return (
    <div role="status" data-testid="chat-limit-notice" className="flex items-start gap-3 rounded-lg border border-line bg-sand/70 px-4 py-3">
      <Hourglass aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
      <div className="space-y-0.5 text-sm">
        <p className="font-medium text-ink">{t('limit.title', { count: limit })}</p>
        <p className="text-ink-muted">
          {t('limit.body')} · {resetText}
        </p>
      </div>
    </div>
  );
}
