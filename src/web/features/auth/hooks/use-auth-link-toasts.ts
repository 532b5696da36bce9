import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';

/**
 * Links from outside land on /auth with a query: ?verified=1 after the e-mail verification link,
 * ?error=… when Google sign-in failed. Say so once, then tidy the address bar.
 */
export function useAuthLinkToasts() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const verified = searchParams.get('verified') === '1';
  const error = searchParams.get('error');

  useEffect(() => {
    if (!verified && !error) return;
    if (verified) toast.success(t('toasts.verified'), { id: 'email-verified' });
    if (error) toast.error(t('toasts.googleError'), { id: 'google-error' });
    setSearchParams(
      (params) => {
        params.delete('verified');
        params.delete('error');
        return params;
      },
      // Keep the remembered origin (navigation state) when tidying the query.
      { replace: true, state: location.state as unknown },
    );
  }, [verified, error, t, setSearchParams, location.state]);
}
