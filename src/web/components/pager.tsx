import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@web/components/ui/button';

export interface PagerProps {
  /** The page asked for (it may be loading). */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** The caller's own words: the navigation's name, the buttons, and "Page 2 of 5" for the page shown. */
  texts: { label: string; previous: string; next: string; status: string };
}

/** Previous and next through a list's pages, with where one stands; nothing when there is one page. */
export function Pager({ page, pageCount, onPageChange, texts }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={texts.label} className="flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(Math.max(1, page - 1))}>
        <ChevronLeft aria-hidden="true" />
        {texts.previous}
      </Button>
      <p className="text-sm text-ink-muted" aria-live="polite">
        {texts.status}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        {texts.next}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
