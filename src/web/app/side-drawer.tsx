import type { MeResponse } from '@shared/contracts/me';
import { Menu } from 'lucide-react';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useIsMobile } from '@web/lib/use-is-mobile';

// The drawer and its dialog code (~10 KB gzipped) load the first time the menu is opened, not with every page.
const SideDrawerPanel = lazy(async () => ({ default: (await import('./side-drawer-panel')).SideDrawerPanel }));

interface SideDrawerProps {
  me: MeResponse | null | undefined;
  onSignOut: () => void;
}

/** Under 768 px the header's navigation moves here, with the same entries. */
export function SideDrawer({ me, onSignOut }: SideDrawerProps) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const isMobile = useIsMobile();

  // Close after following a link, and when the window grows past the breakpoint.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!isMobile) setOpen(false);
  }, [isMobile]);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label={t('header.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="-ml-2 inline-flex size-11 cursor-pointer items-center justify-center rounded-md text-ink transition-colors hover:bg-sand md:hidden"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <SideDrawerPanel me={me} onSignOut={onSignOut} open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
