import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN } from '@shared/limits';
import { LANGUAGES } from '@shared/limits';
import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { FormAlert, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { currentLanguage, translateMessageKey } from '@web/lib/i18n';
import { registerSchema, useSignUp } from '../api/sign-up';
import { authErrorMessage } from '../auth-error';
import { useCredentialsDraft, type CredentialsDraft } from './credentials-draft';
import { splitFormErrors } from './split-form-errors';
import { useAgentGenderContext } from '@web/lib/agent-gender';

interface RegisterFormProps {
  onRegistered: (email: string) => void;
  /** An invitation link: its address is the account's, and its token goes with the form. */
  invitation?: { token: string; email: string } | undefined;
  /** What was typed in the other tab's form, and where this one keeps what is typed here. */
  draft?: CredentialsDraft;
}

export function RegisterForm({ onRegistered, invitation, draft }: RegisterFormProps) {
  const { t } = useTranslation(['auth', 'validation', 'common']);
  const context = useAgentGenderContext();
  const id = useId();
  const signUp = useSignUp();
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    getValues,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { email: invitation?.email ?? draft?.email ?? '', password: draft?.password ?? '', firstName: '', defaultLanguage: currentLanguage() },
  });
  useCredentialsDraft(draft, getValues, watch);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      await signUp.mutateAsync({ ...values, invitationToken: invitation?.token });
    } catch (error) {
      setServerError(authErrorMessage(t, error));
      return;
    }
    onRegistered(values.email);
  });

  const { formKey, fieldKeys, invalid } = splitFormErrors(errors, 'validation.registerRequired');
  const alertId = `${id}-alert`;
  const formMessage = serverError ?? (formKey ? translateMessageKey(t, formKey) : undefined);
  const fieldError = (key: string | undefined) => (key ? translateMessageKey(t, key) : undefined);

  // Before the app runs, the page holds a press and gives it again once it does (deferred-hydration.ts). Should the
  // browser ever send the form itself (scripts off), `post` keeps what was typed, a password, out of the address.
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-5" aria-describedby={formMessage ? alertId : undefined}>
      <FormAlert id={alertId} message={formMessage} />
      <FormField id={`${id}-email`} label={t('auth:fields.email')} error={fieldError(fieldKeys.email)} invalid={invalid.email} invalidDescribedBy={alertId}>
        {/* The invited address is in the page the server draws, before the app runs and fills the form. */}
        <Input type="email" autoComplete="email" inputMode="email" readOnly={invitation !== undefined} defaultValue={invitation?.email} {...register('email')} />
      </FormField>
      <FormField
        id={`${id}-password`}
        label={t('auth:fields.password')}
        hint={t('auth:hints.password', { min: PASSWORD_MIN })}
        error={fieldError(fieldKeys.password)}
        invalid={invalid.password}
        invalidDescribedBy={alertId}
      >
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField
        id={`${id}-first-name`}
        label={t('auth:fields.firstName')}
        error={fieldError(fieldKeys.firstName)}
        invalid={invalid.firstName}
        invalidDescribedBy={alertId}
      >
        <Input type="text" autoComplete="given-name" {...register('firstName')} />
      </FormField>
      <FormField id={`${id}-language`} label={t('auth:fields.language')} error={fieldError(fieldKeys.defaultLanguage)} invalid={invalid.defaultLanguage}>
        <Select {...register('defaultLanguage')}>
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {t(`common:language.names.${language}`)}
            </option>
          ))}
        </Select>
      </FormField>

      <aside className="flex gap-3 rounded-md bg-accent-soft/60 p-4 text-sm leading-relaxed text-ink">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-strong" />
        <div className="space-y-1">
          <p className="font-semibold">{t('auth:register.privacyTitle')}</p>
          <p className="text-ink-muted">{t('auth:register.privacyNote', { context })}</p>
        </div>
      </aside>

      <Button type="submit" size="lg" className="w-full" pending={signUp.isPending}>
        {t('auth:register.submit')}
      </Button>
    </form>
  );
}
