import { ImageUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { useImageMigration } from '../api/get-image-migration';
import { useMigrateImages } from '../api/migrate-images';

/**
 * When some memories still show an image from a provider's temporary address (which
 * expires), offer to keep them for good. Hidden when there is nothing to move or the count is unknown.
 */
export function ImageMigrationBanner({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('home');
  const status = useImageMigration({ enabled: signedIn });
  const migrate = useMigrateImages((total) => {
    if (total > 0) toast.info(t('migration.starting', { count: total }), { id: 'image-migration' });
  });
  const pending = status.data?.pending ?? 0;
  if (!signedIn || (pending === 0 && !migrate.isPending)) return null;

  async function run() {
    try {
      const report = await migrate.mutateAsync();
      if (report.total === 0) toast.info(t('migration.none'), { id: 'image-migration' });
      else if (report.failed === 0) toast.success(t('migration.success', { count: report.migrated }), { id: 'image-migration' });
      else toast.error(t('migration.failure', { count: report.failed }), { id: 'image-migration' });
    } catch {
      toast.error(t('migration.error'), { id: 'image-migration' });
    }
  }

  return (
    <section
      data-testid="image-migration-banner"
      aria-labelledby="image-migration-title"
      className="flex w-full max-w-3xl flex-col gap-4 rounded-lg border border-line bg-surface p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <ImageUp aria-hidden="true" className="mt-1 size-5 shrink-0 text-accent-strong" />
        <div className="space-y-1">
          <h2 id="image-migration-title" className="font-serif text-lg text-ink">
            {t('migration.title', { count: pending })}
          </h2>
          <p className="max-w-prose text-[0.95rem] leading-relaxed text-ink-muted">{t('migration.body')}</p>
        </div>
      </div>
      <Button variant="secondary" className="w-full sm:w-auto" pending={migrate.isPending} onClick={() => void run()}>
        {migrate.isPending ? t('migration.running') : t('migration.action')}
      </Button>
    </section>
  );
}
