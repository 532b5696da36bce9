import type { MemoryDetail } from '@shared/contracts/memories';
import { Copy, Link2, Lock, RefreshCw, Share2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useIsMobile } from '@web/lib/use-is-mobile';
import { useRevokeShare } from '../api/revoke-share';
import { sharedMemoryUrl, useShareMemory } from '../api/share-memory';
import { isShareCancel } from '../memory-image-file';

interface ShareDialogProps {
  memory: Pick<MemoryDetail, 'id' | 'title' | 'shareToken'>;
}

async function copyText(text: string): Promise<void> {
  // Missing outside secure contexts and in some embedded browsers: the same path as a refusal.
  if (!navigator.clipboard) throw new Error('No clipboard');
  await navigator.clipboard.writeText(text);
}

/**
 * The share-link dialog: a private memory explains what a
 * link reveals before making one; a shared one shows its link to copy, and — beyond the spec — can be
 * given a new link (the old one dies) or made private again.
 */
export function ShareDialog({ memory }: ShareDialogProps) {
  const { t } = useTranslation(['memories', 'common']);
  const [open, setOpen] = useState(false);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="px-4">
          <Link2 aria-hidden="true" />
          {t('memories:share.trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')} data-testid="share-dialog">
        <DialogTitle className="pr-10">{t('memories:share.title')}</DialogTitle>
        {/* Remounted on every opening, so a half-made confirmation never waits for the next visit. */}
        {open ? <ShareDialogBody memory={memory} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ShareDialogBody({ memory }: ShareDialogProps) {
  const { t } = useTranslation('memories');
  const id = useId();
  const isMobile = useIsMobile();
  const share = useShareMemory();
  const revoke = useRevokeShare();
  const [confirmingStop, setConfirmingStop] = useState(false);
  const linkRef = useRef<HTMLInputElement>(null);
  // Which control takes the focus when it appears, so the focus never falls back to the dialog's frame
  // when the control that had it goes away (the link replaces "Create link", and back).
  const focusNext = useRef<'link' | 'create' | 'stop' | 'confirmStop' | null>(null);
  const focusWhenShown = (name: NonNullable<typeof focusNext.current>) => (element: HTMLElement | null) => {
    if (!element || focusNext.current !== name) return;
    focusNext.current = null;
    element.focus();
    if (element instanceof HTMLInputElement) element.select();
  };

  const token = memory.shareToken;
  const url = token ? sharedMemoryUrl(token) : null;

  const selectLink = () => {
    linkRef.current?.focus();
    linkRef.current?.select();
  };

  const createLink = async () => {
    let shareToken: string;
    // Set before the call: the link appears while the answer is still being handled.
    focusNext.current = 'link';
    setConfirmingStop(false);
    try {
      ({ shareToken } = await share.mutateAsync(memory.id));
    } catch {
      focusNext.current = null;
      toast.error(t('share.toasts.generateFailed'), { id: 'share-link' });
      return;
    }
    try {
      await copyText(sharedMemoryUrl(shareToken));
      toast.success(t('share.toasts.linkGenerated'), { id: 'share-link' });
    } catch {
      // The link stays in view, selected, to copy by hand.
      toast.info(t('share.toasts.linkGeneratedOnly'), { id: 'share-link' });
      selectLink();
    }
  };

  const copyLink = async () => {
    if (!url) return;
    try {
      await copyText(url);
      toast.success(t('share.toasts.linkCopied'), { id: 'share-link' });
    } catch {
      toast.error(t('share.toasts.copyFailed'), { id: 'share-link' });
      selectLink();
    }
  };

  const shareLink = async () => {
    if (!url) return;
    try {
      await navigator.share({ title: memory.title, url });
      toast.success(t('share.toasts.linkShared'), { id: 'share-link' });
    } catch (error) {
      if (isShareCancel(error)) return;
      try {
        await copyText(url);
        toast.info(t('share.toasts.linkShareFallback'), { id: 'share-link' });
      } catch {
        toast.error(t('share.toasts.copyFailed'), { id: 'share-link' });
        selectLink();
      }
    }
  };

  const stopSharing = async () => {
    focusNext.current = 'create';
    try {
      await revoke.mutateAsync(memory.id);
    } catch {
      focusNext.current = null;
      toast.error(t('share.toasts.revokeFailed'), { id: 'share-link' });
      return;
    }
    toast.success(t('share.toasts.revoked'), { id: 'share-link' });
  };

  if (!url) {
    return (
      <div className="mt-3 space-y-5">
        <DialogDescription>{t('share.privateBody')}</DialogDescription>
        <Button ref={focusWhenShown('create')} className="w-full sm:w-auto" pending={share.isPending} onClick={() => void createLink()}>
          <Link2 aria-hidden="true" />
          {t('share.create')}
        </Button>
      </div>
    );
  }

  const canShareLink = isMobile && typeof navigator.share === 'function';

  return (
    <div className="mt-3 space-y-5">
      <DialogDescription>{t('share.publicBody')}</DialogDescription>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-link`}>{t('share.linkLabel')}</Label>
        <div className="flex gap-2">
          <Input
            ref={(element) => {
              linkRef.current = element;
              focusWhenShown('link')(element);
            }}
            id={`${id}-link`}
            data-testid="share-link"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 font-mono text-sm"
          />
          <Button variant="secondary" className="h-11" onClick={() => void copyLink()}>
            <Copy aria-hidden="true" />
            {t('share.copy')}
          </Button>
        </div>
      </div>
      {canShareLink ? (
        <Button className="w-full" onClick={() => void shareLink()}>
          <Share2 aria-hidden="true" />
          {t('share.shareLink')}
        </Button>
      ) : null}

      <div className="border-t border-line pt-4">
        {confirmingStop ? (
          <div role="group" aria-labelledby={`${id}-stop-question`} className="space-y-3 rounded-md bg-sand px-4 py-3">
            <p id={`${id}-stop-question`} className="text-[0.95rem] text-ink">
              {t('share.stopQuestion')}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                ref={focusWhenShown('confirmStop')}
                size="sm"
                className="bg-danger hover:bg-danger/90 active:bg-danger/90"
                pending={revoke.isPending}
                onClick={() => void stopSharing()}
              >
                {t('share.stopConfirm')}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  focusNext.current = 'stop';
                  setConfirmingStop(false);
                }}
              >
                {t('share.keepSharing')}
              </Button>
            </div>
          </div>
        ) : (
          <>
            <p className="text-sm text-ink-muted">{t('share.manageHint')}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" pending={share.isPending} onClick={() => void createLink()}>
                <RefreshCw aria-hidden="true" />
                {t('share.regenerate')}
              </Button>
              <Button
                ref={focusWhenShown('stop')}
                variant="ghost"
                size="sm"
                onClick={() => {
                  focusNext.current = 'confirmStop';
                  setConfirmingStop(true);
                }}
              >
                <Lock aria-hidden="true" />
                {t('share.stop')}
              </Button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
