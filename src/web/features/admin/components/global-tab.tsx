import { zodResolver } from '@hookform/resolvers/zod';
import { PRICE_ID_MAX, REMINDER_DAYS_MAX, type AdminSettings } from '@shared/contracts/admin';
import type { Community } from '@shared/contracts/community';
import type { ProviderNames } from '@shared/contracts/system';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { PageSpinner } from '@web/components/ui/spinner';
import { useDateFormat } from '@web/lib/date-format';
import { ApiError } from '@web/lib/api-client';
import { usePublicConfig } from '@web/lib/api/get-public-config';
import { errorMessage } from '@web/lib/error-message';
import { translateMessageKey } from '@web/lib/i18n';
import { useCommunityLinks } from '../api/get-community-links';
import { communityUpdateSchema, useUpdateCommunityLinks } from '../api/update-community-links';
import { numberOrNaN, useSettingsForm } from '../hooks/use-settings-form';
import { BackupsCard } from './backups-card';
import { LoadFailedCard } from './load-failed-card';
import { CrisisReferrals, YearlyReferralReport } from './safety-blocks';
import { SettingsSection } from './settings-section';
import { SignInCard } from './sign-in-card';

/**
 * Global: the community links, the subscription's price ids and promotion codes, the scheduled reminders, the
 * providers, and how often the chat referred someone to the helplines.
 */
export function GlobalTab({ settings }: { settings: AdminSettings }) {
  return (
    <div className="space-y-6">
      <CommunityLinks />
      <PricingForm settings={settings} />
      <ReminderScheduleForm settings={settings} />
      <AccessModes />
      <SignInCard />
      <BackupsCard />
      <ProvidersTable providers={settings.providers} />
      <CrisisReferrals />
      <YearlyReferralReport />
    </div>
  );
}

type CommunityInput = z.input<typeof communityUpdateSchema>;
type CommunityOutput = z.output<typeof communityUpdateSchema>;
const COMMUNITY_FIELDS = ['chatServerUrl', 'calendarUrlEn', 'calendarUrlFr'] as const;

const communityValues = (links: Community) => ({
  chatServerUrl: links.chatServerUrl ?? '',
  calendarUrlEn: links.calendarUrl.en ?? '',
  calendarUrlFr: links.calendarUrl.fr ?? '',
});

/** Loaded on their own (GET /api/community, the public page's own source), saved with PUT /api/admin/community. */
function CommunityLinks() {
  const { t } = useTranslation('admin');
  const links = useCommunityLinks();

  if (links.isPending) return <PageSpinner label={t('global.community.loading')} className="min-h-32" />;
  if (links.isError && !links.data) {
    return <LoadFailedCard message={t('global.community.loadFailed')} retrying={links.isFetching} onRetry={() => void links.refetch()} />;
  }
  return <CommunityLinksForm links={links.data} />;
}

function CommunityLinksForm({ links }: { links: Community }) {
  const { t } = useTranslation(['admin', 'validation', 'errors']);
  const id = useId();
  const update = useUpdateCommunityLinks();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<CommunityInput, unknown, CommunityOutput>({ resolver: zodResolver(communityUpdateSchema), defaultValues: communityValues(links) });
  const saving = isSubmitting || update.isPending;

  const onSubmit = handleSubmit(async (values) => {
    try {
      reset(communityValues(await update.mutateAsync(values)));
      toast.success(t('admin:settings.saved'), { id: 'admin-community' });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      for (const name of COMMUNITY_FIELDS) {
        const key = fields?.[name]?.[0];
        if (key) setError(name, { message: key });
      }
      toast.error(t('admin:settings.saveFailed'), { id: 'admin-community', description: errorMessage(t, error) });
    }
  });
  const fieldError = (name: (typeof COMMUNITY_FIELDS)[number]) => {
    const key = errors[name]?.message;
    return key ? translateMessageKey(t, key, 'validation:invalid') : undefined;
  };

  return (
    <SettingsSection
      title={t('admin:global.community.title')}
      description={t('admin:global.community.description')}
      onSubmit={() => void onSubmit()}
      saving={saving}
      dirty={isDirty}
      onDiscard={() => reset()}
      testId="admin-community-links"
    >
      <FormField id={`${id}-chat`} label={t('admin:global.community.chatServer')} hint={t('admin:global.community.chatServerHint')} error={fieldError('chatServerUrl')}>
        <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://" {...register('chatServerUrl')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={`${id}-calendar-en`} label={t('admin:global.community.calendarEn')} error={fieldError('calendarUrlEn')}>
          <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://" {...register('calendarUrlEn')} />
        </FormField>
        <FormField id={`${id}-calendar-fr`} label={t('admin:global.community.calendarFr')} error={fieldError('calendarUrlFr')}>
          <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://" {...register('calendarUrlFr')} />
        </FormField>
      </div>
    </SettingsSection>
  );
}

/** The price ids and default promotion codes per language: empty means the built-in defaults apply. */
function PricingForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const { register, onSubmit, fieldError, saving, dirty, discard } = useSettingsForm(settings, {
    fields: ['priceIdEn', 'priceIdFr', 'promoCodeEn', 'promoCodeFr'],
    toastId: 'admin-pricing',
  });
  const field = (name: 'priceIdEn' | 'priceIdFr' | 'promoCodeEn' | 'promoCodeFr', label: string) => (
    <FormField id={`${id}-${name}`} label={label} error={fieldError(name)}>
      <Input type="text" autoComplete="off" spellCheck={false} maxLength={PRICE_ID_MAX} {...register(name)} />
    </FormField>
  );

  return (
    <SettingsSection
      title={t('global.pricing.title')}
      description={t('global.pricing.description')}
      onSubmit={() => void onSubmit()}
      saving={saving}
      dirty={dirty}
      onDiscard={discard}
      testId="admin-pricing"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {field('priceIdEn', t('global.pricing.priceIdEn'))}
        {field('priceIdFr', t('global.pricing.priceIdFr'))}
        {field('promoCodeEn', t('global.pricing.promoCodeEn'))}
        {field('promoCodeFr', t('global.pricing.promoCodeFr'))}
      </div>
    </SettingsSection>
  );
}

/** Beyond the spec: the daily reminder run, off until an administrator turns it on. */
function ReminderScheduleForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const { register, onSubmit, fieldError, saving, dirty, discard } = useSettingsForm(settings, {
    fields: ['reminderScheduleEnabled', 'reminderScheduleDays'],
    toastId: 'admin-reminder-schedule',
  });
  const formatDay = useDateFormat('longDay');
  const lastRun = settings.reminderLastRunOn ? t('global.schedule.lastRun', { date: formatDay(settings.reminderLastRunOn) }) : t('global.schedule.neverRun');

  return (
    <SettingsSection
      title={t('global.schedule.title')}
      description={t('global.schedule.description')}
      onSubmit={() => void onSubmit()}
      saving={saving}
      dirty={dirty}
      onDiscard={discard}
      testId="admin-reminder-schedule"
    >
      <div className="flex items-start gap-3">
        <input
          id={`${id}-enabled`}
          type="checkbox"
          role="switch"
          aria-describedby={`${id}-enabled-hint`}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-accent"
          {...register('reminderScheduleEnabled')}
        />
        <div className="space-y-1">
          <label htmlFor={`${id}-enabled`} className="block cursor-pointer text-sm font-medium text-ink">
            {t('global.schedule.enabled')}
          </label>
          <p id={`${id}-enabled-hint`} className="text-sm text-ink-muted">
            {t('global.schedule.enabledHint')}
          </p>
        </div>
      </div>
      <FormField id={`${id}-days`} label={t('global.schedule.days')} hint={t('global.schedule.daysHint')} error={fieldError('reminderScheduleDays')} className="sm:max-w-xs">
        <Input type="number" inputMode="numeric" min={1} max={REMINDER_DAYS_MAX} step={1} {...register('reminderScheduleDays', { setValueAs: numberOrNaN })} />
      </FormField>
      <p className="text-sm text-ink-muted" data-testid="admin-reminder-last-run">
        {lastRun}
      </p>
    </SettingsSection>
  );
}

const CAPABILITIES: ReadonlyArray<Exclude<keyof ProviderNames, 'localModel'>> = ['chat', 'text', 'image', 'transcription', 'mail', 'storage', 'billing', 'googleSignIn'];

/** Which service does what now (the AI ones chosen in the AI tab or the configuration), shown here read-only. */
/** Where the private model chosen for a capability stands: its file, and not downloaded / downloading n% / ready / busy. */
function LocalModelState({ status }: { status: ProviderNames['localModel']['chat'] }) {
  const { t } = useTranslation('admin');
  if (!status) return null;
  return (
    <span className="block text-[0.85rem] break-all" data-testid="admin-providers-local-model">
      {t('global.providers.localModel', { fileName: status.fileName, state: t(`ai.local.states.${status.state}`, { percent: status.percent ?? 0, count: status.queued }) })}
    </span>
  );
}

function ProvidersTable({ providers }: { providers: ProviderNames }) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="admin-providers">
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('global.providers.title')}</CardTitle>
        <CardDescription>{t('global.providers.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('global.providers.title')}</caption>
          <thead>
            <tr className="border-b border-line text-ink-muted">
              <th scope="col" className="py-2 pr-4 font-medium">
                {t('global.providers.capability')}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t('global.providers.provider')}
              </th>
            </tr>
          </thead>
          <tbody>
            {CAPABILITIES.map((capability) => (
              <tr key={capability} className="border-b border-line last:border-0">
                <th scope="row" className="py-2.5 pr-4 font-medium text-ink">
                  {t(`global.providers.capabilities.${capability}`)}
                </th>
                <td className="py-2.5 text-ink-muted">
                  <span className="font-mono text-[0.85rem] break-all">{providers[capability]}</span>
                  {capability === 'chat' || capability === 'text' ? <LocalModelState status={providers.localModel[capability]} /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

/** How people get in: the billing and registration modes the server was started with. */
function AccessModes() {
  const { t } = useTranslation('admin');
  const id = useId();
  const config = usePublicConfig();
  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="admin-access">
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('global.access.title')}</CardTitle>
        <CardDescription>{t('global.access.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {config.data ? (
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)]">
            <dt className="font-medium text-ink">{t('global.access.billing')}</dt>
            <dd className="text-ink-muted">{t(`global.access.billingModes.${config.data.billing}`)}</dd>
            <dt className="font-medium text-ink">{t('global.access.registration')}</dt>
            <dd className="text-ink-muted">{t(`global.access.registrationModes.${config.data.registration}`)}</dd>
          </dl>
        ) : (
          <Skeleton className="h-10 w-full" />
        )}
      </CardContent>
    </Card>
  );
}
