import type { MeResponse } from '@shared/contracts/me';
import { LogOut } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { ACCOUNT_LINKS } from './account-links';
import { ACCOUNT_BUTTON_CLASS, AccountAvatar } from './account-avatar';

interface UserMenuPanelProps {
  me: MeResponse;
  onSignOut: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened from the keyboard before Radix was there to see it: the focus goes to the first item. */
  focusFirstItem?: boolean;
}

/** The account menu itself (src/web/app/user-menu.tsx loads it the first time its button is pressed). */
export function UserMenuPanel({ me, onSignOut, open, onOpenChange, focusFirstItem = false }: UserMenuPanelProps) {
  const { t } = useTranslation('common');
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open || !focusFirstItem) return;
    // After Radix has put the focus on the menu itself.
    const frame = requestAnimationFrame(() => content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open, focusFirstItem]);
  const name = me.profile.firstName.trim() || me.user.email;

  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger aria-label={t('header.accountMenu')} className={ACCOUNT_BUTTON_CLASS}>
        <AccountAvatar me={me} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" ref={content}>
        <DropdownMenuLabel className="max-w-64 truncate">{t('header.signedInAs', { name })}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {ACCOUNT_LINKS.filter((link) => !link.adminOnly || me.profile.isAdmin).map(({ to, labelKey, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {t(`header.${labelKey}`)}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" />
          {t('header.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
