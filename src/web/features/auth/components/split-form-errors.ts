import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * The shared schemas give every empty field the same "fill in everything" key. That sentence is
 * said once for the form, and only the other problems are said next to their field.
 */
export function splitFormErrors<T extends FieldValues>(errors: FieldErrors<T>, requiredKey: string) {
  let formKey: string | undefined;
  const fieldKeys: Partial<Record<keyof T, string>> = {};
  const invalid: Partial<Record<keyof T, boolean>> = {};
  for (const [name, error] of Object.entries(errors) as [keyof T, { message?: unknown } | undefined][]) {
    const message = typeof error?.message === 'string' ? error.message : undefined;
    if (!error) continue;
    invalid[name] = true;
    if (message === requiredKey) formKey = requiredKey;
    else fieldKeys[name] = message ?? 'validation.invalid';
  }
  return { formKey, fieldKeys, invalid };
}
