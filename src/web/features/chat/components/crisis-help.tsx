import { ChevronDown, ChevronUp, HeartHandshake } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { HelpPanel } from './help-panel';

/**
 * The help panel inside the chat, above the input, once the safety layer has found the person may be in
 * danger: it stays for the rest of the conversation. It can be folded to give the conversation room, but
 * never goes away: folded, it is its heading and the button that opens it again. `announce` makes it an
 * alert when it has just appeared; a panel restored after a reload is simply there.
 */
export function CrisisHelp({ announce }: { announce: boolean }) {
  const { t } = useTranslation('safety');
  const id = useId();
  const [open, setOpen] = useState(true);

  return (
    <section aria-labelledby={`${id}-title`} data-testid="crisis-help" data-open={open} className="shrink-0 border-t border-accent/30 bg-accent-soft/60">
      <div id={`${id}-content`} className="flex max-h-[45dvh] flex-col gap-3 overflow-y-auto px-3 py-3 sm:max-h-[22rem] sm:px-5 sm:py-4">
        <div role={announce ? 'alert' : undefined} className="space-y-1">
          <h2 id={`${id}-title`} className="flex items-start gap-2 text-lg font-medium text-ink sm:text-xl">
            <HeartHandshake aria-hidden="true" className="mt-1 size-5 shrink-0 text-accent-strong" />
            {t('crisis.title')}
          </h2>
          <p className="text-[0.95rem] leading-relaxed text-ink">{t('crisis.lead')}</p>
        </div>
        {open ? <HelpPanel /> : null}
      </div>
      <div className="border-t border-accent/20 px-3 py-1.5 sm:px-5">
        <Button
          variant="ghost"
          size="sm"
          className="h-11 w-full justify-center sm:h-9 sm:w-auto"
          aria-expanded={open}
          aria-controls={`${id}-content`}
          onClick={() => setOpen((value) => !value)}
          data-testid="crisis-help-toggle"
        >
          {open ? <ChevronDown aria-hidden="true" /> : <ChevronUp aria-hidden="true" />}
          {open ? t('crisis.fold') : t('crisis.unfold')}
        </Button>
      </div>
    </section>
  );
}
