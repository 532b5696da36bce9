import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useMe } from '@web/lib/api/get-me';
import { usePageTitle } from '@web/lib/page-head';
import { AdminSetupSection } from '../components/admin-setup-section';
import { AvatarSection } from '../components/avatar-section';
import { PasswordSection } from '../components/change-password-dialog';
import { CloseAccountSection } from '../components/close-account-section';
import { ContinuitySection } from '../components/continuity-section';
import { ExportDataSection } from '../components/export-data-section';
import { KeepingSection } from '../components/keeping-section';
import { OnThisDaySection } from '../components/on-this-day-section';
import { ProfileForm } from '../components/profile-form';
import { SubscriptionSection } from '../components/subscription-section';

const pageClassName = 'mx-auto w-full max-w-2xl';

/**
 * /home/profile: the picture, the profile form, the subscription block, the password,
 * the data export and the danger zone, one calm column.
 */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('common:titles.profile'));
  const me = useMe();

  if (me.isPending) return <ProfileSkeleton />;
  if (!me.data) {
    // Signed out is the protected route's business; here only a failed read is left.
    return me.isError ? <ProfileLoadFailed retrying={me.isFetching} onRetry={() => void me.refetch()} /> : null;
  }

  return (
    <div className={`${pageClassName} space-y-6 sm:space-y-8`}>
      <div className="space-y-2">
        <h1 className="text-4xl font-medium sm:text-5xl">{t('title')}</h1>
        <p className="max-w-prose text-lg leading-relaxed text-ink-muted">{t('intro')}</p>
      </div>
      {me.data.profile.adminSetupCode ? <AdminSetupSection /> : null}
      <AvatarSection me={me.data} />
      {/* Keyed by person: another account signing in on this tab gets its own values, not the last one's. */}
      <ProfileForm key={me.data.user.id} me={me.data} />
      <SubscriptionSection />
      <KeepingSection userId={me.data.user.id} />
      <ContinuitySection />
      <OnThisDaySection />
      <PasswordSection />
      <ExportDataSection />
      <CloseAccountSection />
    </div>
  );
}

function ProfileSkeleton() {
  const { t } = useTranslation('profile');
  return (
    <div data-testid="profile-skeleton" aria-busy="true" className={`${pageClassName} space-y-6`}>
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <Skeleton className="h-12 w-2/3" />
      <Skeleton className="h-5 w-full" />
      <div className="flex items-center gap-6 rounded-lg border border-line p-6">
        <Skeleton className="size-24 rounded-full" />
        <Skeleton className="h-11 w-40" />
      </div>
      <div className="space-y-4 rounded-lg border border-line p-6">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-11 w-full" />
      </div>
    </div>
  );
}

function ProfileLoadFailed({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation(['profile', 'common']);
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-sand">
        <CircleAlert aria-hidden="true" className="size-6 text-danger" />
      </span>
      <h1 className="mt-2 font-serif text-2xl text-ink sm:text-3xl">{t('profile:messages.profileLoadFailed')}</h1>
      <p className="leading-relaxed text-ink-muted">{t('profile:loadFailedBody')}</p>
      <Button variant="secondary" className="mt-3" pending={retrying} onClick={onRetry}>
        {t('common:actions.tryAgain')}
      </Button>
    </div>
  );
}
