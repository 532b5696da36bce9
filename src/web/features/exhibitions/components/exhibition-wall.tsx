import type { ExhibitionArtwork } from '@shared/contracts/exhibitions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The letter, one paragraph per blank line, set like a letter: a reading width, the signature kept on its line. */
export function ExhibitionLetter({ letter, note }: { letter: string; note?: string }) {
  const { t } = useTranslation('exhibitions');
  return (
    <section aria-labelledby="exhibition-letter-heading" className="max-w-prose rounded-xl border border-line bg-surface p-5 shadow-soft sm:p-8">
      <h2 id="exhibition-letter-heading" className="text-xs font-semibold tracking-[0.14em] text-ink-muted uppercase">
        {t('wall.letterHeading')}
      </h2>
      <div data-testid="exhibition-letter" className="mt-4 space-y-4 font-serif text-lg leading-relaxed text-ink">
        {letter.split(/\n{2,}/).map((paragraph, index) => (
          <p key={index} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
      {note ? <p className="mt-5 text-sm text-ink-muted">{note}</p> : null}
    </section>
  );
}

/**
 * The month's artworks as a wall: two to a row on a phone, three on a tablet, four on a desktop, each square and whole,
 * its title beneath like a museum label. On the owner's wall each leads to its memory; on a shared one, nowhere.
 */
export type WallArtwork = Omit<ExhibitionArtwork, 'id'> & { id?: string };

export function ExhibitionWall({ artworks, linked }: { artworks: WallArtwork[]; linked: boolean }) {
  const { t } = useTranslation('exhibitions');
  return (
    <section aria-labelledby="exhibition-wall-heading" className="space-y-5">
      <h2 id="exhibition-wall-heading" className="font-serif text-2xl text-ink">
        {t('wall.artworksHeading')} <span className="text-base text-ink-muted">· {t('wall.artworkCount', { count: artworks.length })}</span>
      </h2>
      {artworks.length === 0 ? (
        <p className="text-ink-muted">{t('wall.empty')}</p>
      ) : (
        <ul data-testid="exhibition-artworks" className="grid grid-cols-2 gap-4 sm:grid-cols-3 sm:gap-6 lg:grid-cols-4">
          {artworks.map((artwork, index) => {
            const picture = (
              <figure className="space-y-2">
                <img
                  src={artwork.thumbnailUrl ?? artwork.imageUrl}
                  alt={artwork.title}
                  width={512}
                  height={512}
                  loading={index < 4 ? 'eager' : 'lazy'}
                  decoding="async"
                  className="aspect-square w-full rounded-lg bg-sand object-cover shadow-soft"
                />
                {/* The picture is named by its title already: the label is for the eyes. */}
                <figcaption aria-hidden="true" className="font-serif text-[0.95rem] leading-snug break-words text-ink">{artwork.title}</figcaption>
              </figure>
            );
            return (
              <li key={artwork.id ?? `${artwork.createdAt}-${index}`}>
                {linked && artwork.id ? (
                  <Link to={`/home/memories/${encodeURIComponent(artwork.id)}`} className="block rounded-lg focus-visible:outline-offset-4">
                    {picture}
                  </Link>
                ) : (
                  picture
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
