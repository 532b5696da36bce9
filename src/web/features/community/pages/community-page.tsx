import { DEFAULT_LANGUAGE } from '@shared/limits';
import { ArrowLeft, CircleAlert, MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { toLanguage } from '@web/lib/language';
import { useCommunity } from '@web/lib/api/get-community';
import { usePageTitle } from '@web/lib/page-head';
import { calendarUrlFor } from '../calendar-links';
import { CalendarEmbed } from '../components/calendar-section';
import { GatheringIllustration, PaletteIllustration, ShareIllustration, TeaIllustration } from '../components/community-illustrations';

const VALUES = [
  { key: 'gatherings', Illustration: PaletteIllustration },
  { key: 'sharing', Illustration: ShareIllustration },
  { key: 'pressure', Illustration: TeaIllustration },
] as const;

/**
 * /community: public. Words and drawings about the community, the weekly calendar of
 * art-therapy gatherings (loaded on request), add-to-calendar, the community server when there is one, and
 * the way back home. The links come from the administrators' settings.
 */
export function CommunityPage() {
  const { t } = useTranslation(['community', 'common']);
  // What this instance really offers: the gatherings are spoken of only once their calendar is published.
  const community = useCommunity();
  const hasCalendar = Boolean(community.data?.calendarUrl.en ?? community.data?.calendarUrl.fr);
  const values = VALUES.filter(({ key }) => key !== 'gatherings' || hasCalendar);
  usePageTitle(t('common:titles.community'));

  return (
    <div className="mx-auto w-full max-w-5xl space-y-16 md:space-y-20">
      <section className="grid items-center gap-8 md:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] md:gap-12">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-[0.14em] text-accent uppercase">{t('community:eyebrow')}</p>
          <h1 className="mt-3 text-4xl font-medium sm:text-5xl">{t('community:title')}</h1>
          <p className="mt-5 max-w-[60ch] font-serif text-xl leading-relaxed text-ink">{t('community:lead')}</p>
          <p className="mt-4 max-w-[60ch] leading-relaxed text-ink-muted">
            {t('community:intro')}
            {hasCalendar ? ` ${t('community:introGatherings')}` : null}
          </p>
        </div>
        <GatheringIllustration className="mx-auto max-w-sm md:max-w-none" />
      </section>

      <section aria-labelledby="community-values">
        <h2 id="community-values" className="text-2xl font-medium sm:text-3xl">
          {t('community:values.title')}
        </h2>
        <ul className={`mt-6 grid gap-5 ${values.length === 3 ? 'md:grid-cols-3' : 'md:grid-cols-2'}`}>
          {values.map(({ key, Illustration }) => (
            <li key={key} className="rounded-lg border border-line bg-surface p-6 shadow-soft">
              <Illustration />
              <h3 className="mt-4 text-xl font-medium text-ink">{t(`community:values.${key}.title`)}</h3>
              <p className="mt-2 leading-relaxed text-ink-muted">{t(`community:values.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <CommunityLinks />

      <div>
        <Button asChild variant="secondary">
          <Link to="/home">
            <ArrowLeft aria-hidden="true" />
            {t('common:actions.backHome')}
          </Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * The calendar and the community server, each shown only when an administrator has set it; with neither, the
 * page says so rather than promising them. Both come from the settings, so they wait for them.
 */
function CommunityLinks() {
  const { t, i18n } = useTranslation(['community', 'common']);
  const community = useCommunity();
  const language = toLanguage(i18n.resolvedLanguage) ?? DEFAULT_LANGUAGE;

  if (community.isPending) return <CalendarSkeleton />;
  if (community.isError) return <LinksLoadError retrying={community.isFetching} onRetry={() => void community.refetch()} />;
  const calendarUrl = calendarUrlFor(community.data.calendarUrl, language);
  const chatServerUrl = community.data.chatServerUrl;
  if (!calendarUrl && !chatServerUrl) {
    return (
      <section aria-labelledby="community-nothing-yet" data-testid="community-nothing-yet" className="rounded-lg border border-line bg-surface p-6 sm:p-8">
        <h2 id="community-nothing-yet" className="text-2xl font-medium sm:text-3xl">
          {t('community:nothingYet.title')}
        </h2>
        <p className="mt-2 max-w-[60ch] leading-relaxed text-ink-muted">{t('community:nothingYet.body')}</p>
      </section>
    );
  }

  return (
    <>
      {calendarUrl ? (
        <section aria-labelledby="community-calendar">
          <h2 id="community-calendar" className="text-2xl font-medium sm:text-3xl">
            {t('community:calendar.title')}
          </h2>
          <p className="mt-2 mb-6 max-w-[60ch] leading-relaxed text-ink-muted">{t('community:calendar.description')}</p>
          {/* A new calendar address starts folded again: the person asks for each embed they load. */}
          <CalendarEmbed key={calendarUrl} calendarUrl={calendarUrl} />
        </section>
      ) : null}

      {chatServerUrl ? (
        <section aria-labelledby="community-chat" className="rounded-xl bg-sand/70 p-6 sm:p-10">
          <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
            <div className="min-w-0">
              <h2 id="community-chat" className="text-2xl font-medium sm:text-3xl">
                {t('community:chat.title')}
              </h2>
              <p className="mt-2 max-w-[52ch] leading-relaxed text-ink-muted">{t('community:chat.body')}</p>
            </div>
            <Button asChild size="lg" className="h-auto min-h-12 py-3 text-center whitespace-normal">
              <a href={chatServerUrl} target="_blank" rel="noopener noreferrer">
                <MessagesSquare aria-hidden="true" />
                {t('community:chat.join')}
                <span className="sr-only"> ({t('community:newTab')})</span>
              </a>
            </Button>
          </div>
        </section>
      ) : null}
    </>
  );
}

function CalendarSkeleton() {
  const { t } = useTranslation('community');
  return (
    <div data-testid="calendar-skeleton" aria-busy="true" className="space-y-5">
      <p role="status" className="sr-only">
        {t('calendar.loading')}
      </p>
      <Skeleton className="h-4 w-full max-w-md" />
      <div className="flex flex-wrap gap-3">
        <Skeleton className="h-11 w-44" />
        <Skeleton className="h-11 w-40" />
      </div>
    </div>
  );
}

function LinksLoadError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation(['community', 'common']);
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-line bg-surface p-6 sm:flex-row sm:items-center sm:gap-5">
      <CircleAlert aria-hidden="true" className="size-6 shrink-0 text-danger" />
      <p className="flex-1 leading-relaxed text-ink-muted">{t('community:error')}</p>
      <Button variant="secondary" pending={retrying} onClick={onRetry}>
        {t('common:actions.tryAgain')}
      </Button>
    </div>
  );
}
