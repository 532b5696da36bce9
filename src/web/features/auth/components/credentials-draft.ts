import { useEffect } from 'react';
import type { FieldValues, UseFormGetValues, UseFormWatch } from 'react-hook-form';

/** The e-mail and password typed on the auth page, whichever of its two forms they were typed in. */
export interface CredentialsDraft {
  email: string;
  password: string;
}

export const emptyDraft = (): CredentialsDraft => ({ email: '', password: '' });

/**
 * Keeps what is typed in one of the auth page's forms for the other. Both ask for an e-mail and a password, and the
 * page drawn on the server shows the sign-in form: a press on "Register" made before the app has loaded is given
 * again once it has (deferred-hydration.ts), and by then the person may have typed their address and password into
 * the sign-in form. Switching tabs must not erase them. The values are read once the form is on the page (a field
 * typed in before the app ran is read from the page by then) and at each change.
 */
export function useCredentialsDraft<T extends FieldValues & CredentialsDraft>(draft: CredentialsDraft | undefined, getValues: UseFormGetValues<T>, watch: UseFormWatch<T>) {
  useEffect(() => {
    if (!draft) return;
    const keep = (values: Partial<CredentialsDraft>) => {
      draft.email = values.email ?? '';
      draft.password = values.password ?? '';
    };
    keep(getValues());
    const subscription = watch((values) => keep(values as Partial<CredentialsDraft>));
    return () => subscription.unsubscribe();
  }, [draft, getValues, watch]);
}
