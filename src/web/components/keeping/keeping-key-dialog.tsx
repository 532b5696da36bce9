import type { KeyEnvelope } from '@shared/contracts/keeping';
import { useQueryClient } from '@tanstack/react-query';
import { Copy, Printer, ShieldAlert } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { FormAlert, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { keepingQueryKey } from '@web/lib/api/get-keeping';
import { PassphraseFields, passphraseProblem } from './passphrase-fields';

/** Turning keeping on (a first passphrase), or changing the passphrase of keys the person already has. */
export type KeepingKeyTask = { kind: 'setup'; userId: string } | { kind: 'change'; envelope: KeyEnvelope };

interface KeepingKeyDialogProps {
  task: KeepingKeyTask;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it, given the focus back when it closes. */
  trigger?: ReactNode;
}

/**
 * Setting a passphrase, first or new: the form (for a first one, the plain warning that forgetting both
 * secrets loses the conversations; for a new one, the current passphrase or the recovery key), then the
 * recovery key shown once with copy and print. The crypto code loads only when the form is sent.
 */
export function KeepingKeyDialog({ task, open, onOpenChange, trigger }: KeepingKeyDialogProps) {
  const { t } = useTranslation(['keeping', 'common']);
  const [recoveryKey, setRecoveryKey] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const queryClient = useQueryClient();

  const close = (next: boolean) => {
    if (working) return;
    // Once the key is shown, closing is "done": the recovery key is never shown again.
    if (!next) setRecoveryKey(null);
    onOpenChange(next);
    if (!next) {
      void queryClient.invalidateQueries({ queryKey: keepingQueryKey });
      // Turning keeping on also unlocked this device: whatever read it as locked reads it again.
      void queryClient.invalidateQueries({ queryKey: ['keeping-device'] });
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent
        closeLabel={t('common:actions.close')}
        data-testid={task.kind === 'setup' ? 'keeping-setup-dialog' : 'keeping-change-dialog'}
        className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto"
      >
        {recoveryKey ? (
          <RecoveryKeyStep recoveryKey={recoveryKey} onDone={() => close(false)} />
        ) : (
          <PassphraseStep task={task} working={working} setWorking={setWorking} onDone={setRecoveryKey} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PassphraseStep({ task, working, setWorking, onDone }: { task: KeepingKeyTask; working: boolean; setWorking: (w: boolean) => void; onDone: (recoveryKey: string) => void }) {
  const { t } = useTranslation('keeping');
  const id = useId();
  const [passphrase, setPassphrase] = useState('');
  const [confirm, setConfirm] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [current, setCurrent] = useState('');
  const [proof, setProof] = useState<'passphrase' | 'recovery'>('passphrase');
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const setup = task.kind === 'setup';
  const wrongSecret = proof === 'passphrase' ? t('unlock.wrongPassphrase') : t('unlock.wrongRecovery');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(undefined);
    if (passphraseProblem(passphrase, confirm) || (setup && !understood)) return;
    if (!setup && !current.trim()) {
      setFailure(wrongSecret);
      return;
    }
    setWorking(true);
    try {
      const client = await import('@web/lib/keeping/keeping-client');
      if (task.kind === 'setup') {
        onDone((await client.setUpKeeping(task.userId, passphrase)).recoveryKey);
      } else {
        const secret = proof === 'passphrase' ? { passphrase: current } : { recoveryKey: current };
        const { recoveryKey } = await client.changePassphrase(task.envelope, secret, passphrase);
        toast.success(t('change.done'), { id: 'keeping-change' });
        onDone(recoveryKey);
      }
    } catch (error) {
      const { WrongSecretError } = await import('@web/lib/keeping/crypto');
      setFailure(setup ? t('setup.failed') : error instanceof WrongSecretError ? wrongSecret : t('unlock.failed'));
    } finally {
      setWorking(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={working || undefined} className="space-y-5">
      <div className="space-y-2 pr-8">
        <DialogTitle>{setup ? t('setup.title') : t('change.title')}</DialogTitle>
        <DialogDescription className="leading-relaxed">{setup ? t('setup.description') : t('change.description')}</DialogDescription>
      </div>
      {setup ? (
        <p className="flex gap-3 rounded-lg border border-accent/40 bg-sand/60 p-3 text-sm leading-relaxed text-ink">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-strong" />
          <span id={`${id}-warning`}>{t('setup.warning')}</span>
        </p>
      ) : null}
      <fieldset disabled={working} className="min-w-0 space-y-4">
        {setup ? null : (
          <div className="space-y-2">
            <FormField id={`${id}-current`} label={proof === 'passphrase' ? t('change.current') : t('change.currentRecovery')}>
              <Input
                key={proof}
                type={proof === 'passphrase' ? 'password' : 'text'}
                autoComplete={proof === 'passphrase' ? 'current-password' : 'off'}
                spellCheck={false}
                value={current}
                onChange={(event) => setCurrent(event.target.value)}
                className={proof === 'recovery' ? 'font-mono tracking-wider' : undefined}
              />
            </FormField>
            <Button
              variant="ghost"
              className="h-auto min-h-11 max-w-full py-2 whitespace-normal"
              onClick={() => {
                setProof(proof === 'passphrase' ? 'recovery' : 'passphrase');
                setCurrent('');
                setFailure(undefined);
              }}
            >
              {proof === 'passphrase' ? t('unlock.useRecovery') : t('unlock.usePassphrase')}
            </Button>
          </div>
        )}
        <PassphraseFields
          id={id}
          passphrase={passphrase}
          confirm={confirm}
          onPassphrase={setPassphrase}
          onConfirm={setConfirm}
          showErrors={submitted}
          labels={
            setup
              ? { passphrase: t('setup.passphrase'), confirm: t('setup.confirm'), hint: t('setup.passphraseHint') }
              : { passphrase: t('change.new'), confirm: t('change.confirm'), hint: t('setup.passphraseHint') }
          }
        />
        {setup ? (
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
              {t('setup.understand')}
            </label>
            {submitted && !understood ? (
              <p role="alert" className="text-sm text-danger">
                {t('setup.mustUnderstand')}
              </p>
            ) : null}
          </div>
        ) : null}
        <FormAlert id={`${id}-failure`} message={failure} />
        <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{t('setup.cancel')}</Button>
          </DialogClose>
          <Button type="submit" pending={working} className="h-auto min-h-11 max-w-full py-2 whitespace-normal">
            {setup ? (working ? t('setup.working') : t('setup.submit')) : t('change.submit')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/** The recovery key, once: copy, print, and a tick that it is saved before "Done". */
function RecoveryKeyStep({ recoveryKey, onDone }: { recoveryKey: string; onDone: () => void }) {
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
