import type { MeResponse } from '@shared/contracts/me';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@web/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { getAvatarSource } from '@web/lib/avatar-source';
import { ACCOUNT_LINKS } from './account-links';

interface UserMenuProps {
  me: MeResponse;
  onSignOut: () => void;
}

export function UserMenu({ me, onSignOut }: UserMenuProps) {
  const { t } = useTranslation('common');
  const source = getAvatarSource({
    profileAvatarUrl: me.profile.avatarUrl,
    userImage: me.user.image,
    firstName: me.profile.firstName,
    email: me.user.email,
  });
  const initials = getAvatarSource({ firstName: me.profile.firstName, email: me.user.email });
  const name = me.profile.firstName.trim() || me.user.email;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t('header.accountMenu')}
        className="inline-flex size-11 cursor-pointer items-center justify-center rounded-full transition-colors hover:bg-sand data-[state=open]:bg-sand"
      >
        <Avatar source={source} fallbackText={initials.kind === 'initials' ? initials.text : '?'} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
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
