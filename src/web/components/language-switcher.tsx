import { LANGUAGES, type Language } from '@shared/limits';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useMe } from '@web/lib/api/get-me';
import { useUpdateLanguage } from '@web/lib/api/update-language';
import { setLanguage } from '@web/lib/i18n';
import { toLanguage } from '@web/lib/language';
import { cn } from '@web/lib/utils';

const itemClass =
  'inline-flex h-8 min-w-10 cursor-pointer items-center justify-center rounded-sm px-2 text-xs font-semibold tracking-wide text-ink-muted transition-colors hover:text-ink aria-pressed:bg-ink aria-pressed:text-paper aria-[current=true]:bg-ink aria-[current=true]:text-paper';

/**
 * EN / FR toggle. Switches the interface at once, remembers the choice on this browser and, when
 * someone is signed in, on their profile so every device follows. On a page sent without scripts (a shared
 * memory) it is two links instead: the server draws the page again in the language asked (`?lang=`) and
 * remembers it in the language cookie.
 */
export function LanguageSwitcher({ className, asLinks = false }: { className?: string; asLinks?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const { data: me } = useMe();
  const updateLanguage = useUpdateLanguage();
  const current = toLanguage(i18n.resolvedLanguage) ?? 'en';

  function choose(language: Language) {
    if (language === current) return;
    setLanguage(language);
    if (me) {
      updateLanguage.mutate(
        { language },
        { onError: () => toast.error(t('language.saveError', { lng: language }), { id: 'language-save-error' }) },
      );
    }
  }

  const frame = cn('inline-flex rounded-md border border-line bg-surface p-0.5', className);
  if (asLinks) {
    return (
      <nav aria-label={t('language.label')} className={frame}>
        {LANGUAGES.map((language) => (
          <a
            key={language}
            href={`?lang=${language}`}
            lang={language}
            hrefLang={language}
            aria-current={language === current ? 'true' : undefined}
            title={t(`language.names.${language}`)}
            className={itemClass}
          >
            {language.toUpperCase()}
          </a>
        ))}
      </nav>
    );
  }

  return (
    <div role="group" aria-label={t('language.label')} className={frame}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={language === current}
          title={t(`language.names.${language}`)}
          onClick={() => choose(language)}
          className={itemClass}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
