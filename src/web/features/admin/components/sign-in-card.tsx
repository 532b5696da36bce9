import type { SignInMethods } from '@shared/contracts/sign-in';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormAlert } from '@web/components/ui/form-field';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/error-message';
import { useSignInMethods } from '../api/get-sign-in-methods';
import { useUpdateSignInMethods } from '../api/update-sign-in-methods';

/**
 * How people sign in: single sign-on as the server's configuration sets it up (OIDC_*), and the switch that
 * turns password sign-in off. The server refuses "off" until this administrator has signed in with single
 * sign-on; the card says so first, and shows the server's answer when it refuses.
 */
export function SignInCard() {
  const { t } = useTranslation('admin');
  const id = useId();
  const methods = useSignInMethods();
  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="admin-sign-in">
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('global.signIn.title')}</CardTitle>
        <CardDescription>{t('global.signIn.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {methods.data ? (
          <SignInMethodsView methods={methods.data} />
        ) : methods.isError ? (
          <div className="flex flex-col items-start gap-3" role="alert">
            <p className="text-ink">{t('global.signIn.loadFailed')}</p>
            <Button variant="secondary" pending={methods.isFetching} onClick={() => void methods.refetch()}>
              {t('settings.retry')}
            </Button>
          </div>
        ) : (
          <Skeleton className="h-16 w-full" />
        )}
      </CardContent>
    </Card>
  );
}

function SignInMethodsView({ methods }: { methods: SignInMethods }) {
  const { t } = useTranslation(['admin', 'errors']);
  const id = useId();
  const update = useUpdateSignInMethods();
  const [problem, setProblem] = useState<string>();
  const { sso } = methods;

  async function turn(passwordSignIn: boolean) {
    setProblem(undefined);
    try {
      await update.mutateAsync({ passwordSignIn });
      toast.success(t(passwordSignIn ? 'admin:global.signIn.turnedOn' : 'admin:global.signIn.turnedOff'), { id: 'admin-sign-in' });
    } catch (error) {
      setProblem(errorMessage(t, error));
    }
  }

  return (
    <div className="space-y-4">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-medium text-ink">{t('admin:global.signIn.sso')}</dt>
        <dd className="min-w-0 break-words text-ink-muted">
          {sso ? t('admin:global.signIn.ssoOn', { name: sso.label ?? t('admin:global.signIn.ssoUnnamed'), issuer: sso.issuer }) : t('admin:global.signIn.ssoOff')}
        </dd>
        <dt className="font-medium text-ink">{t('admin:global.signIn.password')}</dt>
        <dd className="text-ink-muted" data-testid="admin-password-sign-in">
          {t(methods.passwordSignIn ? 'admin:global.signIn.passwordOn' : 'admin:global.signIn.passwordOff')}
        </dd>
      </dl>
      {sso ? (
        <div className="space-y-3">
          {methods.passwordSignIn && !methods.signedInWithSso ? (
            <p id={`${id}-hint`} className="text-sm leading-relaxed text-ink-muted">
              {t('admin:global.signIn.proveFirst')}
            </p>
          ) : null}
          <Button
            variant="secondary"
            pending={update.isPending}
            aria-describedby={`${id}-hint ${id}-problem`}
            onClick={() => void turn(!methods.passwordSignIn)}
          >
            {t(methods.passwordSignIn ? 'admin:global.signIn.turnOff' : 'admin:global.signIn.turnOn')}
          </Button>
          <FormAlert id={`${id}-problem`} message={problem} />
        </div>
      ) : null}
    </div>
  );
}
