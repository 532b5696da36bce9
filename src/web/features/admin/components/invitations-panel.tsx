import { zodResolver } from '@hookform/resolvers/zod';
import { LANGUAGES } from '@shared/limits';
import type { Invitation } from '@shared/contracts/invitations';
import { MailPlus } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LoadFailed, LoadingBars } from '@web/components/query-states';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { useDateFormat } from '@web/lib/date-format';
import { errorMessage } from '@web/lib/error-message';
import { currentLanguage, translateMessageKey } from '@web/lib/i18n';
import { invitationCreateSchema, useCreateInvitation } from '../api/create-invitation';
import { useInvitations } from '../api/get-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';

/**
 * Invite-only registration: an administrator sends an invitation by e-mail (its link creates one account, for
 * the invited address, until it expires) and sees those sent, with a way to withdraw a pending one.
 */
export function InvitationsPanel() {
  const { t } = useTranslation(['admin', 'validation', 'common']);
  const id = useId();
  const invitations = useInvitations(true);
  const create = useCreateInvitation();
  const revoke = useRevokeInvitation();
  const formatDate = useDateFormat('medium');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(invitationCreateSchema), defaultValues: { email: '', language: currentLanguage() } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const sent = await create.mutateAsync(values);
      toast.success(t('admin:invitations.sent', { email: sent.email }), { id: 'invitation' });
      reset({ email: '', language: values.language });
    } catch (error) {
      toast.error(errorMessage(t, error), { id: 'invitation' });
    }
  });

  const withdraw = async (invitation: Invitation) => {
    try {
      await revoke.mutateAsync(invitation.id);
      toast.success(t('admin:invitations.withdrawn', { email: invitation.email }), { id: 'invitation' });
    } catch (error) {
      toast.error(errorMessage(t, error), { id: 'invitation' });
    }
  };

  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="admin-invitations">
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <MailPlus aria-hidden="true" className="size-5 text-accent" />
          {t('admin:invitations.title')}
        </CardTitle>
        <CardDescription>{t('admin:invitations.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end">
          <FormField id={`${id}-email`} label={t('admin:invitations.email')} error={errors.email?.message ? translateMessageKey(t, errors.email.message) : undefined} invalid={Boolean(errors.email)}>
            <Input type="email" autoComplete="off" inputMode="email" {...register('email')} />
          </FormField>
          <FormField id={`${id}-language`} label={t('admin:invitations.language')}>
            <Select {...register('language')}>
              {LANGUAGES.map((value) => (
                <option key={value} value={value} lang={value}>
                  {t(`common:language.names.${value}`)}
                </option>
              ))}
            </Select>
          </FormField>
          <Button type="submit" pending={create.isPending}>
            {t('admin:invitations.send')}
          </Button>
        </form>

        {invitations.isPending ? (
          <LoadingBars label={t('admin:invitations.loading')} />
        ) : invitations.isError ? (
          <LoadFailed message={t('admin:invitations.loadFailed')} retrying={invitations.isFetching} onRetry={() => void invitations.refetch()} />
        ) : invitations.data.items.length === 0 ? (
          <p className="text-ink-muted">{t('admin:invitations.empty')}</p>
        ) : (
          <ul className="divide-y divide-line" aria-label={t('admin:invitations.listLabel')}>
            {invitations.data.items.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium break-all text-ink">{invitation.email}</p>
                  <p className="text-sm text-ink-muted">
                    {t(`admin:invitations.status.${invitation.status}`, {
                      date: formatDate(invitation.status === 'accepted' && invitation.acceptedAt ? invitation.acceptedAt : invitation.expiresAt),
                    })}
                  </p>
                </div>
                {invitation.status === 'pending' ? (
                  <Button variant="secondary" size="sm" onClick={() => void withdraw(invitation)} pending={revoke.isPending && revoke.variables === invitation.id}>
                    {t('admin:invitations.withdraw')}
                    <span className="sr-only"> ({invitation.email})</span>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
