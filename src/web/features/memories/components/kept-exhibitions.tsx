import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useKeptExhibitions } from '@web/lib/api/get-kept-exhibitions';

/**
 * The gallery's row of the monthly exhibitions the person kept, newest month first. Nothing at all when there is none,
 * while it loads, or when it fails: the gallery below is what the page is for.
 */
export function KeptExhibitions() {
  const { t } = useTranslation('gallery');
  const items = useKeptExhibitions().data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="kept-exhibitions-heading" data-testid="kept-exhibitions" className="space-y-3">
      <h2 id="kept-exhibitions-heading" className="text-sm font-medium tracking-wide text-ink-muted">
        {t('exhibitions.heading')}
      </h2>
      <ul className="flex gap-4 overflow-x-auto pb-2">
        {items.map((exhibition) => (
          <li key={exhibition.id} className="w-36 shrink-0 sm:w-44">
            <Link to={`/home/exhibitions/${encodeURIComponent(exhibition.id)}`} className="group block space-y-2 rounded-lg focus-visible:outline-offset-4">
              {exhibition.coverUrl ? (
                <img src={exhibition.coverUrl} alt="" width={176} height={176} loading="lazy" decoding="async" className="aspect-square w-full rounded-lg bg-sand object-cover shadow-soft" />
              ) : (
                <span aria-hidden="true" className="block aspect-square w-full rounded-lg bg-sand" />
              )}
              <span className="block font-serif leading-snug break-words text-ink decoration-accent/60 underline-offset-4 group-hover:underline">{exhibition.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
