import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from '@web/components/logo-mark';

/** Desktop only: on mobile the bottom bar takes the foot of the screen. */
export function Footer() {
  const { t } = useTranslation('common');
  return (
    <footer className="hidden border-t border-line md:block">
      <div className="mx-auto flex max-w-6xl items-center gap-6 px-6 py-8 text-sm text-ink-muted">
        <span className="flex items-center gap-2 font-serif text-base text-ink">
          <LogoMark className="size-7" />
          {t('brand')}
        </span>
        <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
        <Link to="/safety" className="underline-offset-4 hover:text-ink hover:underline">
          {t('footer.safety')}
        </Link>
        <span className="ml-auto font-serif italic">{t('footer.tagline')}</span>
      </div>
    </footer>
  );
}
