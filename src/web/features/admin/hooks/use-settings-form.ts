import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminSettings } from '@shared/contracts/admin';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ApiError } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/error-message';
import { translateMessageKey } from '@web/lib/i18n';
import { adminSettingsUpdateSchema, useUpdateAdminSettings } from '../api/update-admin-settings';

/** What a tab's form holds: some of the editable settings, as typed (nullable texts as ''). */
export type SettingsFormInput = z.input<typeof adminSettingsUpdateSchema>;
type SettingsFormOutput = z.output<typeof adminSettingsUpdateSchema>;
export type SettingsField = keyof SettingsFormInput & keyof AdminSettings;

/** The form's starting point: the tab's fields as the server has them (a cleared price id is an empty box). */
function formValuesOf(settings: AdminSettings, fields: readonly SettingsField[]): SettingsFormInput {
  return Object.fromEntries(fields.map((field) => [field, settings[field] ?? '']));
}

interface SettingsFormOptions {
  fields: readonly SettingsField[];
  /** Toast keys (admin namespace) for a save that worked and one that did not. */
  messages?: { saved: string; failed: string };
  /** Names the toast, so a second save replaces the first one's message. */
  toastId: string;
}

/**
 * One tab's form over the shared settings: checked with the server's own schema (the whole update schema
 * accepts any subset, so the tab's fields alone are checked), sent as a PATCH of those fields only, with
 * the server's field errors under the fields and the spec's "settings updated" / error messages.
 */
export function useSettingsForm(settings: AdminSettings, { fields, messages, toastId }: SettingsFormOptions) {
  const { t } = useTranslation(['admin', 'validation', 'errors']);
  const update = useUpdateAdminSettings();
  const form = useForm<SettingsFormInput, unknown, SettingsFormOutput>({
    resolver: zodResolver(adminSettingsUpdateSchema),
    defaultValues: formValuesOf(settings, fields),
  });
  const { isDirty, isSubmitting } = form.formState;
  const { reset } = form;
  const saving = isSubmitting || update.isPending;
  const saved = messages?.saved ?? 'admin:settings.saved';
  const failed = messages?.failed ?? 'admin:settings.saveFailed';

  // Settings saved elsewhere (another tab, another administrator) show here — unless someone is typing.
  const serverValues = JSON.stringify(formValuesOf(settings, fields));
  useEffect(() => {
    if (!isDirty) reset(JSON.parse(serverValues) as SettingsFormInput);
  }, [serverValues, isDirty, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const next = await update.mutateAsync(values);
      reset(formValuesOf(next, fields));
      toast.success(t(saved), { id: toastId });
    } catch (error) {
      const problems = error instanceof ApiError ? error.fields : undefined;
      for (const field of fields) {
        const key = problems?.[field]?.[0];
        if (key) form.setError(field, { message: key });
      }
      toast.error(t(failed), { id: toastId, description: errorMessage(t, error) });
    }
  });

  /** The translated problem with a field, if any. */
  const fieldError = (field: SettingsField) => {
    const key = form.formState.errors[field]?.message;
    return key ? translateMessageKey(t, key, 'validation:invalid') : undefined;
  };

  return {
    form,
    register: (field: SettingsField, options?: Parameters<typeof form.register>[1]) => form.register(field, options),
    onSubmit,
    fieldError,
    saving,
    dirty: isDirty,
    discard: () => reset(),
  };
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;

/**
 * The daily limit is a number whose unreadable input counts as 0 (the server still refuses
 * anything below 0 or not whole, with its own words).
 */
export function numberOrZero(value: unknown): number {
  if (typeof value === 'number') return Number.isNaN(value) ? 0 : value;
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return 0;
  const number = Number(text);
  return Number.isNaN(number) ? 0 : number;
}

/** A number the person must give: an empty box stays "not a number", so the schema's message shows. */
export function numberOrNaN(value: unknown): number {
  if (typeof value === 'number') return value;
  const text = typeof value === 'string' ? value.trim() : '';
  return text === '' ? Number.NaN : Number(text);
}
