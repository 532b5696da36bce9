import { KEEPING_PASSPHRASE_MAX, KEEPING_PASSPHRASE_MIN } from '@shared/limits';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/utils';

/** The translation key of what is wrong with a new passphrase and its confirmation, or null. */
export function passphraseProblem(passphrase: string, confirm: string): { field: 'passphrase' | 'confirm'; key: string } | null {
  const length = [...passphrase].length;
  if (length < KEEPING_PASSPHRASE_MIN || length > KEEPING_PASSPHRASE_MAX) return { field: 'passphrase', key: 'keeping:setup.passphraseTooShort' };
  if (passphrase !== confirm) return { field: 'confirm', key: 'keeping:setup.passphraseMismatch' };
  return null;
}

/** A rough strength, 0–3: length first, then variety (the same rule as the crypto module's, kept here so the shell stays light). */
function strengthOf(passphrase: string): 0 | 1 | 2 | 3 {
  const length = [...passphrase].length;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(passphrase)).length;
  const words = passphrase.trim().split(/\s+/).length;
  if (length < KEEPING_PASSPHRASE_MIN) return 0;
  if (length >= 20 && (kinds >= 3 || words >= 4)) return 3;
  if (length >= 16 || kinds >= 3) return 2;
  return 1;
}

interface PassphraseFieldsProps {
  id: string;
  passphrase: string;
  confirm: string;
  onPassphrase: (value: string) => void;
  onConfirm: (value: string) => void;
  showErrors: boolean;
  labels: { passphrase: string; confirm: string; hint: string };
}

/** A new passphrase typed twice, with a strength meter read out politely as it changes. */
export function PassphraseFields({ id, passphrase, confirm, onPassphrase, onConfirm, showErrors, labels }: PassphraseFieldsProps) {
  const { t } = useTranslation('keeping');
  const problem = showErrors ? passphraseProblem(passphrase, confirm) : null;
  const strength = strengthOf(passphrase);
  return (
    <>
      <FormField id={`${id}-passphrase`} label={labels.passphrase} hint={labels.hint} error={problem?.field === 'passphrase' ? t(problem.key) : undefined}>
        <Input type="password" autoComplete="new-password" value={passphrase} maxLength={KEEPING_PASSPHRASE_MAX} onChange={(event) => onPassphrase(event.target.value)} />
      </FormField>
      <div className="space-y-1" aria-live="polite">
        <div aria-hidden="true" className="flex gap-1">
          {[1, 2, 3].map((step) => (
            <span key={step} className={cn('h-1.5 flex-1 rounded-full bg-line', passphrase && strength >= step && (strength === 1 ? 'bg-accent/60' : 'bg-success'))} />
          ))}
        </div>
        {passphrase ? <p className="text-xs text-ink-muted">{t('keeping:setup.strength.label', { value: t(`keeping:setup.strength.${strength}`) })}</p> : null}
      </div>
      <FormField id={`${id}-confirm`} label={labels.confirm} error={problem?.field === 'confirm' ? t(problem.key) : undefined}>
        <Input type="password" autoComplete="new-password" value={confirm} maxLength={KEEPING_PASSPHRASE_MAX} onChange={(event) => onConfirm(event.target.value)} />
      </FormField>
    </>
  );
}
