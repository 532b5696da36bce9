import { LifeBuoy } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { cn } from '@web/lib/utils';
import { HelpPanel } from './help-panel';

/**
 * "Need help now?": always in the chat's header, quiet until it matters. It opens the helplines in a dialog
 * (focus moves in, Escape closes, focus comes back to the button). When the safety layer is concerned, the
 * button is drawn a little warmer and says why to screen readers; it never opens anything by itself.
 */
export function HelpButton({ emphasis = false, className }: { emphasis?: boolean; className?: string }) {
  const { t } = useTranslation(['safety', 'common']);
  const hintId = useId();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="secondary"
          data-testid="help-button"
          data-emphasis={emphasis || undefined}
          aria-describedby={emphasis ? hintId : undefined}
          className={cn('h-11 gap-1.5 px-3 text-sm', emphasis && 'border-accent bg-accent-soft text-accent-strong hover:border-accent-strong hover:bg-accent-soft', className)}
        >
          <LifeBuoy aria-hidden="true" />
          {t('safety:button.label')}
          {emphasis ? <span aria-hidden="true" className="size-2 rounded-full bg-accent" /> : null}
        </Button>
      </DialogTrigger>
      {emphasis ? (
        <span id={hintId} className="sr-only">
          {t('safety:button.concernHint')}
        </span>
      ) : null}
      <DialogContent closeLabel={t('common:actions.close')} data-testid="help-dialog" className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <div className="space-y-1.5 pr-10">
          <DialogTitle>{t('safety:dialog.title')}</DialogTitle>
          <DialogDescription>{t('safety:dialog.description')}</DialogDescription>
        </div>
        <HelpPanel className="mt-5" />
      </DialogContent>
    </Dialog>
  );
}
