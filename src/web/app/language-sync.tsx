import { useEffect } from 'react';
import { useMe } from '@web/lib/api/get-me';
import { setLanguage } from '@web/lib/i18n';
import { toLanguage } from '@web/lib/language';

/** When someone is signed in, their profile's language leads the interface (and is remembered here). */
export function LanguageSync() {
  const { data: me } = useMe();
  const profileLanguage = toLanguage(me?.profile.defaultLanguage);

  useEffect(() => {
    if (profileLanguage) setLanguage(profileLanguage);
  }, [profileLanguage]);

  return null;
}
