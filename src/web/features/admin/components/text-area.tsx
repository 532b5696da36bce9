import type { ComponentProps } from 'react';
import { fieldClassName } from '@web/components/ui/input';
import { cn } from '@web/lib/utils';

/** A long text box (prompts, e-mail bodies) in the kit's field style; it grows by hand, never sideways. */
export function TextArea({ className, rows = 6, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(fieldClassName, 'h-auto resize-y py-3 leading-relaxed', className)} {...props} />;
}
