import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN } from '@shared/limits';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { FormAlert, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { translateMessageKey } from '@web/lib/i18n';
import { usePageTitle } from '@web/lib/page-head';
import { resetPasswordSchema, useResetPassword } from '../api/reset-password';
import { authErrorMessage } from '../auth-error';
import { AuthShell } from '../components/auth-shell';

/** Where the e-mailed reset link lands: /auth/reset-password?token=… (or ?error=INVALID_TOKEN). */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('common:titles.resetPassword'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const linkError = searchParams.get('error');

  if (!token || linkError) {
    return (
      <AuthShell title={t('reset.invalidTitle')} subtitle={t('reset.invalidBody')}>
        <div className="flex justify-center">
          <Button asChild size="lg">
            <Link to="/auth">{t('reset.backToSignIn')}</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('reset.title')} subtitle={t('reset.description', { min: PASSWORD_MIN })}>
      <Card>
        <CardContent>
          <ResetPasswordForm token={token} />
        </CardContent>
      </Card>
    </AuthShell>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation(['auth', 'validation']);
  const id = useId();
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(resetPasswordSchema), defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(undefined);
    try {
      await resetPassword.mutateAsync({ newPassword: password, token });
    } catch (error) {
      setServerError(authErrorMessage(t, error));
      return;
    }
    toast.success(t('auth:reset.success'), { id: 'password-reset' });
    void navigate('/auth', { replace: true });
  });

  const fieldError = (key: string | undefined) => (key ? translateMessageKey(t, key) : undefined);

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <FormAlert id={`${id}-alert`} message={serverError} />
      <FormField id={`${id}-password`} label={t('auth:fields.newPassword')} error={fieldError(errors.password?.message)}>
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField id={`${id}-confirm`} label={t('auth:fields.confirmPassword')} error={fieldError(errors.confirmPassword?.message)}>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <Button type="submit" size="lg" className="w-full" pending={resetPassword.isPending}>
        {t('auth:reset.submit')}
      </Button>
    </form>
  );
}
