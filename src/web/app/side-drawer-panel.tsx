import type { MeResponse } from '@shared/contracts/me';
import { LogIn, LogOut } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSwitcher } from '@web/components/language-switcher';
import { Dialog, DialogTitle, DrawerContent } from '@web/components/ui/dialog';
import { cn } from '@web/lib/utils';
import { ACCOUNT_LINKS } from './account-links';
import { visibleNavItems } from './nav-items';

interface SideDrawerPanelProps {
  me: MeResponse | null | undefined;
  onSignOut: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which gets the focus back when the drawer closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}

const entryClass =
  'flex h-12 items-center gap-3 rounded-md px-3 text-[0.95rem] font-medium text-ink transition-colors hover:bg-sand aria-[current=page]:bg-accent-soft aria-[current=page]:text-accent-strong [&_svg]:size-5 [&_svg]:text-ink-muted aria-[current=page]:[&_svg]:text-accent-strong';

/** The drawer itself (src/web/app/side-drawer.tsx loads it the first time the menu button is pressed). */
export function SideDrawerPanel({ me, onSignOut, open, onOpenChange, trigger }: SideDrawerPanelProps) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DrawerContent
        closeLabel={t('header.closeMenu')}
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <DialogTitle className="flex h-10 items-center">{t('header.menuTitle')}</DialogTitle>
        <nav aria-label={t('nav.label')} className="mt-6">
          <ul className="space-y-1">
            {visibleNavItems(Boolean(me)).map(({ to, labelKey, icon: Icon, isActive }) => (
              <li key={to}>
                <Link to={to} aria-current={isActive(pathname) ? 'page' : undefined} className={entryClass}>
                  <Icon aria-hidden="true" />
                  {t(`nav.${labelKey}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="my-5 h-px bg-line" />

        {me ? (
          <ul className="space-y-1">
            {ACCOUNT_LINKS.filter((link) => !link.adminOnly || me.profile.isAdmin).map(({ to, labelKey, icon: Icon }) => (
              <li key={to}>
                <Link to={to} aria-current={pathname === to ? 'page' : undefined} className={entryClass}>
                  <Icon aria-hidden="true" />
                  {t(`header.${labelKey}`)}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                className={cn(entryClass, 'w-full cursor-pointer')}
                onClick={() => {
                  onOpenChange(false);
                  onSignOut();
                }}
              >
                <LogOut aria-hidden="true" />
                {t('header.signOut')}
              </button>
            </li>
          </ul>
        ) : (
          <Link to="/auth" className={entryClass}>
            <LogIn aria-hidden="true" />
            {t('header.signIn')}
          </Link>
        )}

        <div className="mt-auto pt-8">
          <LanguageSwitcher />
        </div>
      </DrawerContent>
    </Dialog>
  );
}
