import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOnThisDay } from '@web/lib/api/get-on-this-day';
import { useDateFormat } from '@web/lib/date-format';
import { useTimeZone } from '@web/lib/time-zone';

/**
 * "A year ago today": one earlier memory of this date, offered quietly beside today's card. Nothing at all
 * while it loads, when there is none, when it fails or when the person turned it off — it is a gift, never
 * a gap to notice.
 */
export function OnThisDayCard({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('recollections');
  const tz = useTimeZone();
  const onThisDay = useOnThisDay(tz, { enabled: signedIn });
  const formatDate = useDateFormat('long');
  const memory = onThisDay.data?.memory;
  if (!memory) return null;

  const heading = memory.ago.unit === 'month' ? t('onThisDay.monthAgo') : t('onThisDay.yearsAgo', { count: memory.ago.count });
  return (
    <section aria-labelledby="on-this-day-heading" data-testid="on-this-day" className="rounded-xl bg-sand/50 p-4 sm:p-5">
      <h2 id="on-this-day-heading" className="text-sm font-medium tracking-wide text-ink-muted">
        {heading}
      </h2>
      <Link
        to={`/home/memories/${encodeURIComponent(memory.id)}`}
        className="group mt-3 flex items-center gap-4 rounded-lg focus-visible:outline-offset-4"
      >
        <img
          src={memory.thumbnailUrl ?? memory.imageUrl}
          alt=""
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
          className="size-20 shrink-0 rounded-lg bg-sand object-cover shadow-soft sm:size-24"
        />
        <span className="min-w-0">
          <span className="block font-serif text-lg leading-snug break-words text-ink decoration-accent/60 underline-offset-4 group-hover:underline">
            {memory.title}
          </span>{' '}
          <time dateTime={memory.createdAt} className="mt-1 block text-sm text-ink-muted">
            {formatDate(memory.createdAt)}
          </time>
        </span>
      </Link>
      <p className="mt-3 text-xs text-ink-muted">
        <Link to="/home/profile#on-this-day" className="underline underline-offset-2">
          {t('onThisDay.turnOff')}
        </Link>
      </p>
    </section>
  );
}
