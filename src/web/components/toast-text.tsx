import type { TOptions } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * A toast's words, translated while it shows rather than when it was asked for: signing in switches the page to the
 * person's own language a moment after the toast is raised, and the toast must speak the page's language, not the
 * one that was on screen when the button was pressed.
 */
export function ToastText({ i18nKey, options }: { i18nKey: string; options?: TOptions }) {
  const { t } = useTranslation();
  return <>{t(i18nKey, options)}</>;
}
