import { zodResolver } from '@hookform/resolvers/zod';
import {
  AI_BASE_URL_MAX,
  AI_KEY_MAX,
  AI_MODEL_MAX,
  AI_PRESETS,
  aiPresetSchema,
  aiProviderUpdateSchema,
  aiSourceSchema,
  isLocalModelCapability,
  type AiPreset,
  type AiProviderUpdate,
  type AiProviderView,
  type AiTestResponse,
} from '@shared/contracts/ai';
import { Info } from 'lucide-react';
import { useEffect, useId, useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { PageSpinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/error-message';
import { translateMessageKey } from '@web/lib/i18n';
import { useAiSettings } from '../api/get-ai-settings';
import { useListAiModels } from '../api/list-ai-models';
import { useTestAiProvider } from '../api/test-ai-provider';
import { useUpdateAiProvider } from '../api/update-ai-provider';
import { LoadFailedCard } from './load-failed-card';
import { LocalModelPanel } from './local-model-panel';
import { ProviderTest } from './provider-test';
import { SettingsSection } from './settings-section';
import { useAgentGenderContext } from '@web/lib/agent-gender';

const PRESETS = Object.keys(AI_PRESETS) as AiPreset[];

/** The form of one capability: every field always present (the endpoint's stay filled in while another source is chosen). */
const formSchema = z
  .object({
    source: aiSourceSchema,
    preset: aiPresetSchema,
    baseUrl: z.string(),
    model: z.string(),
    apiKey: z.string(),
    removeKey: z.boolean(),
    /** The local model's file (its own field: the endpoint's model stays as typed). */
    localModel: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.source !== 'openai-compatible' && values.source !== 'local-model') return;
    // The server's own rules, so the messages under the fields are the ones it would give.
    const parsed = aiProviderUpdateSchema.safeParse(toUpdate(values));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const path = values.source === 'local-model' && issue.path[0] === 'model' ? ['localModel'] : issue.path;
      ctx.addIssue({ code: 'custom', path, message: issue.message });
    }
  });
type FormValues = z.infer<typeof formSchema>;

function toUpdate(values: FormValues): AiProviderUpdate {
  if (values.source === 'local-model') return { source: 'local-model', model: values.localModel };
  if (values.source !== 'openai-compatible') return { source: values.source };
  return {
    source: 'openai-compatible',
    preset: values.preset,
    baseUrl: values.baseUrl,
    model: values.model,
    ...(values.apiKey.trim() ? { apiKey: values.apiKey } : {}),
    ...(values.removeKey ? { removeKey: true } : {}),
  };
}

// One stored model field: the local model's file while that source is chosen, the endpoint's model otherwise.
const valuesOf = (view: AiProviderView): FormValues => ({
  source: view.source,
  preset: view.preset ?? 'openai',
  baseUrl: view.baseUrl ?? AI_PRESETS.openai,
  model: view.source === 'local-model' ? '' : (view.model ?? ''),
  apiKey: '',
  removeKey: false,
  localModel: view.source === 'local-model' ? (view.model ?? '') : '',
});

/**
 * The AI tab: one section per capability (conversation, memory writing, artwork, voice). Each comes from the
 * server's configuration, the built-in offline default, the private model run by this server (for the
 * capabilities that write text), or an OpenAI-compatible service chosen here.
 */
export function AiTab() {
  const { t } = useTranslation('admin');
  const settings = useAiSettings();

  if (settings.isPending) return <PageSpinner label={t('ai.loading')} className="min-h-48" />;
  if (settings.isError && !settings.data) {
    return <LoadFailedCard message={t('ai.loadFailed')} retrying={settings.isFetching} onRetry={() => void settings.refetch()} />;
  }
  return (
    <div className="space-y-6">
      <p className="flex max-w-prose items-start gap-2 text-sm leading-relaxed text-ink-muted">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
        <span>{t('ai.intro')}</span>
      </p>
      {settings.data.providers.map((view) => (
        <CapabilitySection key={view.capability} view={view} />
      ))}
    </div>
  );
}

function CapabilitySection({ view }: { view: AiProviderView }) {
  const { t } = useTranslation(['admin', 'validation', 'errors', 'common']);
  const id = useId();
  const { capability } = view;
  const update = useUpdateAiProvider();
  const models = useListAiModels();
  const probe = useTestAiProvider();
  // French names the built-in companion with the gender the administrators chose.
  const context = useAgentGenderContext();
  const [testResult, setTestResult] = useState<AiTestResponse | null>(null);
  /** The last Test's verdict and the endpoint it was run on: a save of anything else asks first. */
  const [lastTest, setLastTest] = useState<{ ok: boolean; endpoint: string } | null>(null);
  /** The values waiting for the administrator's "Save anyway". */
  const [confirming, setConfirming] = useState<FormValues | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(view) });
  const {
    register,
    watch,
    setValue,
    reset,
    getValues,
    trigger,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = form;
  const saving = isSubmitting || update.isPending;
  const source = watch('source');
  const preset = watch('preset');

  // Saved elsewhere (another administrator, another tab): shown here unless someone is typing.
  const serverValues = JSON.stringify(valuesOf(view));
  useEffect(() => {
    if (!isDirty) reset(JSON.parse(serverValues) as FormValues);
  }, [serverValues, isDirty, reset]);

  /**
   * An address whose Test failed, or was not run since it changed, may answer nobody: saving it asks first. Saving
   * the endpoint as it already was (another field changed) asks nothing.
   */
  const needsConfirmation = (values: FormValues) => {
    if (values.source !== 'openai-compatible') return false;
    const unchanged = view.source === 'openai-compatible' && values.baseUrl.trim() === (view.baseUrl ?? '') && values.model.trim() === (view.model ?? '') && !values.apiKey.trim();
    if (unchanged) return false;
    return !(lastTest?.ok && lastTest.endpoint === endpointOf(values));
  };

  const save = async (values: FormValues) => {
    try {
      const next = await update.mutateAsync({ capability, update: toUpdate(values) });
      const saved = next.providers.find((p) => p.capability === capability);
      if (saved) reset(valuesOf(saved));
      toast.success(t('admin:ai.saved', { capability: t(`admin:ai.${capability}.title`) }), { id: `admin-ai-${capability}` });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      for (const name of ['baseUrl', 'model', 'apiKey'] as const) {
        const key = fields?.[name]?.[0];
        if (key) setError(values.source === 'local-model' && name === 'model' ? 'localModel' : name, { message: key });
      }
      toast.error(t('admin:settings.saveFailed'), { id: `admin-ai-${capability}`, description: errorMessage(t, error) });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    if (needsConfirmation(values)) setConfirming(values);
    else await save(values);
  });

  const fieldError = (name: 'baseUrl' | 'model' | 'apiKey' | 'localModel') => {
    const key = errors[name]?.message;
    return key ? translateMessageKey(t, key, 'validation:invalid') : undefined;
  };

  const endpoint = () => {
    const { baseUrl, apiKey } = getValues();
    return { capability, baseUrl, ...(apiKey.trim() ? { apiKey } : {}) };
  };

  async function loadModels() {
    if (!(await trigger('baseUrl'))) return;
    models.mutate(endpoint());
  }

  async function runTest() {
    setTestResult(null);
    if (!(await trigger(['baseUrl', 'model']))) return;
    try {
      const result = await probe.mutateAsync({ ...endpoint(), model: getValues('model') });
      setTestResult(result);
      setLastTest({ ok: result.ok, endpoint: endpointOf(getValues()) });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      const key = fields?.baseUrl?.[0];
      if (key) setError('baseUrl', { message: key });
      else toast.error(t('admin:ai.test.failed'), { id: `admin-ai-test-${capability}`, description: errorMessage(t, error) });
    }
  }

  const reasonText = (result: Extract<AiTestResponse, { ok: false }>) => t(`admin:ai.reasons.${result.reason}`, { status: result.status ?? '' });
  const configured = view.configuration;
  const configurationHint =
    configured.provider === 'openai-compatible'
      ? t('admin:ai.source.configurationEndpoint', { model: configured.model ?? '', baseUrl: configured.baseUrl ?? '' })
      : configured.provider === 'local-model'
        ? t('admin:ai.source.configurationLocal', { model: configured.model ?? '' })
        : configured.provider === 'none'
          ? t('admin:ai.source.configurationNone')
          : t('admin:ai.source.configurationBuiltIn', { provider: t(`admin:ai.providerNames.${configured.provider}`, { defaultValue: configured.provider, context }) });
  const modelListId = `${id}-models`;
  const resultId = `${id}-test-result`;

  return (
    <SettingsSection
      title={t(`admin:ai.${capability}.title`)}
      description={t(`admin:ai.${capability}.description`, { context })}
      onSubmit={() => void onSubmit()}
      saving={saving}
      dirty={isDirty}
      onDiscard={() => {
        reset();
        setTestResult(null);
      }}
      testId={`admin-ai-${capability}`}
    >
      <p className="text-sm text-ink-muted" data-testid={`admin-ai-${capability}-active`}>
        {t('admin:ai.active', { provider: t(`admin:ai.providerNames.${view.active}`, { defaultValue: view.active, context }) })}
      </p>
      {view.failing ? <FailingNote capability={capability} failing={view.failing} /> : null}

      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium text-ink">{t('admin:ai.source.legend')}</legend>
        <SourceOption id={`${id}-configuration`} label={t('admin:ai.source.configuration')} hint={configurationHint} {...register('source')} value="configuration" />
        <SourceOption
          id={`${id}-offline`}
          label={t(capability === 'transcription' ? 'admin:ai.source.offlineVoice' : 'admin:ai.source.offline')}
          hint={t(`admin:ai.${capability}.offline`, { context })}
          {...register('source')}
          value="offline"
        />
        {isLocalModelCapability(capability) ? (
          <SourceOption id={`${id}-local`} label={t('admin:ai.source.local')} hint={t('admin:ai.source.localHint')} {...register('source')} value="local-model" />
        ) : (
          <SourceOption id={`${id}-local`} label={t('admin:ai.source.local')} hint={t('admin:ai.source.localTextOnly')} name={`${id}-local`} value="local-model" disabled />
        )}
        <SourceOption id={`${id}-endpoint`} label={t('admin:ai.source.endpoint')} hint={t('admin:ai.source.endpointHint')} {...register('source')} value="openai-compatible" />
      </fieldset>

      {source === 'local-model' ? (
        <LocalModelPanel capability={capability} select={register('localModel')} selected={watch('localModel')} error={fieldError('localModel')} />
      ) : null}

      {source === 'openai-compatible' ? (
        <div className="space-y-5 rounded-md border border-line bg-sand/40 p-4">
          <div className="grid gap-5 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
            <FormField id={`${id}-preset`} label={t('admin:ai.preset')}>
              <Select
                {...register('preset', {
                  onChange: (event: { target: { value: string } }) => {
                    const next = aiPresetSchema.safeParse(event.target.value);
                    if (next.success && next.data !== 'other') setValue('baseUrl', AI_PRESETS[next.data], { shouldDirty: true, shouldValidate: true });
                  },
                })}
              >
                {PRESETS.map((value) => (
                  <option key={value} value={value}>
                    {t(`admin:ai.presets.${value}`)}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id={`${id}-base-url`} label={t('admin:ai.baseUrl')} hint={t('admin:ai.baseUrlHint')} error={fieldError('baseUrl')}>
              <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} maxLength={AI_BASE_URL_MAX} placeholder={preset === 'other' ? 'https://…/v1' : undefined} {...register('baseUrl')} />
            </FormField>
          </div>

          <FormField
            id={`${id}-key`}
            label={t('admin:ai.apiKey')}
            hint={view.hasKey ? t('admin:ai.apiKeyStored', { mask: view.keyMask ?? t('admin:ai.apiKeyUnreadable') }) : t('admin:ai.apiKeyHint')}
            error={fieldError('apiKey')}
          >
            <Input type="password" autoComplete="new-password" spellCheck={false} maxLength={AI_KEY_MAX} {...register('apiKey')} />
          </FormField>
          {view.hasKey ? (
            <div className="flex items-center gap-3">
              <input id={`${id}-remove-key`} type="checkbox" className="size-5 shrink-0 cursor-pointer accent-accent" {...register('removeKey')} />
              <label htmlFor={`${id}-remove-key`} className="cursor-pointer text-sm font-medium text-ink">
                {t('admin:ai.removeKey')}
              </label>
            </div>
          ) : null}

          <div className="space-y-2">
            <FormField id={`${id}-model`} label={t('admin:ai.model')} hint={t(`admin:ai.${capability}.modelHint`)} error={fieldError('model')}>
              <Input type="text" autoComplete="off" spellCheck={false} maxLength={AI_MODEL_MAX} list={modelListId} {...register('model')} />
            </FormField>
            <datalist id={modelListId}>
              {models.data?.ok ? models.data.models.map((model) => <option key={model} value={model} />) : null}
            </datalist>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="button" variant="secondary" size="sm" pending={models.isPending} onClick={() => void loadModels()}>
                {t('admin:ai.loadModels')}
              </Button>
              <p role="status" className="text-sm text-ink-muted">
                {models.isError
                  ? errorMessage(t, models.error)
                  : models.data
                    ? models.data.ok
                      ? models.data.models.length === 0
                        ? t('admin:ai.modelsNone')
                        : t('admin:ai.modelsFound', { count: models.data.models.length })
                      : reasonText(models.data)
                    : null}
              </p>
            </div>
          </div>

          <ProviderTest
            id={resultId}
            testId={`admin-ai-${capability}-test`}
            hint={t(`admin:ai.${capability}.testHint`)}
            pending={probe.isPending}
            onRun={() => void runTest()}
            outcome={
              testResult && {
                ok: testResult.ok,
                message: testResult.ok ? t('admin:ai.test.ok', { latency: testResult.latencyMs }) : t('admin:ai.test.notOk', { reason: reasonText(testResult) }),
              }
            }
          />
        </div>
      ) : null}
      <Dialog open={confirming !== null} onOpenChange={(open) => (open ? undefined : setConfirming(null))}>
        <DialogContent role="alertdialog" closeLabel={t('common:actions.close')} className="max-w-lg space-y-4">
          <DialogTitle>{t('admin:ai.confirmSave.title')}</DialogTitle>
          <DialogDescription className="leading-relaxed">
            {t(lastTest && !lastTest.ok && confirming && lastTest.endpoint === endpointOf(confirming) ? 'admin:ai.confirmSave.failed' : 'admin:ai.confirmSave.untested')}{' '}
            {t(`admin:ai.confirmSave.meanwhile.${capability}`, { context })}
          </DialogDescription>
          <div className="flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                {t('admin:ai.confirmSave.cancel')}
              </Button>
            </DialogClose>
            <Button
              type="button"
              onClick={() => {
                const values = confirming;
                setConfirming(null);
                if (values) void save(values);
              }}
            >
              {t('admin:ai.confirmSave.confirm')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </SettingsSection>
  );
}

/** The endpoint a Test speaks of: its address, model and the key typed for it. */
const endpointOf = (values: FormValues) => JSON.stringify([values.baseUrl.trim(), values.model.trim(), values.apiKey.trim()]);

/** The provider chosen here failed on its last call: what happens meanwhile, and that it clears itself. */
function FailingNote({ capability, failing }: { capability: AiProviderView['capability']; failing: NonNullable<AiProviderView['failing']> }) {
  const { t, i18n } = useTranslation('admin');
  const context = useAgentGenderContext();
  const since = new Intl.DateTimeFormat(i18n.resolvedLanguage, { hour: '2-digit', minute: '2-digit' }).format(new Date(failing.since));
  const reason = t(`admin:ai.failing.reasons.${failing.reason}`, { defaultValue: t('admin:ai.failing.reasons.other'), status: failing.status ?? '' });
  return (
    <p role="status" data-testid={`admin-ai-${capability}-failing`} className="rounded-md border border-line bg-sand/60 px-3 py-2 text-sm leading-relaxed text-ink">
      {t(capability === 'chat' ? 'admin:ai.failing.chat' : 'admin:ai.failing.text', { since, reason, context })}
    </p>
  );
}

interface SourceOptionProps extends ComponentProps<'input'> {
  id: string;
  label: string;
  hint: string;
}

/** One choice of where the capability's provider comes from: a radio, its label and a line that says what it means. */
function SourceOption({ id, label, hint, disabled, ...input }: SourceOptionProps) {
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="radio" aria-describedby={`${id}-hint`} disabled={disabled} className="mt-0.5 size-5 shrink-0 cursor-pointer accent-accent disabled:cursor-not-allowed" {...input} />
      <div className="min-w-0 space-y-0.5">
        <label htmlFor={id} className={disabled ? 'block text-sm font-medium text-ink-muted' : 'block cursor-pointer text-sm font-medium text-ink'}>
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm break-words text-ink-muted">
          {hint}
        </p>
      </div>
    </div>
  );
}

