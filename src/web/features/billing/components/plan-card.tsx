import type { Language } from '@shared/limits';
import { Check, Gift } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { useCommunity } from '@web/lib/api/get-community';
import { formatPrice } from '../format';
import { useAgentGenderContext } from '@web/lib/agent-gender';

type Included = 'sessions' | 'artwork' | 'community' | 'communityChat' | 'communityCalendar' | 'communityPage' | 'cancel';

/**
 * The plan always includes community access; its line names only what an administrator has set up (a place to
 * talk, a calendar, or both) and, with neither yet, the community page where they will appear.
 */
function communityLine(chat: boolean, calendar: boolean): Included {
  if (chat && calendar) return 'community';
  if (chat) return 'communityChat';
  if (calendar) return 'communityCalendar';
  return 'communityPage';
}

/** The one monthly plan: its price in the interface's language and what it includes. */
export function PlanCard({ language, children }: { language: Language; children: ReactNode }) {
  const { t } = useTranslation('billing');
  const context = useAgentGenderContext();
  const id = useId();
  const communityRead = useCommunity();
  const community = communityRead.data;
  const included: Included[] = [
    'sessions',
    'artwork',
    communityLine(Boolean(community?.chatServerUrl), Boolean(community?.calendarUrl.en || community?.calendarUrl.fr)),
    'cancel',
  ];

  return (
    <Card role="region" aria-labelledby={`${id}-name`} data-testid="pricing-plan">
      <CardHeader className="space-y-3">
        <p className="text-xs font-semibold tracking-[0.14em] text-ink-muted uppercase">{t('pricing.plan.label')}</p>
        <h2 id={`${id}-name`} className="font-serif text-3xl font-medium text-ink">
          {t('pricing.plan.name')}
        </h2>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span data-testid="pricing-price" className="font-serif text-5xl leading-none font-medium text-ink">
            {formatPrice(language)}
          </span>
          <span className="text-lg text-ink-muted">{t('pricing.plan.perMonth')}</span>
        </p>
        <p className="max-w-prose leading-relaxed text-ink-muted">{t('pricing.plan.tagline')}</p>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="space-y-3">
          <h3 className="text-sm font-semibold text-ink">{t('pricing.plan.includedTitle')}</h3>
          {/* Busy until the community read has answered: its line may still name more. */}
          <ul className="space-y-2.5" aria-busy={communityRead.isPending} data-testid="pricing-included">
            {included.map((item) => (
              <li key={item} className="flex gap-3 leading-relaxed text-ink">
                <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-success" />
                <span>{t(`pricing.plan.included.${item}`, { context })}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="flex gap-3 rounded-md bg-sand px-4 py-3 text-[0.95rem] leading-relaxed text-ink">
          <Gift aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
          {t('pricing.plan.firstSessionFree')}
        </p>
        {children}
      </CardContent>
    </Card>
  );
}
