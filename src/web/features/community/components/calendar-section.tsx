import { CalendarDays, CalendarPlus, ChevronDown, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import { addToCalendarUrl, calendarHost } from '../calendar-links';

/**
 * The weekly calendar of art-therapy gatherings. The embed belongs to another service, so it loads only when
 * the person asks for it: until then that service learns nothing about who visits (and the page stays light).
 */
export function CalendarEmbed({ calendarUrl }: { calendarUrl: string }) {
  const { t } = useTranslation('community');
  const [shown, setShown] = useState(false);
  const frameId = useId();
  const host = calendarHost(calendarUrl);

  return (
    <div className="space-y-5">
      <p className="flex items-start gap-2.5 text-sm leading-relaxed text-ink-muted">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
        <span>{t('calendar.consent', { host })}</span>
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button variant={shown ? 'secondary' : 'primary'} aria-expanded={shown} aria-controls={frameId} onClick={() => setShown((value) => !value)}>
          {shown ? <ChevronDown aria-hidden="true" className="rotate-180" /> : <CalendarDays aria-hidden="true" />}
          {t(shown ? 'calendar.hide' : 'calendar.show')}
        </Button>
        <Button asChild variant="secondary">
          <a href={addToCalendarUrl(calendarUrl)} target="_blank" rel="noopener noreferrer">
            <CalendarPlus aria-hidden="true" />
            {t('calendar.add')}
            <span className="sr-only"> ({t('newTab')})</span>
          </a>
        </Button>
      </div>
      <div id={frameId} className={cn(!shown && 'hidden')}>
        {shown ? (
          <iframe
            src={calendarUrl}
            title={t('calendar.frameTitle')}
            loading="lazy"
            // Enough for the calendar to work and open its events; nothing more (no top navigation).
            sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
            referrerPolicy="no-referrer"
            className="h-[30rem] w-full rounded-lg border border-line bg-surface shadow-soft motion-safe:animate-fade-in md:h-[40rem]"
          />
        ) : null}
      </div>
    </div>
  );
}
