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
import { useCredentialsDraft, type CredentialsDraft } from './credentials-draft';
import { splitFormErrors } from './split-form-errors';
import { ToastText } from '@web/components/toast-text';

interface SignInFormProps {
  /** Prefilled after registering, so only the password is left to type. */
  defaultEmail?: string;
  onForgotPassword: (email: string) => void;
  /** What was typed in the other tab's form, and where this one keeps what is typed here. */
  draft?: CredentialsDraft;
}

export function SignInForm({ defaultEmail = '', onForgotPassword, draft }: SignInFormProps) {
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
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signInSchema),
    // Just registered: the new address, and the password left to type.
    defaultValues: defaultEmail ? { email: defaultEmail, password: '' } : { email: draft?.email ?? '', password: draft?.password ?? '' },
  });
  useCredentialsDraft(draft, getValues, watch);

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
    // Signing in may switch the page to the person's language a moment later: the toast follows it.
    toast.success(<ToastText i18nKey="auth:toasts.signedIn" />, { id: 'signed-in' });
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
