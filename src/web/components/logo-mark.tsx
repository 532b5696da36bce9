import { cn } from '@web/lib/utils';

/**
 * Souvenir's mark: a small framed picture — a sun settling over a gentle hill — because each day
 * becomes an artwork. Decorative; the brand name next to it is the text.
 */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn('size-10', className)}>
      <rect x="6" y="6" width="52" height="52" rx="12" className="fill-surface" />
      <rect x="14" y="14" width="36" height="36" rx="6" fill="none" className="stroke-ink" strokeWidth="3" />
      <circle cx="32" cy="29" r="7.5" className="fill-accent" />
      <path d="M18.5 44c5-6.2 9.2-8.6 13.5-8.6S40.5 37.8 45.5 44" fill="none" className="stroke-ink" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
