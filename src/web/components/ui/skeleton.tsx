import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils';

/** A resting shape where content will appear; decorative, so hidden from screen readers. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-sand', className)} {...props} />;
}
