import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { useMe } from '@web/lib/api/get-me';

/**
 * Everything under /home. Signed-out visitors go to /auth, which sends them back here after
 * signing in (the origin travels in the navigation state).
 */
export function ProtectedRoute() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const navigation = useNavigation();
  const me = useMe();

  if (me.isPending) return <PageSpinner label={t('loading')} />;

  if (me.isError) {
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
        <h1 className="text-2xl font-medium">{t('sessionError.title')}</h1>
        <p className="text-ink-muted">{t('sessionError.body')}</p>
        <Button variant="secondary" className="mt-3" pending={me.isFetching} onClick={() => void me.refetch()}>
          {t('actions.tryAgain')}
        </Button>
      </div>
    );
  }

  // Signing out (or closing the account) says "signed out", then leaves for "/": while that page's code loads
  // (routes load lazily, decision 0029), stay quiet rather than send the person to /auth instead.
  if (!me.data && navigation.state !== 'idle') return null;
  if (!me.data) return <Navigate to="/auth" state={{ from: location }} replace />;

  return <Outlet />;
}
