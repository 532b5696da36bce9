import { zodResolver } from '@hookform/resolvers/zod';
import { memoryTitleSchema, type MemoryDetail } from '@shared/contracts/memories';
import { MEMORY_TITLE_MAX } from '@shared/limits';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api-client';
import { useUpdateMemory } from '@web/lib/api/update-memory';
import { errorMessage } from '@web/lib/error-message';
import { translateMessageKey } from '@web/lib/i18n';
import { usePageTitle } from '@web/lib/page-head';
import { useMemory } from '../api/get-memory';
import { MemoryLoadError, MemoryMissing } from '../components/memory-states';

const renameSchema = z.object({ title: memoryTitleSchema });

/** The counter shows only near the limit, where it helps; earlier it would only be noise. */
const COUNTER_FROM = MEMORY_TITLE_MAX - 20;

const pageClassName = 'mx-auto w-full max-w-[40rem]';

/**
 * /home/memories/edit/{id}: only the title can change; the reflection is shown
 * as it was written. Saving goes back to the memory's page.
 */
export function MemoryEditPage() {
  const { id = '' } = useParams();
  const memory = useMemory(id);
  const { t } = useTranslation('memories');
  usePageTitle(t('common:titles.renameMemory'));

  if (memory.isPending) return <MemoryEditSkeleton />;
  if (memory.isError) {
    if (memory.error instanceof ApiError && memory.error.status === 404) {
      return <MemoryMissing title={t('edit.noPermission.title')} body={t('edit.noPermission.body')} action={t('edit.noPermission.action')} />;
    }
    return <MemoryLoadError title={t('edit.failedToLoad.title')} body={t('edit.failedToLoad.body')} retrying={memory.isFetching} onRetry={() => void memory.refetch()} />;
  }
  return <RenameForm memory={memory.data} />;
}

function RenameForm({ memory }: { memory: MemoryDetail }) {
  const { t } = useTranslation(['memories', 'validation']);
  const id = useId();
  const navigate = useNavigate();
  const update = useUpdateMemory();
  const detailPath = `/home/memories/${encodeURIComponent(memory.id)}`;
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(renameSchema), defaultValues: { title: memory.title } });
  const title = useWatch({ control, name: 'title' }) ?? '';

  // One field on the page: the cursor waits in it.
  useEffect(() => setFocus('title'), [setFocus]);

  const onSubmit = handleSubmit(async ({ title: newTitle }) => {
    try {
      await update.mutateAsync({ id: memory.id, update: { title: newTitle } });
    } catch (error) {
      // A refused title is said under the field; anything else in a toast. The text stays as typed.
      const fieldKey = error instanceof ApiError ? error.fields?.title?.[0] : undefined;
      if (fieldKey) setError('title', { message: fieldKey }, { shouldFocus: true });
      else toast.error(t('memories:edit.toasts.updateFailed', { message: errorMessage(t, error) }), { id: 'memory-rename' });
      return;
    }
    toast.success(t('memories:edit.toasts.updateSuccess'), { id: 'memory-rename' });
    void navigate(detailPath);
  });

  const length = title.trim().length;
  const left = MEMORY_TITLE_MAX - length;
  const counter =
    length < COUNTER_FROM ? undefined : left >= 0 ? t('memories:edit.remaining', { count: left }) : t('memories:edit.over', { count: -left });
  const fieldError = errors.title?.message ? translateMessageKey(t, errors.title.message, 'validation:invalid') : undefined;

  return (
    <div className={pageClassName}>
      <div className="flex items-center gap-4">
        <img
          src={memory.thumbnailUrl ?? memory.imageUrl}
          alt=""
          width={80}
          height={80}
          className="size-16 shrink-0 rounded-md bg-sand object-cover shadow-soft sm:size-20"
        />
        <div className="min-w-0">
          <h1 className="font-serif text-2xl leading-tight text-ink sm:text-3xl">{t('memories:edit.title')}</h1>
          <p className="mt-1 text-[0.95rem] text-ink-muted">{t('memories:edit.intro')}</p>
        </div>
      </div>

      <form noValidate onSubmit={onSubmit} className="mt-8 space-y-5" data-testid="memory-edit-form">
        <FormField id={`${id}-title`} label={t('memories:edit.fieldLabel')} error={fieldError} hint={counter}>
          <Input type="text" autoComplete="off" required className="font-serif text-lg" {...register('title')} />
        </FormField>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" pending={update.isPending}>
            {t('memories:edit.save')}
          </Button>
          <Button asChild variant="secondary">
            <Link to={detailPath}>{t('memories:edit.cancel')}</Link>
          </Button>
        </div>
      </form>

      {memory.poeticSummary ? (
        <section aria-labelledby={`${id}-reflection`} className="mt-12 border-t border-line pt-6">
          <h2 id={`${id}-reflection`} className="text-xs font-semibold tracking-[0.14em] text-ink-muted uppercase">
            {t('memories:edit.reflection')}
          </h2>
          <p data-testid="memory-edit-reflection" className="mt-3 max-w-[65ch] font-serif text-lg leading-relaxed whitespace-pre-line text-ink/85">
            {memory.poeticSummary}
          </p>
          <p className="mt-3 text-sm text-ink-muted">{t('memories:edit.reflectionNote')}</p>
        </section>
      ) : null}
    </div>
  );
}

function MemoryEditSkeleton() {
  const { t } = useTranslation('memories');
  return (
    <div data-testid="memory-edit-skeleton" aria-busy="true" className={pageClassName}>
      <p role="status" className="sr-only">
        {t('edit.loading')}
      </p>
      <div className="flex items-center gap-4">
        <Skeleton className="size-16 rounded-md sm:size-20" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-4 w-full" />
        </div>
      </div>
      <Skeleton className="mt-8 h-4 w-16" />
      <Skeleton className="mt-2 h-11 w-full" />
      <div className="mt-5 flex gap-3">
        <Skeleton className="h-11 w-24" />
        <Skeleton className="h-11 w-24" />
      </div>
    </div>
  );
}
