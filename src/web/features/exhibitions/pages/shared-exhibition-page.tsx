import type { SharedExhibition } from '@shared/contracts/exhibitions';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QuietFrame } from '@web/components/quiet-frame';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/page-head';
import { isExhibitionToken, useSharedExhibition } from '../api/get-shared-exhibition';
import { ExhibitionLetter, ExhibitionWall } from '../components/exhibition-wall';
import { monthLabel } from '../month-label';

/** Answers that mean "no such shared exhibition"; anything else is worth another try. */
const NOT_FOUND_STATUSES = new Set([400, 404, 410]);

/**
 * /shared/exhibition/{token}: public, signed in or not. The title, the month, the letter and the wall — never the
 * reflections, never who made it — and an invitation to Souvenir.
 */
export function SharedExhibitionPage() {
  const { token } = useParams();
  const valid = isExhibitionToken(token);
  const exhibition = useSharedExhibition(token);
  const { t } = useTranslation(['shared', 'common']);
  const missing = !valid || (exhibition.error instanceof ApiError && NOT_FOUND_STATUSES.has(exhibition.error.status));
  usePageTitle(missing ? t('shared:notFound.title') : exhibition.data?.title);

  let content: ReactNode;
  if (missing) {
    content = (
      <div className="mt-10 flex max-w-md flex-col items-center text-center">
        <h1 className="text-3xl font-medium sm:text-4xl">{t('shared:notFound.title')}</h1>
        <p className="mt-3 max-w-sm leading-relaxed text-ink-muted">{t('shared:notFound.body')}</p>
      </div>
    );
  } else if (exhibition.isPending) {
    content = (
      <div data-testid="shared-exhibition-skeleton" aria-busy="true" className="mt-8 w-full max-w-5xl space-y-8">
        <p role="status" className="sr-only">
          {t('shared:loading')}
        </p>
        <Skeleton className="mx-auto h-10 w-2/3 max-w-md" />
        <Skeleton className="mx-auto h-48 w-full max-w-prose" />
      </div>
    );
  } else if (exhibition.isError) {
    content = (
      <div role="alert" className="mt-10 flex max-w-md flex-col items-center gap-3 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-sand">
          <CircleAlert aria-hidden="true" className="size-6 text-danger" />
        </span>
        <h1 className="mt-2 font-serif text-2xl text-ink sm:text-3xl">{t('shared:error.title')}</h1>
        <p className="leading-relaxed text-ink-muted">{t('shared:error.body')}</p>
        <Button variant="secondary" className="mt-4" pending={exhibition.isFetching} onClick={() => void exhibition.refetch()}>
          {t('common:actions.tryAgain')}
        </Button>
      </div>
    );
  } else content = <SharedExhibitionView exhibition={exhibition.data} />;

  return (
    <QuietFrame>
      {content}
      <div className="mt-10 flex w-full max-w-md flex-col items-center border-t border-line pt-8 text-center">
        <p className="max-w-sm leading-relaxed text-ink-muted">{t('shared:invitation')}</p>
        <Button asChild size="lg" className="mt-5">
          <Link to="/">{t('shared:cta')}</Link>
        </Button>
      </div>
    </QuietFrame>
  );
}

function SharedExhibitionView({ exhibition }: { exhibition: SharedExhibition }) {
  const { t, i18n } = useTranslation('exhibitions');
  return (
    <article data-testid="shared-exhibition" aria-labelledby="shared-exhibition-title" className="mt-8 w-full max-w-5xl space-y-10">
      <header className="space-y-2 text-center">
        <p className="text-sm font-medium tracking-wide text-ink-muted">
          {t('wall.eyebrow')} · {monthLabel(exhibition.month, i18n.language)}
        </p>
        <h1 id="shared-exhibition-title" className="font-serif text-3xl font-medium break-words sm:text-4xl">
          {exhibition.title}
        </h1>
      </header>
      <div className="flex justify-center">
        <ExhibitionLetter letter={exhibition.letter} />
      </div>
      <ExhibitionWall artworks={exhibition.artworks} linked={false} />
    </article>
  );
}
