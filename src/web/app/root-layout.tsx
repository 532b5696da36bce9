import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { Button } from '@web/components/ui/button';
import { usePageTitle } from '@web/lib/page-head';
import { AuthErrorDialogHost } from './auth-error-dialog-host';
import { LanguageSync } from './language-sync';
import { RouteFocus } from './route-focus';

export function RootLayout() {
  return (
    <>
      <LanguageSync />
      <ScrollRestoration />
      <RouteFocus />
      <Outlet />
      <AuthErrorDialogHost />
    </>
  );
}

/** Shown when a page throws while rendering: say what happened and offer the one useful action. */
export function RouteErrorPage() {
  const { t } = useTranslation('common');
  usePageTitle(t('titles.error'));
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl font-medium">{t('routeError.title')}</h1>
      <p className="max-w-sm text-ink-muted">{t('routeError.body')}</p>
      <Button size="lg" className="mt-2" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </main>
  );
}
