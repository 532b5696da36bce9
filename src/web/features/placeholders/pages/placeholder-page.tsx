import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';

export type PlaceholderPageName = 'pricing';

/** A page whose feature is still being built: its own title, a kind word, and a way back. */
export function PlaceholderPage({ page }: { page: PlaceholderPageName }) {
  const { t } = useTranslation('placeholders');
  return (
    <div className="mx-auto w-full max-w-3xl space-y-8">
      <h1 className="text-4xl font-medium sm:text-5xl">{t(`pages.${page}.title`)}</h1>
      <Card>
        <CardContent className="flex flex-col items-start gap-4">
          <span className="inline-flex items-center gap-2 rounded-full bg-sand px-3 py-1 text-xs font-semibold text-ink-muted">
            <Sparkles aria-hidden="true" className="size-3.5" />
            {t('badge')}
          </span>
          <p className="font-serif text-2xl leading-snug">{t('comingSoon')}</p>
          <p className="max-w-prose leading-relaxed text-ink-muted">{t(`pages.${page}.body`)}</p>
          <Button asChild variant="secondary" className="mt-2">
            <Link to="/home">{t('backHome')}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
