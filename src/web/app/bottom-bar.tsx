import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useMe } from '@web/lib/api/get-me';
import { visibleNavItems } from './nav-items';

/** Mobile only: the thumb-reachable navigation fixed at the foot of the screen. */
export function BottomBar() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const { data: me } = useMe();

  return (
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-paper/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-sm md:hidden"
    >
      <ul className="mx-auto flex h-16 max-w-md items-stretch justify-around px-2">
        {visibleNavItems(Boolean(me)).map(({ to, labelKey, icon: Icon, isActive }) => (
          <li key={to} className="flex flex-1">
            <Link
              to={to}
              aria-current={isActive(pathname) ? 'page' : undefined}
              className="group flex flex-1 flex-col items-center justify-center gap-1 rounded-md text-xs font-medium text-ink-muted transition-colors aria-[current=page]:text-accent-strong"
            >
              <span className="inline-flex h-7 w-12 items-center justify-center rounded-full transition-colors group-aria-[current=page]:bg-accent-soft">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              {t(`nav.${labelKey}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
