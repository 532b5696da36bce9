import type { TFunction } from 'i18next';
import { Download } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ApiError } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/error-message';
import { useExportData } from '../api/export-data';

function exportFailure(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code === 'RATE_LIMITED') return t('profile:export.rateLimited');
  return errorMessage(t, error);
}

/** "Export my data" (the privacy policy's promise of access and portability): one ZIP, documented in docs/data-export.md. */
export function ExportDataSection() {
  const { t } = useTranslation(['profile', 'errors']);
  const id = useId();
  const exportData = useExportData();

  const run = () =>
    exportData.mutate(undefined, {
      onSuccess: () => toast.success(t('profile:export.success'), { id: 'profile-export' }),
      onError: (error) => toast.error(t('profile:export.failed'), { id: 'profile-export', description: exportFailure(t, error) }),
    });

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('profile:export.title')}</CardTitle>
        <CardDescription>{t('profile:export.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <Button variant="secondary" pending={exportData.isPending} onClick={run}>
          {exportData.isPending ? null : <Download aria-hidden="true" />}
          {exportData.isPending ? t('profile:export.preparing') : t('profile:export.action')}
        </Button>
        <p className="text-sm text-ink-muted">{t('profile:export.note')}</p>
      </CardContent>
    </Card>
  );
}
