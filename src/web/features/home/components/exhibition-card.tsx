import type { ExhibitionSummary } from '@shared/contracts/exhibitions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The home's card in a month's first days: last month, hung as an exhibition, one tap away. Loaded only when there is
 * one (home-page.tsx), with its own texts, so the rest of the month the home carries none of it.
 */
export function ExhibitionCard({ exhibition }: { exhibition: Pick<ExhibitionSummary, 'id' | 'title' | 'coverUrl' | 'artworkCount'> }) {
  const { t } = useTranslation('exhibitions');
  return (
    <section aria-labelledby="exhibition-card-heading" data-testid="exhibition-card" className="rounded-xl bg-accent-soft/60 p-4 sm:p-5">
      <h2 id="exhibition-card-heading" className="text-sm font-medium tracking-wide text-ink-muted">
        {t('card.eyebrow')}
      </h2>
      <Link to={`/home/exhibitions/${encodeURIComponent(exhibition.id)}`} className="group mt-3 flex items-center gap-4 rounded-lg focus-visible:outline-offset-4">
        {exhibition.coverUrl ? (
          <img src={exhibition.coverUrl} alt="" width={96} height={96} loading="lazy" decoding="async" className="size-20 shrink-0 rounded-lg bg-sand object-cover shadow-soft sm:size-24" />
        ) : null}
        <span className="min-w-0">
          <span className="block font-serif text-lg leading-snug break-words text-ink decoration-accent/60 underline-offset-4 group-hover:underline">{exhibition.title}</span>{' '}
          <span className="mt-1 block text-sm text-ink-muted">{t('card.body', { count: exhibition.artworkCount })}</span>
        </span>
      </Link>
    </section>
  );
}
