import { createContext, useContext, useEffect } from 'react';

const BRAND = 'Souvenir';

/**
 * Where a server render learns the page's title (src/web/entry-server.tsx provides one per request). In the
 * browser there is none: the title goes straight to the document.
 */
export interface PageHeadCollector {
  setTitle(title: string): void;
}

export const PageHeadContext = createContext<PageHeadCollector | null>(null);

/** "Your memories" → "Your memories · Souvenir"; nothing → "Souvenir". */
export function brandedTitle(name?: string | null): string {
  return name ? `${name} · ${BRAND}` : BRAND;
}

/**
 * Names the page in the tab, the history and for screen readers, in the language on screen: every route calls
 * this once. The innermost page wins, since it renders after its frame. `standalone` titles are used as they
 * are (the landing page's own line already names Souvenir).
 */
export function usePageTitle(name: string | null | undefined, options: { standalone?: boolean } = {}): void {
  const title = options.standalone && name ? name : brandedTitle(name);
  const collector = useContext(PageHeadContext);
  collector?.setTitle(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
