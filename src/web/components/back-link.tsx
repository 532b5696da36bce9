import { ArrowLeft } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { useKeepToastsBelow } from '@web/lib/toast-offset';

/**
 * The quiet "← back" link at the top of a page. A toast said on that page (a like, a rename) would sit right over it
 * on a desktop, so toasts keep below it while it is on screen.
 */
export function BackLink({ to, children }: { to: string; children: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  useKeepToastsBelow(ref);
  return (
    <Link
      ref={ref}
      to={to}
      className="-ml-1 inline-flex items-center gap-1.5 rounded-md px-1 py-1 text-sm font-medium text-ink-muted transition-colors hover:text-ink"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
