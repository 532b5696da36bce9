import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@web/lib/utils';
import { LanguageSwitcher } from './language-switcher';
import { LogoMark } from './logo-mark';

/**
 * The quiet frame of the pages outside the app's navigation (sign-in, a shared memory, unsubscribing):
 * the language switch, the mark leading home, then the page's own content.
 */
export function QuietFrame({
  children,
  logoClassName = 'size-12',
  languageLinks = false,
}: {
  children: ReactNode;
  logoClassName?: string;
  /** The language switch as links, for a page that works without scripts. */
  languageLinks?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    // The whole frame is the main landmark: with no site header here, the language switch belongs to the page.
    <main id="main" className="flex min-h-dvh flex-col">
      <div className="flex justify-end p-4">
        <LanguageSwitcher asLinks={languageLinks} />
      </div>
      <div className="flex flex-1 flex-col items-center px-4 pb-16 sm:px-6">
        <Link to="/" className="flex flex-col items-center gap-2 rounded-md">
          <LogoMark className={cn(logoClassName)} />
          <span className="font-serif text-lg text-ink-muted">{t('brand')}</span>
        </Link>
        {children}
      </div>
    </main>
  );
}
