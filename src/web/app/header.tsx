import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSwitcher } from '@web/components/language-switcher';
import { LogoMark } from '@web/components/logo-mark';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useMe } from '@web/lib/api/get-me';
import { visibleNavItems } from './nav-items';
import { SideDrawer } from './side-drawer';
import { useSignOutAction } from './use-sign-out-action';
import { UserMenu } from './user-menu';

/** Exactly 64 px tall; the navigation is inline from 768 px, in the drawer below. */
export function Header() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const me = useMe();
  const { signOut } = useSignOutAction();

  return (
    <header className="sticky top-0 z-40 h-16 shrink-0 border-b border-line bg-paper/95 backdrop-blur-sm">
      <div className="mx-auto flex h-full max-w-6xl items-center gap-2 px-4 sm:px-6">
        <SideDrawer me={me.data} onSignOut={signOut} />
        <Link to="/" className="flex items-center gap-2.5 rounded-md py-1 pr-2">
          <LogoMark className="size-9" />
          <span className="font-serif text-xl font-medium tracking-tight">{t('brand')}</span>
        </Link>

        <nav aria-label={t('nav.label')} className="ml-6 hidden md:block">
          <ul className="flex items-center gap-1">
            {visibleNavItems(Boolean(me.data)).map(({ to, labelKey, isActive }) => (
              <li key={to}>
                <Link
                  to={to}
                  aria-current={isActive(pathname) ? 'page' : undefined}
                  className="inline-flex h-10 items-center rounded-md px-3 text-[0.95rem] font-medium text-ink-muted transition-colors hover:bg-sand hover:text-ink aria-[current=page]:text-ink aria-[current=page]:underline aria-[current=page]:decoration-accent aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8"
                >
                  {t(`nav.${labelKey}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-3">
          <LanguageSwitcher className="hidden md:inline-flex" />
          {me.isPending ? (
            <span className="inline-flex size-11 items-center justify-center text-accent">
              <Spinner label={t('header.sessionLoading')} />
            </span>
          ) : me.data ? (
            <UserMenu me={me.data} onSignOut={signOut} />
          ) : (
            <Button asChild size="sm">
              <Link to="/auth">{t('header.signIn')}</Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
