import { GENDERS, LANGUAGES, type Gender, type Language } from '@shared/limits';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { setLanguage } from '@web/lib/i18n';
import { toLanguage } from '@web/lib/language';
import { useWelcomeBack } from '../api/welcome-back';
import { useAgentGenderContext } from '@web/lib/agent-gender';

interface WelcomeBackDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * On the second session, ask for the interface language and, optionally, a gender
 * (docs/decisions/0010-home-main-button-and-welcome-back.md).
 * Save and Skip (also Escape and the close button) both count the session; neither failure is shown.
 */
export function WelcomeBackDialog({ open, onClose }: WelcomeBackDialogProps) {
  const { t } = useTranslation('home');
  const welcomeBack = useWelcomeBack();

  function skip() {
    welcomeBack.mutate({});
    onClose();
  }

  function save(language: Language, gender: Gender | undefined) {
    setLanguage(language);
    welcomeBack.mutate(gender ? { language, gender } : { language });
    onClose();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) skip();
      }}
    >
      <DialogContent
        closeLabel={t('common:actions.close')}
        data-testid="welcome-back-dialog"
        // A stray tap beside the panel should not answer for the person; Escape and Skip still do.
        onPointerDownOutside={(event) => event.preventDefault()}
      >
        <WelcomeBackForm onSave={save} onSkip={skip} />
      </DialogContent>
    </Dialog>
  );
}

interface WelcomeBackFormProps {
  onSave: (language: Language, gender: Gender | undefined) => void;
  onSkip: () => void;
}

/** Mounted with the open dialog, so each opening starts from the current interface language. */
function WelcomeBackForm({ onSave, onSkip }: WelcomeBackFormProps) {
  const { t, i18n } = useTranslation('home');
  const context = useAgentGenderContext();
  const id = useId();
  const [language, setChosenLanguage] = useState<Language>(() => toLanguage(i18n.resolvedLanguage) ?? 'en');
  const [gender, setGender] = useState<Gender | undefined>(undefined);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSave(language, gender);
  }

  return (
    <form onSubmit={submit} className="space-y-6">
      <div className="space-y-2 pr-8">
        <DialogTitle className="text-2xl">{t('welcomeBack.title')}</DialogTitle>
        <DialogDescription className="leading-relaxed">{t('welcomeBack.description')}</DialogDescription>
      </div>

      <div className="space-y-1.5">
        <Label htmlFor={`${id}-language`}>{t('welcomeBack.language')}</Label>
        <Select
          id={`${id}-language`}
          value={language}
          onChange={(event) => setChosenLanguage(toLanguage(event.target.value) ?? language)}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {t(`common:language.names.${code}`)}
            </option>
          ))}
        </Select>
      </div>

      <fieldset className="space-y-2" aria-describedby={`${id}-gender-hint`}>
        <legend className="text-sm font-medium text-ink">{t('welcomeBack.gender')}</legend>
        <p id={`${id}-gender-hint`} className="text-sm text-ink-muted">
          {t('welcomeBack.genderHint', { context })}
        </p>
        <div className="grid grid-cols-1 gap-2 pt-1 sm:grid-cols-2">
          {GENDERS.map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-line bg-surface px-3.5 py-2 text-[0.95rem] text-ink transition-colors hover:border-field has-checked:border-accent has-checked:bg-accent-soft"
            >
              <input
                type="radio"
                name={`${id}-gender`}
                value={value}
                checked={gender === value}
                onChange={() => setGender(value)}
                className="size-4 accent-accent"
              />
              {t(`welcomeBack.genders.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onSkip}>
          {t('welcomeBack.skip')}
        </Button>
        <Button type="submit">{t('welcomeBack.save')}</Button>
      </div>
    </form>
  );
}
