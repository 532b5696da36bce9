import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { usePageTitle } from '@web/lib/page-head';

/** Any unknown child of /home: a 404 with a link to "/". */
export function NotFoundPage() {
  const { t } = useTranslation('not-found');
  usePageTitle(t('common:titles.notFound'));
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-12 text-center">
      <p className="font-serif text-8xl font-light text-accent sm:text-9xl">
        {t('code')}
      </p>
      <h1 className="mt-4 text-3xl font-medium">{t('title')}</h1>
      <p className="mt-3 text-ink-muted">{t('body')}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">{t('link')}</Link>
      </Button>
    </div>
  );
}
