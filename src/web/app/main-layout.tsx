import { useTranslation } from 'react-i18next';
import { Outlet, useMatch } from 'react-router';
import { cn } from '@web/lib/utils';
import { BottomBar } from './bottom-bar';
import { Footer } from './footer';
import { Header } from './header';

/**
 * Header, page, footer (desktop) or bottom bar (mobile). The chat on mobile gets exactly the
 * screen's height with no page scroll; CSS breakpoints make that right from the first paint.
 */
export function MainLayout() {
  const { t } = useTranslation('common');
  const isChat = Boolean(useMatch('/home/chat'));

  return (
    <div className={cn('flex min-h-dvh flex-col', isChat && 'max-md:h-dvh max-md:overflow-hidden')}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-surface focus:px-4 focus:py-2 focus:shadow-soft"
      >
        {t('skipToContent')}
      </a>
      <Header />
      <main
        id="main"
        tabIndex={-1}
        className={cn(
          'mx-auto flex w-full max-w-6xl flex-1 flex-col px-4 pt-8 pb-28 outline-none sm:px-6 md:pt-12 md:pb-16',
          isChat && 'max-md:min-h-0 max-md:px-3 max-md:pt-4 max-md:pb-20',
        )}
      >
        <Outlet />
      </main>
      <Footer />
      <BottomBar />
    </div>
  );
}
