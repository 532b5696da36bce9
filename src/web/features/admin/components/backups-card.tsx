import { backupConfirmCode, confirmsRestore, type Backup } from '@shared/contracts/backups';
import { Archive, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LoadFailed, LoadingBars } from '@web/components/query-states';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useDateFormat } from '@web/lib/date-format';
import { errorMessage } from '@web/lib/error-message';
import { useCreateBackup } from '../api/create-backup';
import { backupDownloadUrl, useBackups } from '../api/get-backups';
import { formatSize } from '../format-size';
import { useRestoreBackup } from '../api/restore-backup';

/**
 * Backups on the Global tab: the schedule, the archives (date, size) with a download each, "Back up now", and
 * a restore that asks the administrator to type the archive's four-letter code, since it replaces everything.
 */
export function BackupsCard() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const id = useId();
  const backups = useBackups();
  const create = useCreateBackup();
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const formatDate = useDateFormat('mediumWithTime');
  const format = { date: formatDate, size: (bytes: number) => formatSize(bytes, language, 'kilobyte', 'megabyte', 1024 ** 2) };

  const backUpNow = async () => {
    try {
      await create.mutateAsync();
      toast.success(t('admin:backups.made'), { id: 'backup' });
    } catch (error) {
      toast.error(errorMessage(t, error), { id: 'backup' });
    }
  };

  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="admin-backups">
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <Archive aria-hidden="true" className="size-5 text-accent" />
          {t('admin:backups.title')}
        </CardTitle>
        <CardDescription>
          {backups.data
            ? backups.data.dailyAt
              ? t('admin:backups.scheduled', { time: backups.data.dailyAt, count: backups.data.keep })
              : t('admin:backups.unscheduled')
            : t('admin:backups.description')}
          {backups.data?.storedIn === 'bucket' ? ` ${t('admin:backups.inBucket')}` : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <Button onClick={() => void backUpNow()} pending={create.isPending}>
          {t('admin:backups.now')}
        </Button>
        {backups.isPending ? (
          <LoadingBars label={t('admin:backups.loading')} />
        ) : backups.isError ? (
          <LoadFailed message={t('admin:backups.loadFailed')} retrying={backups.isFetching} onRetry={() => void backups.refetch()} />
        ) : backups.data.items.length === 0 ? (
          <p className="text-ink-muted">{t('admin:backups.empty')}</p>
        ) : (
          <ul className="divide-y divide-line" aria-label={t('admin:backups.listLabel')}>
            {backups.data.items.map((backup) => (
              <li key={backup.name} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-ink">{format.date(backup.createdAt)}</p>
                  <p className="text-sm text-ink-muted">{format.size(backup.size)}</p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button asChild variant="secondary" size="sm">
                    <a href={backupDownloadUrl(backup.name)} download={backup.name}>
                      <Download aria-hidden="true" />
                      {t('admin:backups.download')}
                      <span className="sr-only"> ({format.date(backup.createdAt)})</span>
                    </a>
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => setRestoring(backup)}>
                    {t('admin:backups.restore')}
                    <span className="sr-only"> ({format.date(backup.createdAt)})</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <RestoreDialog backup={restoring} onClose={() => setRestoring(null)} />
    </Card>
  );
}

function RestoreDialog({ backup, onClose }: { backup: Backup | null; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const id = useId();
  const [typed, setTyped] = useState('');
  const restore = useRestoreBackup();
  const close = () => {
    setTyped('');
    onClose();
  };
  const submit = async () => {
    if (!backup) return;
    try {
      await restore.mutateAsync({ name: backup.name, confirm: typed });
      toast.success(t('admin:backups.restored'), { id: 'backup' });
      close();
    } catch (error) {
      toast.error(errorMessage(t, error), { id: 'backup' });
    }
  };
  return (
    <Dialog open={backup !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent closeLabel={t('common:actions.close')} className="max-w-lg space-y-4">
        <DialogTitle>{t('admin:backups.restoreTitle')}</DialogTitle>
        <DialogDescription>{t('admin:backups.restoreWarning')}</DialogDescription>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <FormField id={`${id}-confirm`} label={t('admin:backups.restoreConfirm', { code: backup ? backupConfirmCode(backup.name) : '' })}>
            <Input value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} className="font-mono uppercase" />
          </FormField>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={close}>
              {t('admin:backups.cancel')}
            </Button>
            <Button type="submit" disabled={!backup || !confirmsRestore(backup.name, typed)} pending={restore.isPending}>
              {t('admin:backups.restoreSubmit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
