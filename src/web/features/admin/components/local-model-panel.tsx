import type { AiCapability, AiTestResponse, LocalModelDownload, LocalModelDownloadResponse, LocalModelOverview } from '@shared/contracts/ai';
import { CircleAlert, Download, X } from 'lucide-react';
import { useId, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { ApiError } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/error-message';
import { translateMessageKey } from '@web/lib/i18n';
import { useCancelModelDownload } from '../api/cancel-model-download';
import { useLocalModels } from '../api/get-local-models';
import { useStartModelDownload } from '../api/start-model-download';
import { useTestLocalModel } from '../api/test-local-model';
import { formatSize } from '../format-size';
import { ProviderTest } from './provider-test';

/** "1.1 GB", "512 KB"-sized files as "0.5 MB": in the administrator's language and units (Go, Mo in French). */
const gigabytes = (bytes: number, language: string) => formatSize(bytes, language, 'megabyte', 'gigabyte', 1024 ** 3 / 10);
const percentOf = (download: LocalModelDownload) => (download.totalBytes ? Math.min(100, Math.floor((download.receivedBytes / download.totalBytes) * 100)) : null);
const isActive = (download: LocalModelDownload) => download.state === 'downloading' || download.state === 'verifying';

interface LocalModelPanelProps {
  capability: AiCapability;
  /** The model file field of the capability's form (registered by the caller). */
  select: ComponentProps<'select'>;
  selected: string;
  error?: string;
}

/**
 * "Private AI on this server": the model file the capability uses, where it stands (not downloaded,
 * downloading n%, ready, busy), a Test, and the downloads — suggested models with the memory they need, or
 * any file at an address with its SHA-256. A model this machine cannot hold is refused before any download.
 */
export function LocalModelPanel({ capability, select, selected, error }: LocalModelPanelProps) {
  const { t, i18n } = useTranslation(['admin', 'errors']);
  const id = useId();
  const overview = useLocalModels();
  const probe = useTestLocalModel();
  const [testResult, setTestResult] = useState<AiTestResponse | null>(null);
  const data = overview.data;
  const file = data?.files.find((f) => f.fileName === selected);
  const resultId = `${id}-test-result`;

  async function runTest() {
    setTestResult(null);
    if (!selected) return;
    try {
      setTestResult(await probe.mutateAsync({ capability, model: selected }));
    } catch (failure) {
      toast.error(t('admin:ai.test.failed'), { id: `admin-ai-local-test-${capability}`, description: errorMessage(t, failure) });
    }
  }

  return (
    <div className="space-y-5 rounded-md border border-line bg-sand/40 p-4" data-testid={`admin-ai-${capability}-local`}>
      <p className="text-sm text-ink-muted">{t('admin:ai.local.intro')}</p>
      <div className="space-y-2">
        <FormField id={`${id}-file`} label={t('admin:ai.local.file')} hint={t('admin:ai.local.fileHint')} error={error}>
          <Select {...select}>
            <option value="">{t('admin:ai.local.choose')}</option>
            {data?.files.map((f) => (
              <option key={f.fileName} value={f.fileName}>
                {t('admin:ai.local.fileOption', { fileName: f.fileName, size: gigabytes(f.sizeBytes, i18n.language) })}
              </option>
            ))}
          </Select>
        </FormField>
        <p role="status" className="text-sm text-ink" data-testid={`admin-ai-${capability}-local-state`}>
          {overview.isPending
            ? t('admin:ai.local.loading')
            : overview.isError
              ? t('admin:ai.local.loadFailed')
              : data && data.files.length === 0
                ? t('admin:ai.local.noFiles')
                : file
                  ? t('admin:ai.local.stateLine', { state: t(`admin:ai.local.states.${file.state}`, { percent: file.percent ?? 0, count: file.queued }) })
                  : null}
        </p>
      </div>

      <ProviderTest
        id={resultId}
        testId={`admin-ai-${capability}-local-test`}
        hint={t('admin:ai.local.testHint')}
        pending={probe.isPending}
        disabled={!selected}
        onRun={() => void runTest()}
        outcome={
          testResult && {
            ok: testResult.ok,
            message: testResult.ok
              ? t('admin:ai.local.testOk', { latency: testResult.latencyMs })
              : t('admin:ai.test.notOk', { reason: t(`admin:ai.local.reasons.${testResult.reason}`, { defaultValue: t(`admin:ai.reasons.${testResult.reason}`, { status: '' }) }) }),
          }
        }
      />

      {data ? <Downloads overview={data} /> : null}
    </div>
  );
}

/** The suggested models and a download from an address, with the progress of each download. */
function Downloads({ overview }: { overview: LocalModelOverview }) {
  const { t, i18n } = useTranslation(['admin', 'validation', 'errors']);
  const id = useId();
  const start = useStartModelDownload();
  const cancel = useCancelModelDownload();
  const [hashes, setHashes] = useState<Record<string, string>>({});
  const [url, setUrl] = useState('');
  const [sha256, setSha256] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [urlErrors, setUrlErrors] = useState<Record<string, string>>({});
  const language = i18n.language;
  const present = new Set(overview.files.map((f) => f.fileName));

  const refusalText = (answer: Extract<LocalModelDownloadResponse, { ok: false }>) =>
    t(`admin:ai.local.refused.${answer.reason}`, {
      needed: gigabytes(answer.memory.neededBytes, language),
      total: gigabytes(answer.memory.totalBytes, language),
      disk: gigabytes(answer.disk.neededBytes ?? 0, language),
      free: gigabytes(answer.disk.freeBytes, language),
    });

  async function download(input: Parameters<typeof start.mutateAsync>[0]) {
    setRefusal(null);
    setUrlErrors({});
    try {
      const answer = await start.mutateAsync(input);
      if (!answer.ok) setRefusal(refusalText(answer));
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : undefined;
      if (fields && input.kind === 'url') {
        setUrlErrors(Object.fromEntries(Object.entries(fields).map(([name, keys]) => [name, translateMessageKey(t, keys[0] ?? '', 'validation:invalid')])));
      } else {
        toast.error(t('admin:ai.local.downloadFailed'), { id: 'admin-ai-local-download', description: errorMessage(t, failure) });
      }
    }
  }

  const progressOf = (fileName: string) => overview.downloads.find((d) => d.fileName === fileName);

  return (
    <div className="space-y-4 border-t border-line pt-4">
      <h4 className="text-sm font-medium text-ink">{t('admin:ai.local.downloadsTitle')}</h4>
      <p className="text-sm text-ink-muted">
        {t('admin:ai.local.machine', { total: gigabytes(overview.machine.totalMemoryBytes, language), free: gigabytes(overview.machine.freeMemoryBytes, language), disk: gigabytes(overview.machine.freeDiskBytes, language) })}
      </p>
      <ul className="space-y-3">
        {overview.suggested.map((model) => {
          const progress = progressOf(model.fileName);
          const needsHash = !model.hasHash;
          return (
            <li key={model.id} className="space-y-2 rounded-md border border-line bg-paper p-3">
              <p className="text-sm font-medium text-ink">{model.label}</p>
              <p className="text-sm text-ink-muted">
                {t('admin:ai.local.suggestedFacts', {
                  size: model.sizeBytes ? gigabytes(model.sizeBytes, language) : t('admin:ai.local.sizeUnknown'),
                  memory: gigabytes(model.memoryBytes, language),
                  licence: model.licence,
                })}
              </p>
              {present.has(model.fileName) && !progress?.state.match(/downloading|verifying/) ? (
                <p className="text-sm text-ink">{t('admin:ai.local.alreadyHere')}</p>
              ) : progress && isActive(progress) ? null : !model.fits ? (
                <p className="text-sm text-danger">
                  {t('admin:ai.local.refused.memory', { needed: gigabytes(model.memoryBytes, language), total: gigabytes(overview.machine.totalMemoryBytes, language) })}
                </p>
              ) : (
                <div className="flex flex-col items-start gap-3">
                  {needsHash ? (
                    <FormField id={`${id}-${model.id}-hash`} label={t('admin:ai.local.sha256')} hint={t('admin:ai.local.sha256Hint')} className="w-full">
                      <Input
                        type="text"
                        autoComplete="off"
                        spellCheck={false}
                        maxLength={64}
                        value={hashes[model.id] ?? ''}
                        onChange={(event) => setHashes({ ...hashes, [model.id]: event.target.value })}
                      />
                    </FormField>
                  ) : null}
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    pending={start.isPending && start.variables.kind === 'suggested' && start.variables.id === model.id}
                    disabled={needsHash && !/^[0-9a-fA-F]{64}$/.test((hashes[model.id] ?? '').trim())}
                    onClick={() => void download({ kind: 'suggested', id: model.id, ...(needsHash ? { sha256: (hashes[model.id] ?? '').trim() } : {}) })}
                  >
                    <Download aria-hidden="true" />
                    {t('admin:ai.local.download')}
                  </Button>
                </div>
              )}
              {progress ? <DownloadProgress download={progress} onCancel={() => cancel.mutate(progress.id)} /> : null}
            </li>
          );
        })}
      </ul>

      <div className="space-y-3 rounded-md border border-line bg-paper p-3">
        <p className="text-sm font-medium text-ink">{t('admin:ai.local.fromUrl')}</p>
        <FormField id={`${id}-url`} label={t('admin:ai.local.url')} hint={t('admin:ai.local.urlHint')} error={urlErrors.url}>
          <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} maxLength={500} value={url} onChange={(event) => setUrl(event.target.value)} />
        </FormField>
        <FormField id={`${id}-url-hash`} label={t('admin:ai.local.sha256')} hint={t('admin:ai.local.sha256Hint')} error={urlErrors.sha256}>
          <Input type="text" autoComplete="off" spellCheck={false} maxLength={64} value={sha256} onChange={(event) => setSha256(event.target.value)} />
        </FormField>
        <Button type="button" variant="secondary" size="sm" pending={start.isPending && start.variables.kind === 'url'} disabled={!url.trim() || !sha256.trim()} onClick={() => void download({ kind: 'url', url: url.trim(), sha256: sha256.trim() })}>
          <Download aria-hidden="true" />
          {t('admin:ai.local.download')}
        </Button>
        {overview.downloads
          .filter((d) => !overview.suggested.some((s) => s.fileName === d.fileName))
          .map((d) => (
            <div key={d.id} className="space-y-1">
              <p className="text-sm text-ink">{d.fileName}</p>
              <DownloadProgress download={d} onCancel={() => cancel.mutate(d.id)} />
            </div>
          ))}
      </div>
      <div role="alert">
        {refusal ? (
          <p className="flex items-start gap-2 text-sm font-medium text-danger">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {refusal}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function DownloadProgress({ download, onCancel }: { download: LocalModelDownload; onCancel: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const percent = percentOf(download);
  const text =
    download.state === 'failed'
      ? t(`ai.local.failures.${download.failure ?? 'network'}`, { status: download.status ?? '' })
      : t(`ai.local.downloadStates.${download.state}`, { percent: percent ?? 0 });
  return (
    <div className="space-y-1">
      {isActive(download) ? (
        <div className="flex items-center gap-3">
          <progress id={id} className="h-2 w-full accent-accent" max={100} value={percent ?? undefined} aria-label={t('ai.local.progressLabel', { fileName: download.fileName })} />
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            <X aria-hidden="true" />
            {t('ai.local.cancel')}
          </Button>
        </div>
      ) : null}
      <p role="status" className={download.state === 'failed' ? 'text-sm text-danger' : 'text-sm text-ink-muted'}>
        {text}
      </p>
    </div>
  );
}
