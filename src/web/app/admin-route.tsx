import { CircleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { useMe } from '@web/lib/api/get-me';
import { errorMessage } from '@web/lib/error-message';

/**
 * /home/admin: the server decides who is an administrator (profile.isAdmin from /api/me). A person who
 * is not one gets a toast saying so and is sent to "/", which forwards a signed-in person to /home
 * (decision 0034). When the check itself fails, the verification error says why and leads home (the
 * admin routes refuse the request on the server either way).
 */
export function AdminRoute() {
  const { t } = useTranslation('common');
  const me = useMe();
  const isAdmin = me.data?.profile.isAdmin === true;
  const denied = me.isSuccess && !isAdmin && !me.isError;

  useEffect(() => {
    if (denied) toast.error(t('toasts.notAdmin'), { id: 'not-admin' });
  }, [denied, t]);

  if (me.isPending) return <PageSpinner label={t('loading')} />;
  if (isAdmin) return <Outlet />;
  // The check could not be made (the page's session check normally answers first; a failed refresh lands here).
  if (me.isError) return <AdminCheckError reason={errorMessage(t, me.error)} />;
  return <Navigate to="/" replace />;
}

function AdminCheckError({ reason }: { reason: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-sand text-danger">
        <CircleAlert aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-2 font-serif text-2xl text-ink sm:text-3xl">{t('adminCheck.title')}</h1>
      <p className="leading-relaxed text-ink-muted">{t('adminCheck.body', { reason })}</p>
      <p className="text-sm text-ink-muted">{t('adminCheck.help')}</p>
      <Button asChild className="mt-4">
        <Link to="/home">{t('adminCheck.home')}</Link>
      </Button>
    </div>
  );
}
