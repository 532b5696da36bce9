import { MessageCircleHeart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@web/components/ui/card';
import { useMe } from '@web/lib/api/get-me';

/** Foundation home: a greeting and where the daily conversation will begin. */
export function HomePage() {
  const { t } = useTranslation('home');
  const { data: me } = useMe();
  const firstName = me?.profile.firstName.trim();

  return (
    <div className="mx-auto w-full max-w-3xl space-y-10">
      <div className="space-y-3">
        <h1 className="text-4xl font-medium sm:text-5xl">{firstName ? t('greeting', { firstName }) : t('greetingGeneric')}</h1>
        <p className="max-w-prose text-lg leading-relaxed text-ink-muted">{t('intro')}</p>
      </div>

      <Card className="overflow-hidden">
        <CardContent className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-strong">
            <MessageCircleHeart aria-hidden="true" className="size-6" />
          </span>
          <div className="space-y-2">
            <div className="flex flex-wrap items-center gap-3">
              <h2 className="text-2xl font-medium">{t('today.title')}</h2>
              <span className="rounded-full bg-sand px-3 py-1 text-xs font-semibold text-ink-muted">{t('today.badge')}</span>
            </div>
            <p className="max-w-prose leading-relaxed text-ink-muted">{t('today.body')}</p>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
