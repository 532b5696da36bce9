import { LifeBuoy } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { useKeepToastsBelow } from '@web/lib/toast-offset';
import { cn } from '@web/lib/utils';
import { HelpPanel } from './help-panel';

/**
 * "Need help now?": always in the chat's header, quiet until it matters. It opens the helplines in a dialog
 * (focus moves in, Escape closes, focus comes back to the button). When the safety layer is concerned, the
 * button is drawn a little warmer and says why to screen readers; it never opens anything by itself. Toasts
 * are kept below it, so nothing the app says ever covers it.
 */
export function HelpButton({ emphasis = false, className }: { emphasis?: boolean; className?: string }) {
  const { t } = useTranslation(['safety', 'common']);
  const hintId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  useKeepToastsBelow(buttonRef);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          ref={buttonRef}
          variant="secondary"
          data-testid="help-button"
          data-emphasis={emphasis || undefined}
          // A phone shows the short words beside the chat's title; the name is always the whole question.
          aria-label={t('safety:button.label')}
          aria-describedby={emphasis ? hintId : undefined}
          className={cn('h-11 gap-1.5 px-3 text-sm', emphasis && 'border-accent bg-accent-soft text-accent-strong hover:border-accent-strong hover:bg-accent-soft', className)}
        >
          <LifeBuoy aria-hidden="true" />
          <span className="sm:hidden">{t('safety:button.short')}</span>
          <span className="max-sm:hidden">{t('safety:button.label')}</span>
          {emphasis ? <span aria-hidden="true" className="size-2 rounded-full bg-accent" /> : null}
        </Button>
      </DialogTrigger>
      {emphasis ? (
        <span id={hintId} className="sr-only">
          {t('safety:button.concernHint')}
        </span>
      ) : null}
      <DialogContent
        ref={contentRef}
        closeLabel={t('common:actions.close')}
        data-testid="help-dialog"
        className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto outline-none"
        // Radix would focus the first control that is not a link: the country list at the very end, scrolling the
        // numbers out of sight. The dialog itself takes the focus instead, and is read from its title.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          contentRef.current?.focus();
        }}
      >
        <div className="space-y-1.5 pr-10">
          <DialogTitle>{t('safety:dialog.title')}</DialogTitle>
          <DialogDescription>{t('safety:dialog.description')}</DialogDescription>
        </div>
        <HelpPanel className="mt-5" />
      </DialogContent>
    </Dialog>
  );
}
