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
 *
 * It takes at most part of the chat's height and scrolls inside, so the input below is never pushed out of
 * reach and the companion's reply stays readable above it: on a phone, where the chat's box is smallest, at most
 * two fifths of it, which leaves the reply several lines.
 */
export function CrisisHelp({ announce }: { announce: boolean }) {
  const { t } = useTranslation('safety');
  const id = useId();
  const [open, setOpen] = useState(true);

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="crisis-help"
      data-open={open}
      className="flex max-h-[40%] min-h-0 flex-col overflow-hidden border-t border-accent/30 bg-accent-soft/60 md:max-h-[55%]"
    >
      <div className="relative shrink-0 px-3 pt-2.5 pb-2 sm:px-5 sm:pt-4">
        <div role={announce ? 'alert' : undefined} className="space-y-1 pt-1">
          {/* Room on the right for the fold button, so the warm words below can use the whole width. */}
          <h2 id={`${id}-title`} className="flex items-start gap-2 pr-24 text-base font-medium text-ink sm:pr-28 sm:text-xl">
            <HeartHandshake aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-strong sm:mt-1" />
            {t('crisis.title')}
          </h2>
          <p className="text-sm leading-relaxed text-ink sm:text-[0.95rem]">{t('crisis.lead')}</p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="absolute top-1.5 right-1.5 h-11 gap-1 px-2.5 sm:top-2.5 sm:right-3"
          // The visible word is short; the name says what folds.
          aria-label={open ? t('crisis.fold') : t('crisis.unfold')}
          aria-expanded={open}
          aria-controls={`${id}-content`}
          onClick={() => setOpen((value) => !value)}
          data-testid="crisis-help-toggle"
        >
          {open ? <ChevronDown aria-hidden="true" /> : <ChevronUp aria-hidden="true" />}
          {open ? t('crisis.foldShort') : t('crisis.unfoldShort')}
        </Button>
      </div>
      <div id={`${id}-content`} className="min-h-0 overflow-y-auto px-3 pb-3 sm:px-5 sm:pb-4" hidden={!open}>
        {open ? <HelpPanel /> : null}
      </div>
    </section>
  );
}
