import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { FormAlert, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { translateMessageKey } from '@web/lib/i18n';
import { forgotPasswordSchema, useRequestPasswordReset } from '../api/request-password-reset';
import { AuthError } from '../auth-error';

interface ForgotPasswordFormProps {
  defaultEmail?: string;
  onBack: () => void;
}

export function ForgotPasswordForm({ defaultEmail = '', onBack }: ForgotPasswordFormProps) {
  const { t } = useTranslation(['auth', 'validation']);
  const id = useId();
  const requestReset = useRequestPasswordReset();
  const [outcome, setOutcome] = useState<'sent' | 'rate-limited'>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: defaultEmail } });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(undefined);
    try {
      await requestReset.mutateAsync(values);
      setOutcome('sent');
    } catch (error) {
      // The same answer whether or not the account exists, so the form cannot be used to probe addresses.
      setOutcome(error instanceof AuthError && error.status === 429 ? 'rate-limited' : 'sent');
    }
  });

  const emailError = errors.email?.message;
  const headingId = `${id}-title`;

  // Before the app runs, the page holds a press and gives it again once it does (deferred-hydration.ts). Should the
  // browser ever send the form itself (scripts off), `post` keeps what was typed out of the address.
  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <div className="space-y-1.5">
        <h2 id={headingId} className="text-xl font-medium">
          {t('auth:forgot.title')}
        </h2>
        <p className="text-[0.95rem] leading-relaxed text-ink-muted">{t('auth:forgot.description')}</p>
      </div>
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
        <FormAlert id={`${id}-alert`} message={outcome === 'rate-limited' ? t('auth:errors.RATE_LIMITED') : undefined} />
        <div role="status" className={outcome === 'sent' ? 'rounded-md border border-success/30 bg-surface px-3.5 py-2.5 text-sm text-success' : undefined}>
          {outcome === 'sent' ? t('auth:forgot.sent') : null}
        </div>
        <FormField id={`${id}-email`} label={t('auth:fields.email')} error={emailError && translateMessageKey(t, emailError)}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </FormField>
        <Button type="submit" size="lg" className="w-full" pending={requestReset.isPending}>
          {t('auth:forgot.submit')}
        </Button>
        <Button variant="ghost" className="w-full" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          {t('auth:forgot.back')}
        </Button>
      </form>
    </section>
  );
}
