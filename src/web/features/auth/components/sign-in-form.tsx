import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { FormAlert, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { meQueryKey } from '@web/lib/api/get-me';
import { translateMessageKey } from '@web/lib/i18n';
import { signInSchema, useSignIn } from '../api/sign-in';
import { authErrorMessage } from '../auth-error';
import { splitFormErrors } from './split-form-errors';

interface SignInFormProps {
  /** Prefilled after registering, so only the password is left to type. */
  defaultEmail?: string;
  onForgotPassword: (email: string) => void;
}

export function SignInForm({ defaultEmail = '', onForgotPassword }: SignInFormProps) {
  const { t } = useTranslation(['auth', 'validation']);
  const id = useId();
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    getValues,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: defaultEmail, password: '' } });

  useEffect(() => {
    if (defaultEmail) setFocus('password');
  }, [defaultEmail, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      await signIn.mutateAsync(values);
    } catch (error) {
      setServerError(authErrorMessage(t, error));
      return;
    }
    // The auth page leaves for the return path as soon as /api/me knows the person.
    if (!queryClient.getQueryData(meQueryKey)) {
      setServerError(t('auth:errors.generic'));
      return;
    }
    toast.success(t('auth:toasts.signedIn'), { id: 'signed-in' });
  });

  const { formKey, fieldKeys, invalid } = splitFormErrors(errors, 'validation.signInRequired');
  const alertId = `${id}-alert`;
  const formMessage = serverError ?? (formKey ? translateMessageKey(t, formKey) : undefined);

  // Before the app runs, the page holds a press and gives it again once it does (deferred-hydration.ts). Should the
  // browser ever send the form itself (scripts off), `post` keeps what was typed, a password, out of the address.
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-5" aria-describedby={formMessage ? alertId : undefined}>
      <FormAlert id={alertId} message={formMessage} />
      <FormField
        id={`${id}-email`}
        label={t('auth:fields.email')}
        error={fieldKeys.email && translateMessageKey(t, fieldKeys.email)}
        invalid={invalid.email}
        invalidDescribedBy={alertId}
      >
        <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
      </FormField>
      <FormField
        id={`${id}-password`}
        label={t('auth:fields.password')}
        error={fieldKeys.password && translateMessageKey(t, fieldKeys.password)}
        invalid={invalid.password}
        invalidDescribedBy={alertId}
      >
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </FormField>
      <div className="flex justify-end">
        <Button variant="link" size="sm" onClick={() => onForgotPassword(getValues('email'))}>
          {t('auth:signIn.forgot')}
        </Button>
      </div>
      <Button type="submit" size="lg" className="w-full" pending={signIn.isPending}>
        {t('auth:signIn.submit')}
      </Button>
    </form>
  );
}
