import { createElement, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ToastText } from '@web/components/toast-text';

/**
 * Links from outside land on /auth with a query: ?verified=1 after the e-mail verification link,
 * ?error=… when Google sign-in or single sign-on (?provider=sso) failed. Say so once, then tidy the address bar.
 */
export function useAuthLinkToasts() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const verified = searchParams.get('verified') === '1';
  const error = searchParams.get('error');
  const viaSso = searchParams.get('provider') === 'sso';

  useEffect(() => {
    if (!verified && !error) return;
    if (verified) toast.success(createElement(ToastText, { i18nKey: 'auth:toasts.verified' }), { id: 'email-verified' });
    // An address the provider did not verify is never joined to an existing account: say why.
    if (error === 'account_not_linked') toast.error(t('toasts.accountNotLinked'), { id: 'sso-error' });
    else if (error) toast.error(t(viaSso ? 'toasts.ssoError' : 'toasts.googleError'), { id: viaSso ? 'sso-error' : 'google-error' });
    setSearchParams(
      (params) => {
        params.delete('verified');
        params.delete('error');
        params.delete('provider');
        return params;
      },
      // Keep the remembered origin (navigation state) when tidying the query.
      { replace: true, state: location.state as unknown },
    );
  }, [verified, error, viaSso, t, setSearchParams, location.state]);
}
