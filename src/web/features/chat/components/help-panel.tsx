import { HELPLINE_DIRECTORY, HELPLINES, SAFETY_COUNTRIES, isSafetyCountry, type Helpline } from '@shared/safety';
import { ExternalLink, MessageSquareText, Phone, Siren } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@web/components/ui/button';
import { Select } from '@web/components/ui/select';
import { toLanguage } from '@web/lib/language';
import { cn } from '@web/lib/utils';
import { useSafetyCountry } from '../hooks/use-safety-country';

/** The number a `tel:` target dials ("tel:112" → "112"): the emergency display may name two ("15 / 112"). */
const dialled = (target: string) => target.replace(/^tel:/, '');
/** The number an `sms:` target writes to, without its prefilled body: a line may take texts on another number than its calls. */
const texted = (target: string) => target.replace(/^sms:/, '').replace(/\?.*$/, '');

// Call and text links are the whole point of the panel: full-size targets (at least 44 px high) that a shaking hand
// can hit, whose words wrap rather than run out of the box on a narrow phone ("Appeler le 1 866 277-3553").
const actionLayout = 'h-auto min-h-11 px-4 py-2 text-left whitespace-normal';
const actionClass = cn(buttonVariants({ variant: 'secondary', size: 'md' }), actionLayout);
/** The country's main line (listed first) is the one the eye should find first. */
const mainActionClass = cn(buttonVariants({ variant: 'primary', size: 'md' }), actionLayout);

/**
 * The helplines of the country shown (the person's choice, else the browser's guess): the emergency number,
 * each line with its call and text links, the international directory where we know no line, and the choice
 * of country, which changes the panel at once. Shared by the crisis panel in the chat and the "Need help now?"
 * dialog, so both always show the same numbers.
 */
export function HelpPanel({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('safety');
  const id = useId();
  const { country, choose } = useSafetyCountry();
  const [changed, setChanged] = useState(false);
  const language = toLanguage(i18n.resolvedLanguage) ?? 'en';
  const { emergency, lines } = HELPLINES[country];
  // A line that answers only in one language is offered to people who read the interface in it.
  const shown = lines.filter((line) => !line.language || line.language === language);

  return (
    // Relative: its screen-reader-only status is placed inside the panel, never below the page (which would scroll it).
    <div className={cn('relative space-y-3', className)} data-testid="help-panel" data-country={country}>
      {shown.length > 0 ? (
        <ul aria-label={t('linesLabel')} className="space-y-3">
          {shown.map((line, index) => (
            <HelplineItem key={line.id} line={line} main={index === 0} />
          ))}
        </ul>
      ) : null}

      {/* Someone in immediate danger needs the emergency number; everyone else, first, someone to talk to. */}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-md border border-line bg-surface p-3">
        <p className="flex min-w-0 flex-1 basis-56 items-start gap-2 text-[0.95rem] leading-snug text-ink">
          <Siren aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
          {t('emergency.lead', { number: emergency.display })}
        </p>
        <a href={emergency.call} className={actionClass} data-testid="help-emergency">
          <Phone aria-hidden="true" />
          {t('emergency.call', { number: dialled(emergency.call) })}
        </a>
      </div>

      {country === 'OTHER' ? (
        <div className="space-y-2">
          <p className="text-[0.95rem] leading-relaxed text-ink-muted">{t('directory.lead')}</p>
          <a href={HELPLINE_DIRECTORY.url} target="_blank" rel="noopener noreferrer" className={actionClass} data-testid="help-directory">
            {t('directory.link', { name: HELPLINE_DIRECTORY.name })}
            <ExternalLink aria-hidden="true" />
            <span className="sr-only"> {t('directory.newTab')}</span>
          </a>
        </div>
      ) : null}

      <div className="space-y-1.5">
        <label htmlFor={`${id}-country`} className="block text-sm font-medium text-ink">
          {t(`country.choose.${country}`)}
        </label>
        <Select
          id={`${id}-country`}
          value={country}
          className="h-11"
          onChange={(event) => {
            const next = event.target.value;
            if (!isSafetyCountry(next) || next === country) return;
            setChanged(true);
            choose(next);
          }}
        >
          {SAFETY_COUNTRIES.map((option) => (
            <option key={option} value={option}>
              {t(`country.names.${option}`)}
            </option>
          ))}
        </Select>
        {/* The numbers above changed without a page change: screen readers hear which country they are for now. */}
        <p role="status" className="sr-only">
          {changed ? t('country.showing', { country: t(`country.names.${country}`) }) : ''}
        </p>
      </div>

      {/* What the layer does and cannot do, every country's lines and how to reach a person, on one public page
          (a plain link: the panel is also drawn outside the app's router, and the page is drawn by the server). */}
      <p className="text-sm">
        <a href="/safety" className="text-accent underline-offset-4 hover:underline">
          {t('pageLink')}
        </a>
      </p>
    </div>
  );
}

function HelplineItem({ line, main }: { line: Helpline; main: boolean }) {
  const { t } = useTranslation('safety');
  const region = t(`lines.${line.id}.region`, { defaultValue: '' });
  return (
    // The number to press comes right under the name; what the line is follows, for those with time to read.
    <li className="space-y-2 rounded-md border border-line bg-surface p-3" data-testid="helpline" data-line={line.id}>
      <div className="space-y-0.5">
        {region ? <p className="text-sm font-medium text-accent-strong">{region}</p> : null}
        <h3 className="text-lg font-medium text-ink">{line.name}</h3>
      </div>
      <div className="flex flex-wrap gap-2">
        {line.call ? (
          <a href={line.call} className={main ? mainActionClass : actionClass}>
            <Phone aria-hidden="true" />
            {t('call', { number: line.display })}
          </a>
        ) : null}
        {line.text ? (
          <a href={line.text} className={actionClass}>
            <MessageSquareText aria-hidden="true" />
            {t('text', { number: texted(line.text) })}
          </a>
        ) : null}
      </div>
      <p className="text-sm leading-relaxed text-ink-muted">{t(`lines.${line.id}.description`)}</p>
    </li>
  );
}
