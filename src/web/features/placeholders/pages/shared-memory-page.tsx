import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '@web/components/language-switcher';
import { LogoMark } from '@web/components/logo-mark';
import { Button } from '@web/components/ui/button';

/** /shared/:token — until shared memories exist, every link answers "not found" (spec §2 wording). */
export function SharedMemoryPage() {
  const { t } = useTranslation(['placeholders', 'common']);
  return (
    <div className="flex min-h-dvh flex-col">
      <div className="flex justify-end p-4">
        <LanguageSwitcher />
      </div>
      <main id="main" className="flex flex-1 flex-col items-center justify-center px-6 pb-20 text-center">
        <Link to="/" className="flex flex-col items-center gap-2 rounded-md">
          <LogoMark className="size-14" />
          <span className="font-serif text-lg text-ink-muted">{t('common:brand')}</span>
        </Link>
        <h1 className="mt-8 text-3xl font-medium sm:text-4xl">{t('placeholders:shared.title')}</h1>
        <p className="mt-3 max-w-sm text-ink-muted">{t('placeholders:shared.body')}</p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/">{t('placeholders:shared.cta')}</Link>
        </Button>
      </main>
    </div>
  );
}
