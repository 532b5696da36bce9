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

/** No calendar set yet: said plainly, with the one place to ask meanwhile when there is one. */
export function CalendarFallback({ hasChatServer }: { hasChatServer: boolean }) {
  const { t } = useTranslation('community');
  return (
    <div data-testid="calendar-fallback" className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-field/50 bg-surface/60 p-6 sm:flex-row sm:gap-5 sm:p-8">
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-sand text-accent">
        <CalendarDays aria-hidden="true" className="size-6" />
      </span>
      <div>
        <p className="font-serif text-xl leading-snug text-ink">{t('calendar.fallback.title')}</p>
        <p className="mt-2 leading-relaxed text-ink-muted">{t(hasChatServer ? 'calendar.fallback.bodyWithChat' : 'calendar.fallback.body')}</p>
      </div>
    </div>
  );
}
