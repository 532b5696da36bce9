import { isUuid } from '@shared/contracts/id-params';
import type { ExhibitionDetail } from '@shared/contracts/exhibitions';
import { MEMORY_TITLE_MAX } from '@shared/limits';
import { Bookmark, BookmarkCheck, CircleAlert, Copy, Download, ImageOff, Link2, Lock, Pencil } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/error-message';
import { translateMessageKey } from '@web/lib/i18n';
import { usePageTitle } from '@web/lib/page-head';
import { useExhibition } from '../api/get-exhibition';
import { sharedExhibitionUrl, useRevokeExhibitionShare, useShareExhibition } from '../api/share-exhibition';
import { exhibitionUpdateSchema, useUpdateExhibition } from '../api/update-exhibition';
import { ExhibitionLetter, ExhibitionWall } from '../components/exhibition-wall';
import { monthLabel } from '../month-label';

/** /home/exhibitions/{id}: one of the person's monthly exhibitions — its letter, its wall, and what can be done with it. */
export function ExhibitionPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['exhibitions', 'common']);
  const valid = isUuid(id);
  const exhibition = useExhibition(id);
  const missing = !valid || (exhibition.error instanceof ApiError && exhibition.error.status === 404);
  usePageTitle(missing ? t('missing.title') : exhibition.data?.title);

  if (missing) return <Missing />;
  if (exhibition.isPending) return <WallSkeleton />;
  if (exhibition.isError) {
    return (
      <StateFrame role="alert" icon={<CircleAlert aria-hidden="true" className="size-6 text-danger" />} title={t('loadError.title')} body={t('loadError.body')}>
        <Button variant="secondary" pending={exhibition.isFetching} onClick={() => void exhibition.refetch()}>
          {t('common:actions.tryAgain')}
        </Button>
      </StateFrame>
    );
  }
  return <ExhibitionView exhibition={exhibition.data} />;
}

function ExhibitionView({ exhibition }: { exhibition: ExhibitionDetail }) {
  const { t, i18n } = useTranslation('exhibitions');
  return (
    <article data-testid="exhibition" aria-labelledby="exhibition-title" className="w-full space-y-10">
      <header className="space-y-3">
        <p className="text-sm font-medium tracking-wide text-ink-muted">
          {t('wall.eyebrow')} · {monthLabel(exhibition.month, i18n.language)}
        </p>
        <h1 id="exhibition-title" className="font-serif text-4xl font-medium break-words sm:text-5xl">
          {exhibition.title}
        </h1>
      </header>
      <Actions exhibition={exhibition} />
      <ExhibitionLetter letter={exhibition.letter} note={t(`wall.letterBy.${exhibition.letterBy}`)} />
      <ExhibitionWall artworks={exhibition.artworks} linked />
      <SharePanel exhibition={exhibition} />
      <p>
        <Link to="/home/memories" className="text-sm font-medium text-accent underline underline-offset-2">
          {t('wall.back')}
        </Link>
      </p>
    </article>
  );
}

/** Keep, rename and download, in one row that wraps on a phone. */
function Actions({ exhibition }: { exhibition: ExhibitionDetail }) {
  const { t } = useTranslation(['exhibitions', 'validation', 'errors']);
  const update = useUpdateExhibition(exhibition.id);
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);

  const keep = async (kept: boolean) => {
    try {
      await update.mutateAsync({ kept });
      toast.success(t(kept ? 'wall.keptToast' : 'wall.letGoToast'), { id: 'exhibition' });
    } catch (error) {
      toast.error(errorMessage(t, error), { id: 'exhibition' });
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <Button variant={exhibition.kept ? 'secondary' : 'primary'} aria-pressed={exhibition.kept} pending={update.isPending && !renaming} onClick={() => void keep(!exhibition.kept)}>
          {exhibition.kept ? <BookmarkCheck aria-hidden="true" /> : <Bookmark aria-hidden="true" />}
          {t('wall.keep')}
        </Button>
        {!renaming ? (
          <Button ref={renameButton} variant="secondary" onClick={() => setRenaming(true)}>
            <Pencil aria-hidden="true" />
            {t('wall.rename')}
          </Button>
        ) : null}
        <Button asChild variant="secondary">
          <a href={`/api/exhibitions/${encodeURIComponent(exhibition.id)}/image`} download={`souvenir-${exhibition.month}.jpg`}>
            <Download aria-hidden="true" />
            {t('wall.download')}
          </a>
        </Button>
      </div>
      {/* Pressed again, the button lets it go from the gallery. */}
      <p role="status" data-testid="exhibition-kept" className="min-h-5 text-sm text-ink-muted">
        {exhibition.kept ? t('wall.kept') : null}
      </p>
      {renaming ? (
        <RenameForm
          exhibition={exhibition}
          onDone={() => {
            setRenaming(false);
            requestAnimationFrame(() => renameButton.current?.focus());
          }}
        />
      ) : null}
    </div>
  );
}

function RenameForm({ exhibition, onDone }: { exhibition: ExhibitionDetail; onDone: () => void }) {
  const { t } = useTranslation(['exhibitions', 'validation', 'errors']);
  const id = useId();
  const update = useUpdateExhibition(exhibition.id);
  const [title, setTitle] = useState(exhibition.title);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = exhibitionUpdateSchema.safeParse({ title });
    if (!checked.success) {
      setProblem(translateMessageKey(t, checked.error.issues[0]?.message, 'validation:invalid'));
      return;
    }
    try {
      await update.mutateAsync(checked.data);
      toast.success(t('wall.renamed'), { id: 'exhibition' });
      onDone();
    } catch (error) {
      // The server's reason for the field when it gives one, in words; otherwise what went wrong.
      const field = error instanceof ApiError ? error.fields?.title?.[0] : undefined;
      setProblem(field ? translateMessageKey(t, field, 'validation:invalid') : errorMessage(t, error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="max-w-md space-y-3" noValidate>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-title`}>{t('wall.titleLabel')}</Label>
        <Input
          id={`${id}-title`}
          autoFocus
          value={title}
          maxLength={MEMORY_TITLE_MAX + 20}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setTitle(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
        />
        {problem ? (
          <p id={`${id}-problem`} role="alert" className="text-sm text-danger">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button type="submit" pending={update.isPending}>
          {t('wall.save')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('wall.cancel')}
        </Button>
      </div>
    </form>
  );
}

async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('No clipboard');
  await navigator.clipboard.writeText(text);
}

/** Sharing by a link like a memory's: made (or made anew) on request, shown to copy, and stopped at any time. */
function SharePanel({ exhibition }: { exhibition: ExhibitionDetail }) {
  const { t } = useTranslation(['exhibitions', 'errors']);
  const id = useId();
  const share = useShareExhibition(exhibition.id);
  const revoke = useRevokeExhibitionShare(exhibition.id);
  const linkRef = useRef<HTMLInputElement>(null);
  const url = exhibition.shareToken ? sharedExhibitionUrl(exhibition.shareToken) : null;

  const create = async () => {
    try {
      const { shareToken } = await share.mutateAsync();
      requestAnimationFrame(() => {
        linkRef.current?.focus();
        linkRef.current?.select();
      });
      await copyText(sharedExhibitionUrl(shareToken)).then(
        () => toast.success(t('share.copied'), { id: 'exhibition-share' }),
        () => undefined,
      );
    } catch (error) {
      toast.error(errorMessage(t, error), { id: 'exhibition-share' });
    }
  };
  const copy = async () => {
    if (!url) return;
    try {
      await copyText(url);
      toast.success(t('share.copied'), { id: 'exhibition-share' });
    } catch {
      toast.error(t('share.copyFailed'), { id: 'exhibition-share' });
      linkRef.current?.select();
    }
  };
  const stop = async () => {
    try {
      await revoke.mutateAsync();
      toast.success(t('share.stopped'), { id: 'exhibition-share' });
    } catch (error) {
      toast.error(errorMessage(t, error), { id: 'exhibition-share' });
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} data-testid="exhibition-share" className="max-w-prose space-y-4 border-t border-line pt-8">
      <h2 id={`${id}-heading`} className="font-serif text-2xl text-ink">
        {t('share.heading')}
      </h2>
      {url ? (
        <>
          <p className="text-ink-muted">{t('share.publicBody')}</p>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-link`}>{t('share.linkLabel')}</Label>
            <div className="flex gap-2">
              <Input
                ref={linkRef}
                id={`${id}-link`}
                data-testid="exhibition-share-link"
                readOnly
                value={url}
                onFocus={(event) => event.currentTarget.select()}
                className="min-w-0 flex-1 font-mono text-sm"
              />
              <Button variant="secondary" className="h-11" onClick={() => void copy()}>
                <Copy aria-hidden="true" />
                {t('share.copy')}
              </Button>
            </div>
          </div>
          <Button variant="ghost" size="sm" pending={revoke.isPending} onClick={() => void stop()}>
            <Lock aria-hidden="true" />
            {t('share.stop')}
          </Button>
        </>
      ) : (
        <>
          <p className="text-ink-muted">{t('share.privateBody')}</p>
          <Button variant="secondary" pending={share.isPending} onClick={() => void create()}>
            <Link2 aria-hidden="true" />
            {t('share.create')}
          </Button>
        </>
      )}
    </section>
  );
}

function StateFrame({ icon, title, body, role, children }: { icon: ReactNode; title: string; body: string; role?: 'alert'; children?: ReactNode }) {
  return (
    <div role={role} className="mx-auto flex max-w-md flex-col items-center gap-3 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-sand text-ink-muted">{icon}</span>
      <h1 className="mt-2 font-serif text-2xl text-ink sm:text-3xl">{title}</h1>
      <p className="leading-relaxed text-ink-muted">{body}</p>
      <div className="mt-4 flex flex-wrap items-center justify-center gap-3">{children}</div>
    </div>
  );
}

function Missing() {
  const { t } = useTranslation('exhibitions');
  return (
    <StateFrame icon={<ImageOff aria-hidden="true" className="size-6" />} title={t('missing.title')} body={t('missing.body')}>
      <Button asChild>
        <Link to="/home/memories">{t('missing.action')}</Link>
      </Button>
    </StateFrame>
  );
}

/** The wall's shape while it loads: a title, a letter, a grid of squares. */
function WallSkeleton() {
  return (
    <div data-testid="exhibition-skeleton" className="w-full space-y-10">
      <div className="space-y-3">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-12 w-3/4 max-w-lg" />
      </div>
      <Skeleton className="h-56 w-full max-w-prose" />
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 sm:gap-6 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="aspect-square w-full" />
        ))}
      </div>
    </div>
  );
}
