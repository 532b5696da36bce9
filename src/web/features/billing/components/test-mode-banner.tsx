import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * The sandbox's pages say plainly, before anything else, that no real payment happens here: a person
 * must never wonder whether their card was charged.
 */
export function TestModeBanner({ title, body }: { title: string; body: string }) {
  const { t } = useTranslation('billing');
  return (
    <div role="note" aria-label={title} data-testid="sandbox-banner" className="flex gap-3 rounded-lg border-2 border-dashed border-accent/50 bg-accent-soft px-4 py-3.5 sm:px-5">
      <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-strong" />
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
          <span className="rounded-sm bg-accent px-1.5 py-0.5 text-xs font-semibold tracking-[0.12em] text-white uppercase">{t('sandbox.badge')}</span>
          {title}
        </p>
        <p className="text-[0.95rem] leading-relaxed text-ink-muted">{body}</p>
      </div>
    </div>
  );
}
