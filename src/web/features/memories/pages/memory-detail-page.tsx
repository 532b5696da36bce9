import { DETAIL_IMAGE_SIZES } from '@shared/image-sources';
import type { MemoryDetail } from '@shared/contracts/memories';
import { Download, Pencil, Share, Trash2, Users } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '@web/components/back-link';
import { ViewConversationButton } from '@web/components/conversation-dialog';
import { KeepingOffer } from '@web/components/keeping/keeping-offer';
import { LikeButton } from '@web/components/like-button';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { useDateFormat } from '@web/lib/date-format';
import { ApiError } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/error-message';
import { useIsMobile } from '@web/lib/use-is-mobile';
import { usePageTitle } from '@web/lib/page-head';
import { useDeleteMemory } from '../api/delete-memory';
import { useMemory } from '../api/get-memory';
import { ArtworkFrame } from '../components/artwork-frame';
import { MemoryLoadError, MemoryMissing } from '../components/memory-states';
import { ShareDialog } from '../components/share-dialog';
import { canShareImageFiles, isShareCancel, memoryPngFile, saveFile } from '../memory-image-file';

/** The artwork's largest size on the page (it is drawn at 1024 px, so it stays sharp on 2× screens). */
const pageClassName = 'mx-auto w-full max-w-[40rem]';

/**
 * /home/memories/{id}: the artwork as the hero — square, whole, as wide as the
 * screen on a phone — its title beneath like a museum label with the like heart, the date, a calm row of
 * actions (share, download, conversation, rename, delete), and the reflection to read slowly.
 */
export function MemoryDetailPage() {
  const { id = '' } = useParams();
  const memory = useMemory(id);
  const { t } = useTranslation('memories');
  usePageTitle(memory.data?.title ?? t('common:titles.memory'));

  if (memory.isPending) return <MemoryDetailSkeleton />;
  if (memory.isError) {
    if (memory.error instanceof ApiError && memory.error.status === 404) {
      return <MemoryMissing title={t('detail.notFound.title')} body={t('detail.notFound.body')} action={t('detail.notFound.action')} />;
    }
    return <MemoryLoadError title={t('detail.error.title')} body={t('detail.error.body')} retrying={memory.isFetching} onRetry={() => void memory.refetch()} />;
  }
  return <MemoryView memory={memory.data} />;
}

function MemoryView({ memory }: { memory: MemoryDetail }) {
  const { t } = useTranslation('memories');
  const titleRef = useRef<HTMLHeadingElement>(null);
  const date = useDateFormat('long')(memory.createdAt);

  // Arriving from the chat (the button that was pressed is gone), focus would be lost: the memory's title takes it.
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) titleRef.current?.focus({ preventScroll: true });
  }, [memory.id]);

  return (
    <article data-testid="memory-detail" aria-labelledby="memory-title" className={pageClassName}>
      <BackLink to="/home/memories">{t('memories:detail.back')}</BackLink>
      <figure className="mt-4 sm:mt-6">
        <ArtworkFrame
          src={memory.imageUrl}
          sources={memory.imageSources}
          sizes={DETAIL_IMAGE_SIZES}
          alt={memory.title}
          priority
          className="shadow-soft"
          testId="memory-image"
        />
        <figcaption className="mt-5 flex items-start justify-between gap-3">
          <div className="min-w-0 space-y-1.5">
            <h1 id="memory-title" ref={titleRef} tabIndex={-1} className="font-serif text-3xl leading-tight break-words text-ink focus:outline-none sm:text-4xl">
              {memory.title}
            </h1>
            <p className="text-sm text-ink-muted">
              <time dateTime={memory.createdAt}>{date}</time>
            </p>
            {memory.imageOrigin ? (
              <p data-testid="memory-image-origin" className="text-sm text-ink-muted">
                {t(`detail.origin.${memory.imageOrigin}`)}
              </p>
            ) : null}
          </div>
          <LikeButton memory={memory} size="md" className="-mr-1.5" />
        </figcaption>
      </figure>

      <MemoryActions memory={memory} />
      {memory.conversationId ? <KeepingOffer /> : null}

      {memory.poeticSummary ? (
        <section aria-labelledby="memory-reflection-title" className="mt-10">
          <h2 id="memory-reflection-title" className="text-xs font-semibold tracking-[0.14em] text-ink-muted uppercase">
            {t('detail.reflection')}
          </h2>
          <p data-testid="memory-reflection" className="mt-3 max-w-[65ch] font-serif text-lg leading-relaxed whitespace-pre-line text-ink sm:text-xl">
            {memory.poeticSummary}
          </p>
        </section>
      ) : null}

      <div className="mt-12 flex flex-col gap-5 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-2">
          <p className="max-w-[40ch] text-sm text-ink-muted">{t('detail.community.body')}</p>
          <Link
            to="/community"
            className="inline-flex items-center gap-1.5 rounded-sm text-[0.95rem] font-medium text-accent underline-offset-4 hover:underline"
          >
            <Users aria-hidden="true" className="size-4" />
            {t('detail.community.action')}
          </Link>
        </div>
        <Button asChild variant="secondary" className="self-start sm:self-auto">
          <Link to="/home">{t('detail.backHome')}</Link>
        </Button>
      </div>
    </article>
  );
}

/**
 * The actions under the title, wrapping onto a second line on a phone. Delete is left out on phones
 * (spec: only when not on a mobile-type device); sharing the image itself is offered only there, and
 * only where the share sheet takes files.
 */
function MemoryActions({ memory }: { memory: MemoryDetail }) {
  const { t } = useTranslation('memories');
  const isMobile = useIsMobile();
  const [downloading, setDownloading] = useState(false);
  const canShareImage = useMemo(() => isMobile && canShareImageFiles(), [isMobile]);
  const preparedImage = usePreparedImage(memory, canShareImage);

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await memoryPngFile(memory.imageUrl, memory.title));
      toast.success(t('detail.toasts.downloadSuccess'), { id: 'memory-download' });
    } catch {
      toast.error(t('detail.toasts.downloadFailed'), { id: 'memory-download' });
    } finally {
      setDownloading(false);
    }
  };

  const shareImage = async () => {
    try {
      const file = await (preparedImage.current ?? memoryPngFile(memory.imageUrl, memory.title));
      await navigator.share({ files: [file], title: memory.title });
      toast.success(t('detail.toasts.imageShared'), { id: 'memory-share-image' });
    } catch (error) {
      if (isShareCancel(error)) return;
      toast.error(t('detail.toasts.shareFailed'), { id: 'memory-share-image' });
    }
  };

  return (
    <div role="group" aria-label={t('detail.actions')} data-testid="memory-actions" className="mt-6 flex flex-wrap items-center gap-2">
      <ShareDialog memory={memory} />
      <Button variant="secondary" className="px-4" pending={downloading} onClick={() => void download()}>
        {downloading ? null : <Download aria-hidden="true" />}
        {t('detail.download')}
      </Button>
      {canShareImage ? (
        <Button variant="secondary" className="px-4" onClick={() => void shareImage()}>
          <Share aria-hidden="true" />
          {t('detail.shareImage')}
        </Button>
      ) : null}
      <ViewConversationButton memory={memory} variant="button" />
      <Button asChild variant="secondary" className="px-4">
        <Link to={`/home/memories/edit/${encodeURIComponent(memory.id)}`}>
          <Pencil aria-hidden="true" />
          {t('detail.rename')}
        </Link>
      </Button>
      {isMobile ? null : <DeleteMemoryButton memory={memory} />}
    </div>
  );
}

/**
 * The share sheet must open while the tap still counts as the person's gesture (Safari is strict about it),
 * so on phones the PNG is made ready as soon as the page shows rather than after the tap.
 */
function usePreparedImage(memory: MemoryDetail, enabled: boolean) {
  const prepared = useRef<Promise<File> | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const file = memoryPngFile(memory.imageUrl, memory.title);
    // A failure here is reported when (and if) the person taps Share.
    file.catch(() => undefined);
    prepared.current = file;
    return () => {
      prepared.current = null;
    };
  }, [enabled, memory.imageUrl, memory.title]);
  return prepared;
}

function DeleteMemoryButton({ memory }: { memory: MemoryDetail }) {
  const { t } = useTranslation(['memories', 'common']);
  const navigate = useNavigate();
  const deleteMemory = useDeleteMemory();
  const [open, setOpen] = useState(false);

  const confirm = () =>
    deleteMemory.mutate(memory.id, {
      onSuccess: () => {
        toast.success(t('memories:detail.toasts.deleteSuccess'), { id: 'memory-delete' });
        void navigate('/home/memories', { replace: true });
      },
      onError: (error) => {
        setOpen(false);
        toast.error(t('memories:detail.toasts.deleteFailed', { message: errorMessage(t, error) }), { id: 'memory-delete' });
      },
    });

  return (
    <Dialog open={open} onOpenChange={(next) => !deleteMemory.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" className="px-4 text-danger hover:bg-danger-soft sm:ml-auto">
          <Trash2 aria-hidden="true" />
          {t('memories:detail.delete')}
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog" closeLabel={t('common:actions.close')}>
        <DialogTitle className="pr-10">{t('memories:detail.deleteDialog.title')}</DialogTitle>
        <DialogDescription className="mt-2">{t('memories:detail.deleteDialog.body')}</DialogDescription>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          {/* First in the focus order: the dialog opens on the safe choice. */}
          <DialogClose asChild>
            <Button variant="secondary" disabled={deleteMemory.isPending}>
              {t('memories:detail.deleteDialog.cancel')}
            </Button>
          </DialogClose>
          <Button className="bg-danger hover:bg-danger/90 active:bg-danger/90" pending={deleteMemory.isPending} onClick={confirm}>
            {t('memories:detail.deleteDialog.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}


/** The same shape as the page, resting while the memory loads. */
function MemoryDetailSkeleton() {
  const { t } = useTranslation('memories');
  return (
    <div data-testid="memory-detail-skeleton" aria-busy="true" className={pageClassName}>
      <p role="status" className="sr-only">
        {t('detail.loading')}
      </p>
      <Skeleton className="h-7 w-36" />
      <Skeleton className="mt-4 aspect-square w-full rounded-lg sm:mt-6" />
      <Skeleton className="mt-5 h-9 w-3/4" />
      <Skeleton className="mt-2.5 h-4 w-40" />
      <Skeleton className="mt-10 h-3 w-24" />
      <div className="mt-4 space-y-3">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-11/12" />
        <Skeleton className="h-5 w-2/3" />
      </div>
    </div>
  );
}
