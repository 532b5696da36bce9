import { useQueryClient } from '@tanstack/react-query';
import { Copy, Printer, ShieldAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { FormAlert, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { keepingQueryKey } from '@web/lib/api/get-keeping';
import { PassphraseFields, passphraseProblem } from './passphrase-fields';

interface KeepingSetupDialogProps {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Turning keeping on: the warning first (forgetting both secrets loses the conversations), a passphrase
 * typed twice, then the recovery key shown once with copy and print. The crypto code loads only here.
 */
export function KeepingSetupDialog({ userId, open, onOpenChange }: KeepingSetupDialogProps) {
  const { t } = useTranslation('keeping');
  const [recoveryKey, setRecoveryKey] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const queryClient = useQueryClient();

  const close = (next: boolean) => {
    if (working) return;
    // Once the key is shown, closing is "done": the recovery key is never shown again.
    if (!next) setRecoveryKey(null);
    onOpenChange(next);
    if (!next) void queryClient.invalidateQueries({ queryKey: keepingQueryKey });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel={t('common:actions.close')} data-testid="keeping-setup-dialog" className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        {recoveryKey ? (
          <RecoveryKeyStep recoveryKey={recoveryKey} onDone={() => close(false)} />
        ) : (
          <SetupStep userId={userId} working={working} setWorking={setWorking} onKept={setRecoveryKey} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SetupStep(props: { userId: string; working: boolean; setWorking: (w: boolean) => void; onKept: (recoveryKey: string) => void }) {
  const { t } = useTranslation(['keeping', 'validation']);
  const id = useId();
  const [passphrase, setPassphrase] = useState('');
  const [confirm, setConfirm] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const problem = passphraseProblem(passphrase, confirm);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(undefined);
    if (problem || !understood) return;
    props.setWorking(true);
    try {
      const { setUpKeeping } = await import('@web/lib/keeping/keeping-client');
      const { recoveryKey } = await setUpKeeping(props.userId, passphrase);
      props.onKept(recoveryKey);
    } catch {
      setFailure(t('keeping:setup.failed'));
    } finally {
      props.setWorking(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={props.working || undefined} className="space-y-5">
      <div className="space-y-2 pr-8">
        <DialogTitle>{t('keeping:setup.title')}</DialogTitle>
        <DialogDescription className="leading-relaxed">{t('keeping:setup.description')}</DialogDescription>
      </div>
      <p className="flex gap-3 rounded-lg border border-accent/40 bg-sand/60 p-3 text-sm leading-relaxed text-ink">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-strong" />
        <span id={`${id}-warning`}>{t('keeping:setup.warning')}</span>
      </p>
      <fieldset disabled={props.working} className="min-w-0 space-y-4">
        <PassphraseFields
          id={id}
          passphrase={passphrase}
          confirm={confirm}
          onPassphrase={setPassphrase}
          onConfirm={setConfirm}
          showErrors={submitted}
          labels={{ passphrase: t('keeping:setup.passphrase'), confirm: t('keeping:setup.confirm'), hint: t('keeping:setup.passphraseHint') }}
        />
        <div className="space-y-1">
          <label className="flex items-start gap-3 text-sm leading-relaxed text-ink">
            <input
              type="checkbox"
              checked={understood}
              onChange={(event) => setUnderstood(event.target.checked)}
              aria-describedby={`${id}-warning`}
              aria-invalid={(submitted && !understood) || undefined}
              className="mt-1 size-4 accent-[var(--color-accent)]"
            />
            {t('keeping:setup.understand')}
          </label>
          {submitted && !understood ? (
            <p role="alert" className="text-sm text-danger">
              {t('keeping:setup.mustUnderstand')}
            </p>
          ) : null}
        </div>
        <FormAlert id={`${id}-failure`} message={failure} />
        <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{t('keeping:setup.cancel')}</Button>
          </DialogClose>
          <Button type="submit" pending={props.working}>
            {props.working ? t('keeping:setup.working') : t('keeping:setup.submit')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/** The recovery key, once: copy, print, and a tick that it is saved before "Done". */
export function RecoveryKeyStep({ recoveryKey, onDone }: { recoveryKey: string; onDone: () => void }) {
  const { t } = useTranslation('keeping');
  const id = useId();
  const [saved, setSaved] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recoveryKey);
      toast.success(t('recovery.copied'), { id: 'recovery-copied' });
    } catch {
      toast.error(t('recovery.copyFailed'), { id: 'recovery-copied' });
    }
  };

  const print = () => {
    // A blank window with the key alone, printed and closed: the key never lands in the page's history.
    const win = window.open('', '_blank', 'noopener=no,width=480,height=320');
    if (!win) return;
    const doc = win.document;
    doc.title = t('recovery.printTitle');
    const heading = doc.createElement('h1');
    heading.textContent = t('recovery.printTitle');
    const key = doc.createElement('pre');
    key.textContent = recoveryKey;
    key.style.fontSize = '20px';
    doc.body.append(heading, key);
    win.print();
    win.close();
  };

  return (
    <div className="space-y-5" data-testid="recovery-key-step">
      <div className="space-y-2 pr-8">
        <DialogTitle>{t('recovery.title')}</DialogTitle>
        <DialogDescription className="leading-relaxed">{t('recovery.description')}</DialogDescription>
      </div>
      <FormField id={`${id}-key`} label={t('recovery.label')}>
        <Input readOnly value={recoveryKey} data-testid="recovery-key" className="font-mono text-base tracking-wider" onFocus={(event) => event.currentTarget.select()} />
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t('recovery.copy')}
        </Button>
        <Button variant="secondary" onClick={print}>
          <Printer aria-hidden="true" />
          {t('recovery.print')}
        </Button>
      </div>
      <label className="flex items-start gap-3 text-sm leading-relaxed text-ink">
        <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} className="mt-1 size-4 accent-[var(--color-accent)]" />
        {t('recovery.saved')}
      </label>
      <div className="flex justify-end">
        <Button disabled={!saved} onClick={onDone}>
          {t('recovery.done')}
        </Button>
      </div>
    </div>
  );
}
