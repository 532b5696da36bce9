import type { AdminSettings } from '@shared/contracts/admin';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { useAdminSettings } from '../api/get-admin-settings';

/**
 * Loads the settings every tab shares, once. While they load, a spinner; when they cannot be loaded, the
 * spec's "Error loading settings" with a way to try again.
 */
export function SettingsGate({ children }: { children: (settings: AdminSettings) => ReactNode }) {
  const { t } = useTranslation('admin');
  const settings = useAdminSettings();

  if (settings.isPending) return <PageSpinner label={t('settings.loading')} className="min-h-48" />;
  if (settings.isError && !settings.data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center" data-testid="admin-settings-error">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger">
          <CircleAlert aria-hidden="true" className="size-6" />
        </span>
        <p className="font-serif text-xl text-ink">{t('settings.loadFailed')}</p>
        <p className="text-ink-muted">{t('settings.loadFailedBody')}</p>
        <Button variant="secondary" className="mt-2" pending={settings.isFetching} onClick={() => void settings.refetch()}>
          {t('settings.retry')}
        </Button>
      </div>
    );
  }
  return <>{children(settings.data)}</>;
}
