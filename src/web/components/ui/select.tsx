import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils';
import { fieldClassName } from './input';

/**
 * A native select: the phone's own picker is the most usable one there is. It cannot wrap its text, so the
 * chevron keeps only the room it needs (a long French choice must still fit a 320 px screen).
 */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select className={cn(fieldClassName, 'appearance-none pr-9', className)} {...props}>
        {children}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-muted" />
    </div>
  );
}
