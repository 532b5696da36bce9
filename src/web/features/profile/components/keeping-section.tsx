import type { KeyEnvelope } from '@shared/contracts/keeping';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, KeyRound, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { KeepingKeyDialog } from '@web/components/keeping/keeping-key-dialog';
import { KeepingUnlockForm } from '@web/components/keeping/keeping-unlock-form';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { keepingQueryKey, useKeeping } from '@web/lib/api/get-keeping';
import { useAgentGenderContext } from '@web/lib/agent-gender';

// French labels are long: on a phone these buttons wrap their words instead of widening the page.
const WRAP = 'h-auto min-h-11 max-w-full whitespace-normal py-2';

const client = () => import('@web/lib/keeping/keeping-client');

/** "Conversations on every device": turn on, unlock this device, change the passphrase, download, turn off. */
export function KeepingSection({ userId }: { userId: string }) {
  const { t } = useTranslation('keeping');
  const id = useId();
  const keeping = useKeeping();
  const device = useQuery({ queryKey: ['keeping-device', userId], queryFn: async () => (await client()).isUnlocked(userId), networkMode: 'always' });
  const [setupOpen, setSetupOpen] = useState(false);

  let body;
  if (keeping.isPending || device.isPending) {
    body = (
      <p role="status" className="flex items-center gap-3 text-ink-muted">
        <Spinner className="size-5" />
        {t('profile.loading')}
      </p>
    );
  } else if (keeping.isError) {
    body = <p role="alert" className="text-danger">{t('profile.error')}</p>;
  } else if (!keeping.data.enabled || !keeping.data.keys) {
    body = (
      <>
        <p className="leading-relaxed text-ink-muted">{t('profile.off')}</p>
        <KeepingKeyDialog
          task={{ kind: 'setup', userId }}
          open={setupOpen}
          onOpenChange={setSetupOpen}
          trigger={<Button className={WRAP}>{t('setup.open')}</Button>}
        />
      </>
    );
  } else if (!device.data) {
    body = (
      <>
        <p className="leading-relaxed text-ink-muted">{t('profile.locked')}</p>
        <KeepingUnlockForm userId={userId} envelope={keeping.data.keys} onUnlocked={() => void device.refetch()} />
        <TurnOff />
      </>
    );
  } else {
    body = (
      <>
        <p className="leading-relaxed text-ink-muted" data-testid="keeping-on">
          {t('profile.on', { count: keeping.data.conversations })}
        </p>
        <div className="flex flex-wrap gap-3">
          <ChangePassphrase envelope={keeping.data.keys} />
          <DownloadReadable userId={userId} />
          <TurnOff />
        </div>
        <p className="text-sm text-ink-muted">{t('profile.downloadHint')}</p>
      </>
    );
  }

  return (
    <Card role="region" aria-labelledby={`${id}-title`} id="keeping">
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('profile.title')}</CardTitle>
        <CardDescription>{t('setup.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">{body}</CardContent>
    </Card>
  );
}

function DownloadReadable({ userId }: { userId: string }) {
  const { t } = useTranslation(['keeping', 'gallery']);
  const context = useAgentGenderContext();
  const [working, setWorking] = useState(false);
  const download = async () => {
    setWorking(true);
    try {
      const blob = await (await client()).readableExport(userId, { you: t('gallery:conversation.you'), companion: t('gallery:conversation.companion', { context }), title: t('keeping:profile.fileTitle') });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `souvenir-conversations-${new Date().toISOString().slice(0, 10)}.txt`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      toast.error(t('keeping:profile.downloadFailed'), { id: 'keeping-download' });
    } finally {
      setWorking(false);
    }
  };
  return (
    <Button variant="secondary" className={WRAP} pending={working} onClick={() => void download()}>
      <Download aria-hidden="true" />
      {t('keeping:profile.download')}
    </Button>
  );
}

function TurnOff() {
  const { t } = useTranslation(['keeping', 'common']);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [working, setWorking] = useState(false);
  const confirm = async () => {
    setWorking(true);
    try {
      await (await client()).turnOffKeeping();
      toast.success(t('keeping:profile.turnedOff'), { id: 'keeping-off' });
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: keepingQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['keeping-device'] });
    } catch {
      toast.error(t('keeping:setup.failed'), { id: 'keeping-off' });
    } finally {
      setWorking(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !working && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" className={WRAP}>
          <Trash2 aria-hidden="true" />
          {t('keeping:profile.turnOff')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')} data-testid="keeping-off-dialog">
        <div className="space-y-2 pr-8">
          <DialogTitle>{t('keeping:profile.turnOffTitle')}</DialogTitle>
          <DialogDescription className="leading-relaxed">{t('keeping:profile.turnOffBody')}</DialogDescription>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{t('keeping:setup.cancel')}</Button>
          </DialogClose>
          <Button pending={working} onClick={() => void confirm()}>
            {t('keeping:profile.turnOffConfirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ChangePassphrase({ envelope }: { envelope: KeyEnvelope }) {
  const { t } = useTranslation('keeping');
  const [open, setOpen] = useState(false);
  return (
    <KeepingKeyDialog
      task={{ kind: 'change', envelope }}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" className={WRAP}>
          <KeyRound aria-hidden="true" />
          {t('profile.change')}
        </Button>
      }
    />
  );
}
