import { zodResolver } from '@hookform/resolvers/zod';
import { MEDICAL_NOTE_MAX, type MeResponse } from '@shared/contracts/me';
import { GENDERS, LANGUAGES } from '@shared/limits';
import { ShieldAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input, fieldClassName } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { ApiError } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/error-message';
import { switchLanguage, translateMessageKey } from '@web/lib/i18n';
import { cn } from '@web/lib/utils';
import { profileUpdateSchema, useUpdateProfile } from '../api/update-profile';
import { useAgentGenderContext } from '@web/lib/agent-gender';

type FormInput = z.input<typeof profileUpdateSchema>;
type FormOutput = z.output<typeof profileUpdateSchema>;

const FIELDS = ['firstName', 'defaultLanguage', 'gender', 'medicalDiagnosis'] as const;

function formValues(me: MeResponse): FormInput {
  return {
    firstName: me.profile.firstName,
    defaultLanguage: me.profile.defaultLanguage,
    // No gender stored reads as "unspecified", the choice that stores none.
    gender: me.profile.gender ?? 'unspecified',
    ...(me.profile.isAdmin ? { medicalDiagnosis: me.profile.medicalDiagnosis ?? '' } : {}),
  };
}

/**
 * The profile form: first name (at least 2 characters), default language, gender and — for
 * administrators only — the confidential medical note. Checked with the server's own schema; saving a
 * new language switches the interface at once.
 */
export function ProfileForm({ me }: { me: MeResponse }) {
  const { t } = useTranslation(['profile', 'validation', 'errors', 'common']);
  const context = useAgentGenderContext();
  const id = useId();
  const update = useUpdateProfile();
  const isAdmin = me.profile.isAdmin;
  const {
    register,
    handleSubmit,
    reset,
    resetField,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(profileUpdateSchema), defaultValues: formValues(me) });
  const saving = isSubmitting || update.isPending;

  // The header's language switcher also saves the profile's language: the form follows it (unless the
  // person is choosing one here), so a later save does not quietly put the old language back.
  const savedLanguage = me.profile.defaultLanguage;
  const previousLanguage = useRef(savedLanguage);
  useEffect(() => {
    if (previousLanguage.current === savedLanguage) return;
    if (getValues('defaultLanguage') === previousLanguage.current) resetField('defaultLanguage', { defaultValue: savedLanguage });
    previousLanguage.current = savedLanguage;
  }, [getValues, resetField, savedLanguage]);

  const onSubmit = handleSubmit(async (values) => {
    // Only administrators send the note: anyone else sending it at all is refused by the server.
    const { medicalDiagnosis, ...rest } = values;
    const input = isAdmin ? { ...rest, medicalDiagnosis: medicalDiagnosis || null } : rest;
    let saved: MeResponse;
    try {
      saved = await update.mutateAsync(input);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      for (const name of FIELDS) {
        const key = fields?.[name]?.[0];
        if (key) setError(name, { message: key });
      }
      toast.error(t('profile:messages.profileUpdateError'), { id: 'profile-update', description: errorMessage(t, error) });
      return;
    }
    // The interface follows the saved language now (the "me" cache already says so, for LanguageSync),
    // and the confirmation is said in it, once its texts are in (they load by language, decision 0029).
    await switchLanguage(saved.profile.defaultLanguage);
    reset(formValues(saved));
    toast.success(t('profile:messages.profileUpdateSuccess', { lng: saved.profile.defaultLanguage }), { id: 'profile-update' });
  });

  const fieldError = (name: (typeof FIELDS)[number]) => {
    const key = errors[name]?.message;
    return key ? translateMessageKey(t, key, 'validation:invalid') : undefined;
  };

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('profile:form.title')}</CardTitle>
        <CardDescription>{me.user.email}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} aria-busy={saving || undefined} data-testid="profile-form">
          <fieldset disabled={saving} className="min-w-0 space-y-5">
            <FormField id={`${id}-first-name`} label={t('profile:form.firstName')} error={fieldError('firstName')}>
              <Input type="text" autoComplete="given-name" required {...register('firstName')} />
            </FormField>
            <FormField id={`${id}-language`} label={t('profile:form.language')} hint={t('profile:form.languageHint', { context })} error={fieldError('defaultLanguage')}>
              <Select {...register('defaultLanguage')}>
                {LANGUAGES.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {t(`common:language.names.${code}`)}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id={`${id}-gender`} label={t('profile:form.gender')} hint={t('profile:form.genderHint', { context })} error={fieldError('gender')}>
              <Select {...register('gender')}>
                {GENDERS.map((value) => (
                  <option key={value} value={value}>
                    {t(`profile:form.genders.${value}`)}
                  </option>
                ))}
              </Select>
            </FormField>
            {isAdmin ? (
              <div className="rounded-md border border-line bg-sand/50 p-4">
                <p className="mb-3 flex items-center gap-2 text-sm font-semibold text-ink">
                  <ShieldAlert aria-hidden="true" className="size-4 text-accent" />
                  {t('profile:form.adminOnly')}
                </p>
                <FormField id={`${id}-medical`} label={t('profile:form.medicalNote')} hint={t('profile:form.medicalNoteHint')} error={fieldError('medicalDiagnosis')}>
                  <textarea rows={4} maxLength={MEDICAL_NOTE_MAX} className={cn(fieldClassName, 'h-auto resize-y py-3 leading-relaxed')} {...register('medicalDiagnosis')} />
                </FormField>
              </div>
            ) : null}
            <div className="flex justify-end pt-1">
              <Button type="submit" pending={saving} className="w-full sm:w-auto">
                {t('profile:form.save')}
              </Button>
            </div>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}
