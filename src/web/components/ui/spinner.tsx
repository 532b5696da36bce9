import { cn } from '@web/lib/utils';

interface SpinnerProps {
  className?: string;
  /** Spoken to screen readers; omit when the surrounding control already says what is happening. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <span
        data-spinner=""
        aria-hidden="true"
        className={cn('inline-block size-5 animate-spin rounded-full border-2 border-current border-r-transparent', className)}
      />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** The calm, centred wait used while a page or the session is loading. */
export function PageSpinner({ label, className }: { label: string; className?: string }) {
  return (
    <div className={cn('flex min-h-[40vh] flex-1 items-center justify-center text-accent', className)}>
      <Spinner label={label} className="size-8" />
    </div>
  );
}
