import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXHIBITION_OFFER_DAYS } from '@shared/limits';
import { useCurrentExhibition } from '@web/lib/api/get-current-exhibition';
import { useMe } from '@web/lib/api/get-me';
import { loadAppNamespaces } from '@web/lib/i18n';
import { usePageTitle } from '@web/lib/page-head';
import { useTimeZone } from '@web/lib/time-zone';
import { ImageMigrationBanner } from '../components/image-migration-banner';
import { OnThisDayCard } from '../components/on-this-day-card';
import { RecentMemories } from '../components/recent-memories';
import { TodayCard } from '../components/today-card';
import { useMainAction } from '../hooks/use-main-action';
import { useWelcomeBackTimer } from '../hooks/use-welcome-back-timer';

// Asked once in a while only: the dialog's code (~10 KB gzipped with Radix's dialog) loads when it is to open.
const WelcomeBackDialog = lazy(async () => ({ default: (await import('../components/welcome-back-dialog')).WelcomeBackDialog }));
// A few days a month, for people with an exhibition only: its card and texts load then, never with the home itself.
const ExhibitionCard = lazy(async () => {
  const [module] = await Promise.all([import('../components/exhibition-card'), loadAppNamespaces(['exhibitions'])]);
  return { default: module.ExhibitionCard };
});

/**
 * Last month's exhibition, asked for only in a month's first days on the person's calendar, and only in the browser
 * (asking makes it). Nothing at all the rest of the month, while it loads, when there is none or when it fails.
 */
function ExhibitionOffer({ signedIn }: { signedIn: boolean }) {
  const tz = useTimeZone();
  const { i18n } = useTranslation();
  const day = Number(new Intl.DateTimeFormat('en-US', { timeZone: tz, day: 'numeric' }).format(new Date()));
  const enabled = signedIn && typeof window !== 'undefined' && day <= EXHIBITION_OFFER_DAYS;
  const exhibition = useCurrentExhibition(tz, i18n.language === 'fr' ? 'fr' : 'en', { enabled }).data?.exhibition;
  if (!enabled || !exhibition) return null;
  return (
    <Suspense fallback={null}>
      <ExhibitionCard exhibition={exhibition} />
    </Suspense>
  );
}

/** The home page: a greeting, where today's session begins, and the latest memories. */
export function HomePage() {
  const { t } = useTranslation('home');
  usePageTitle(t('common:titles.home'));
  const { data: me } = useMe();
  const signedIn = Boolean(me);
  const { action, status, run } = useMainAction(signedIn);
  const welcomeBack = useWelcomeBackTimer(me);
  const firstName = me?.profile.firstName.trim() || status.data?.firstName.trim();
  // Once opened it stays mounted, so it can close with its own animation and hand the focus back.
  const [welcomeBackAsked, setWelcomeBackAsked] = useState(false);
  if (welcomeBack.open && !welcomeBackAsked) setWelcomeBackAsked(true);

  return (
    <div className="w-full space-y-14 sm:space-y-16">
      {/* Today's card spans the page like the memories below it: capped narrower, it left a desktop's right third
          empty. Only the reading text keeps a line length. */}
      <section aria-labelledby="home-greeting" className="w-full space-y-8">
        <div className="space-y-3">
          <h1 id="home-greeting" data-testid="home-greeting" className="text-4xl font-medium sm:text-5xl">
            {firstName ? t('greeting', { firstName }) : t('greetingGeneric')}
          </h1>
          <p className="max-w-prose text-lg leading-relaxed text-ink-muted">{t('intro')}</p>
        </div>
        <TodayCard action={action} status={status.data} onStart={run} onRetry={() => void status.refetch()} retrying={status.isFetching} />
        <OnThisDayCard signedIn={signedIn} />
        <ExhibitionOffer signedIn={signedIn} />
      </section>

      <ImageMigrationBanner signedIn={signedIn} />

      <RecentMemories signedIn={signedIn} onStart={run} startDisabled={action.kind === 'loading' || action.kind === 'error'} />

      {welcomeBackAsked ? (
        <Suspense fallback={null}>
          <WelcomeBackDialog open={welcomeBack.open} onClose={welcomeBack.close} />
        </Suspense>
      ) : null}
    </div>
  );
}
