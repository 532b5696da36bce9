import type { PrivacyPolicy } from '@shared/contracts/privacy';
import { POLICY_EDITOR_MIN_PX } from '@shared/limits';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { fieldClassName } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/error-message';
import { translateMessageKey } from '@web/lib/i18n';
import { cn } from '@web/lib/utils';
import { privacyPolicyUpdateSchema, useUpdatePrivacyPolicy } from '../api/update-privacy-policy';

const TOAST_ID = 'privacy-policy-edit';

/** A large text area, at least 500 px high. */
const editorStyle = { minHeight: POLICY_EDITOR_MIN_PX } as const;

interface PolicyEditorProps {
  policy: PrivacyPolicy;
  /** Back to reading: after a save, or when the changes are discarded. */
  onClose: () => void;
}

/**
 * The administrators' editor of one language's policy (view → edit → save or cancel).
 * The draft lives here only: Cancel drops it and the page shows the text as it was; a failed save keeps it.
 */
export function PolicyEditor({ policy, onClose }: PolicyEditorProps) {
  const { t } = useTranslation(['privacy', 'common', 'validation', 'errors']);
  const id = useId();
  const [draft, setDraft] = useState(policy.content);
  const [fieldError, setFieldError] = useState<string>();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const update = useUpdatePrivacyPolicy();

  // The editor replaces what was being read: the cursor goes where the work is.
  useEffect(() => textareaRef.current?.focus(), []);

  function showFieldError(key: string | undefined) {
    setFieldError(translateMessageKey(t, key, 'validation:invalid'));
    textareaRef.current?.focus();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = privacyPolicyUpdateSchema.safeParse({ content: draft });
    if (!parsed.success) {
      showFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    try {
      await update.mutateAsync({ language: policy.language, update: parsed.data });
    } catch (error) {
      // A refused text is said under the field; anything else (403 for a non-administrator included) in a toast.
      const fieldKey = error instanceof ApiError ? error.fields?.content?.[0] : undefined;
      if (fieldKey) showFieldError(fieldKey);
      else toast.error(t('privacy:toasts.updateFailed', { message: errorMessage(t, error) }), { id: TOAST_ID });
      return;
    }
    toast.success(t('privacy:privacyPolicy.updateSuccess'), { id: TOAST_ID });
    onClose();
  }

  function cancel() {
    toast.info(t('privacy:privacyPolicy.editCancelled'), { id: TOAST_ID });
    onClose();
  }

  const languageName = t(`common:language.names.${policy.language}`);

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="space-y-5" data-testid="privacy-policy-editor">
      <FormField id={`${id}-content`} label={t('privacy:editor.label', { language: languageName })} hint={t('privacy:editor.hint')} error={fieldError}>
        <textarea
          ref={textareaRef}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t('privacy:editor.placeholder')}
          lang={policy.language}
          spellCheck
          readOnly={update.isPending}
          style={editorStyle}
          className={cn(fieldClassName, 'h-auto resize-y py-3 font-mono text-sm leading-relaxed')}
        />
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={update.isPending}>
          {t('privacy:editor.save')}
        </Button>
        <Button variant="secondary" disabled={update.isPending} onClick={cancel}>
          {t('privacy:editor.cancel')}
        </Button>
      </div>
    </form>
  );
}
