import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { FormAlert, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { i18n, translateMessageKey } from '@web/lib/i18n';
import { ChangePasswordError, changePasswordSchema, useChangePassword, type ChangePasswordInput } from '../api/change-password';

/**
 * What to say when the password was not changed (the service's message when
 * it gives one). The refusals people meet — a wrong current password, an account without a password
 * (Google sign-in), too many attempts — get our own words in both languages.
 */
export function passwordFailure(t: TFunction, error: unknown): string {
  if (!(error instanceof ChangePasswordError)) return t('profile:password.errors.generic');
  if (error.status === 429) return t('profile:password.errors.RATE_LIMITED');
  if (error.code && i18n.exists(`profile:password.errors.${error.code}`)) return t(`profile:password.errors.${error.code}`);
  return error.message || t('profile:password.errors.generic');
}

/** The "Password" card and its dialog: other devices are signed out after a change. */
export function PasswordSection() {
  const { t } = useTranslation('profile');
  const id = useId();
  const [open, setOpen] = useState(false);
  const change = useChangePassword();

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('password.title')}</CardTitle>
        <CardDescription>{t('password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={(next) => !change.isPending && setOpen(next)}>
          <DialogTrigger asChild>
            <Button variant="secondary">
              <KeyRound aria-hidden="true" />
              {t('password.open')}
            </Button>
          </DialogTrigger>
          <DialogContent closeLabel={t('common:actions.close')} data-testid="change-password-dialog">
            {/* Mounted with the open dialog: each opening starts empty. */}
            <ChangePasswordForm change={change} onDone={() => setOpen(false)} />
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

function ChangePasswordForm({ change, onDone }: { change: ReturnType<typeof useChangePassword>; onDone: () => void }) {
  const { t } = useTranslation(['profile', 'validation', 'common']);
  const id = useId();
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const saving = isSubmitting || change.isPending;

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure(undefined);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
    } catch (error) {
      // Said inside the dialog, which stays open with what was typed, so the person can try again.
      setFailure(t('profile:messages.passwordUpdateError', { message: passwordFailure(t, error) }));
      return;
    }
    toast.success(t('profile:messages.passwordUpdateSuccess'), { id: 'profile-password', description: t('profile:password.otherDevices') });
    onDone();
  });

  const fieldError = (name: keyof ChangePasswordInput) => {
    const key = errors[name]?.message;
    return key ? translateMessageKey(t, key, 'validation:invalid') : undefined;
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={saving || undefined} className="space-y-5">
      <div className="space-y-2 pr-8">
        <DialogTitle>{t('profile:password.dialogTitle')}</DialogTitle>
        <DialogDescription className="leading-relaxed">{t('profile:password.dialogDescription')}</DialogDescription>
      </div>
      <fieldset disabled={saving} className="min-w-0 space-y-4">
        <FormField id={`${id}-current`} label={t('profile:password.current')} error={fieldError('currentPassword')}>
          <Input type="password" autoComplete="current-password" required {...register('currentPassword')} />
        </FormField>
        <FormField id={`${id}-new`} label={t('profile:password.new')} hint={t('profile:password.hint')} error={fieldError('newPassword')}>
          <Input type="password" autoComplete="new-password" required {...register('newPassword')} />
        </FormField>
        <FormField id={`${id}-confirm`} label={t('profile:password.confirm')} error={fieldError('confirmPassword')}>
          <Input type="password" autoComplete="new-password" required {...register('confirmPassword')} />
        </FormField>
        <FormAlert id={`${id}-failure`} message={failure} />
        <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{t('profile:password.cancel')}</Button>
          </DialogClose>
          <Button type="submit" pending={saving}>
            {t('profile:password.submit')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
