import { guessCountry, type SafetyCountry } from '@shared/safety';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useMe } from '@web/lib/api/get-me';
import { useUpdateCountry } from '../api/update-country';

/** The browser's own hint: its language regions (fr-CA, en-GB…), then its time zone. */
export function browserCountry(): SafetyCountry {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // A browser without time zone support still gets its language's guess.
  }
  return guessCountry({ languages, timeZone });
}

/**
 * The country whose helplines the chat shows: the one the person chose, else the browser's guess. Choosing
 * another changes every panel at once and is remembered on the profile.
 */
export function useSafetyCountry() {
  const { t } = useTranslation('safety');
  const me = useMe();
  const update = useUpdateCountry();
  const country = me.data?.profile.country ?? browserCountry();
  const { mutate } = update;

  const choose = useCallback(
    (next: SafetyCountry) =>
      mutate({ country: next }, { onError: () => void toast.error(t('country.saveFailed'), { id: 'safety-country' }) }),
    [mutate, t],
  );

  return { country, choose };
}
