import type { MeResponse } from '@shared/contracts/me';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_BUTTON_CLASS, AccountAvatar } from './account-avatar';

// The menu's code (Radix's menu and its positioning, ~20 KB gzipped) loads when the button is first pressed.
const loadPanel = () => import('./user-menu-panel');
const UserMenuPanel = lazy(async () => ({ default: (await loadPanel()).UserMenuPanel }));

interface UserMenuProps {
  me: MeResponse;
  onSignOut: () => void;
}

/** The account button of the header; its menu is the same button drawn by Radix once loaded. */
export function UserMenu({ me, onSignOut }: UserMenuProps) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [byKeyboard, setByKeyboard] = useState(false);

  const button = (
    <button
      type="button"
      aria-label={t('header.accountMenu')}
      aria-haspopup="menu"
      aria-expanded={wanted ? open : false}
      data-state={open ? 'open' : 'closed'}
      className={ACCOUNT_BUTTON_CLASS}
      // Pointing at it or reaching it with Tab starts loading the menu, so it is usually there by the press.
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      onClick={(event) => {
        // Enter or Space (a click with no pointer): the menu starts on its first item, as Radix's own trigger does.
        setByKeyboard(event.detail === 0);
        setWanted(true);
        setOpen(true);
      }}
    >
      <AccountAvatar me={me} />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <UserMenuPanel
        me={me}
        onSignOut={onSignOut}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setByKeyboard(false);
        }}
        focusFirstItem={byKeyboard}
      />
    </Suspense>
  );
}
