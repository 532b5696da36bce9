import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { toast } from 'sonner';
import { PageSpinner } from '@web/components/ui/spinner';
import { useMe } from '@web/lib/api/get-me';

/** /home/admin: the server decides who is an administrator (profile.isAdmin from /api/me). */
export function AdminRoute() {
  const { t } = useTranslation('common');
  const me = useMe();
  const isAdmin = me.data?.profile.isAdmin === true;
  // Spec §6: any failure of the check means "not admin".
  const denied = !me.isPending && !isAdmin;

  useEffect(() => {
    if (denied) toast.error(t('toasts.notAdmin'), { id: 'not-admin' });
  }, [denied, t]);

  if (me.isPending) return <PageSpinner label={t('loading')} />;
  if (denied) return <Navigate to="/" replace />;
  return <Outlet />;
}
