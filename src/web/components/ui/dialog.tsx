import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { ToastsClearOfDialog } from '@web/lib/toast-offset';
import { cn } from '@web/lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay className={cn('fixed inset-0 z-50 bg-ink/30 motion-safe:animate-fade-in', className)} {...props} />;
}

interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Accessible name of the close button, already translated. */
  closeLabel: string;
}

/** The overlay, the panel and its close button; the variants below differ only in where the panel sits. */
function PanelContent({ baseClassName, className, children, closeLabel, ...props }: DialogContentProps & { baseClassName: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content className={cn(baseClassName, className)} {...props}>
        {children}
        <DialogClose className="absolute top-3 right-3 inline-flex size-10 cursor-pointer items-center justify-center rounded-md text-ink-muted transition-colors hover:bg-sand hover:text-ink">
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">{closeLabel}</span>
        </DialogClose>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** A centred dialog. Always give it a DialogTitle; Radix needs one for the accessible name. */
export function DialogContent({ children, ...props }: DialogContentProps) {
  return (
    <PanelContent
      baseClassName="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-line bg-surface p-6 shadow-soft motion-safe:animate-fade-in"
      {...props}
    >
      <ToastsClearOfDialog />
      {children}
    </PanelContent>
  );
}

/** A panel that slides in from the left edge: the navigation drawer on small screens. */
export function DrawerContent(props: DialogContentProps) {
  return (
    <PanelContent
      baseClassName="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col overflow-y-auto border-r border-line bg-paper p-5 shadow-soft motion-safe:animate-slide-in-left"
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('font-serif text-xl font-medium text-ink', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-[0.95rem] text-ink-muted', className)} {...props} />;
}
