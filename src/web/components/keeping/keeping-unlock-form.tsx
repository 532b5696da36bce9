import type { KeyEnvelope } from '@shared/contracts/keeping';
import { useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { FormAlert, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { keepingQueryKey } from '@web/lib/api/get-keeping';

interface KeepingUnlockFormProps {
  userId: string;
  envelope: KeyEnvelope;
  onUnlocked: () => void;
  /** A heading level that fits where the form sits. */
  headingLevel?: 'h2' | 'h3';
}

/** Opening kept conversations on this device, with the passphrase or the recovery key. */
export function KeepingUnlockForm({ userId, envelope, onUnlocked, headingLevel = 'h3' }: KeepingUnlockFormProps) {
  const { t } = useTranslation('keeping');
  const id = useId();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'passphrase' | 'recovery'>('passphrase');
  const [secret, setSecret] = useState('');
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const Heading = headingLevel;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!secret.trim()) {
      setFailure(mode === 'passphrase' ? t('unlock.wrongPassphrase') : t('unlock.wrongRecovery'));
      return;
    }
    setWorking(true);
    setFailure(undefined);
    try {
      const { unlockDevice } = await import('@web/lib/keeping/keeping-client');
      const { WrongSecretError } = await import('@web/lib/keeping/crypto');
      try {
        await unlockDevice(userId, envelope, mode === 'passphrase' ? { passphrase: secret } : { recoveryKey: secret });
      } catch (error) {
        setFailure(error instanceof WrongSecretError ? (mode === 'passphrase' ? t('unlock.wrongPassphrase') : t('unlock.wrongRecovery')) : t('unlock.failed'));
        return;
      }
      void queryClient.invalidateQueries({ queryKey: keepingQueryKey });
      onUnlocked();
    } catch {
      setFailure(t('unlock.failed'));
    } finally {
      setWorking(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={working || undefined} className="space-y-4" data-testid="keeping-unlock-form">
      <div className="space-y-1">
        <Heading className="flex items-center gap-2 font-serif text-lg text-ink">
          <LockKeyhole aria-hidden="true" className="size-5 text-ink-muted" />
          {t('unlock.title')}
        </Heading>
        {/* Says which secret to enter: the one the form is asking for now. */}
        <p className="text-sm text-ink-muted">{t(mode === 'passphrase' ? 'unlock.description' : 'unlock.descriptionRecovery')}</p>
      </div>
      <fieldset disabled={working} className="min-w-0 space-y-3">
        <FormField id={`${id}-secret`} label={mode === 'passphrase' ? t('unlock.passphrase') : t('unlock.recoveryKey')} invalid={Boolean(failure)} invalidDescribedBy={`${id}-failure`}>
          <Input
            key={mode}
            type={mode === 'passphrase' ? 'password' : 'text'}
            autoComplete={mode === 'passphrase' ? 'current-password' : 'off'}
            spellCheck={false}
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
            className={mode === 'recovery' ? 'font-mono tracking-wider' : undefined}
          />
        </FormField>
        <FormAlert id={`${id}-failure`} message={failure} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Button
            variant="ghost"
            onClick={() => {
              setMode(mode === 'passphrase' ? 'recovery' : 'passphrase');
              setSecret('');
              setFailure(undefined);
            }}
          >
            {mode === 'passphrase' ? t('unlock.useRecovery') : t('unlock.usePassphrase')}
          </Button>
          <Button type="submit" pending={working}>
            {working ? t('unlock.working') : t('unlock.submit')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
