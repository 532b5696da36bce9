import { cn } from '@web/lib/utils';

/**
 * Souvenir's mark: a sun setting over water, in a frame — the end of a day, kept as a picture.
 * Decorative; the brand name next to it (or the link around it) carries the text.
 */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn('size-10', className)}>
      <rect x="6" y="6" width="52" height="52" rx="12" className="fill-surface" />
      <rect x="14" y="14" width="36" height="36" rx="6" fill="none" className="stroke-ink" strokeWidth="3" />
      <path d="M23.5 35a8.5 8.5 0 0 1 17 0Z" className="fill-accent" />
      <path d="M20 35h24M26 40.5h12M29 45h6" fill="none" className="stroke-ink" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
