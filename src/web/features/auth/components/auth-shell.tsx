import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '@web/components/language-switcher';
import { LogoMark } from '@web/components/logo-mark';

interface AuthShellProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The quiet frame of the sign-in pages: no navigation, just the mark, a title and the card. */
export function AuthShell({ title, subtitle, children }: AuthShellProps) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh flex-col">
      <div className="flex justify-end p-4">
        <LanguageSwitcher />
      </div>
      <main id="main" className="flex flex-1 flex-col items-center px-4 pb-16 sm:px-6">
        <Link to="/" className="flex flex-col items-center gap-2 rounded-md">
          <LogoMark className="size-14" />
          <span className="font-serif text-lg text-ink-muted">{t('brand')}</span>
        </Link>
        <h1 className="mt-6 text-center text-3xl font-medium sm:text-4xl">{title}</h1>
        {subtitle ? <p className="mt-3 max-w-md text-center text-[0.95rem] leading-relaxed text-ink-muted">{subtitle}</p> : null}
        <div className="mt-8 w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}
