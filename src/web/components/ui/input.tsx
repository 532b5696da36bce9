import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils';

export const fieldClassName =
  'block h-11 w-full rounded-md border border-field bg-surface px-3.5 text-base text-ink transition-colors placeholder:text-ink-muted/80 hover:border-ink-muted focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger aria-invalid:focus-visible:outline-danger';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldClassName, className)} {...props} />;
}
