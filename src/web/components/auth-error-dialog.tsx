import { LogOut, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';

interface AuthErrorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRefresh: () => void;
  onSignOut: () => void;
  signingOut?: boolean;
}

/**
 * The session could not be confirmed (docs/decisions/0011-auth-error-dialog.md). Says what usually helps, in the order people
 * should try it, and offers the two actions that can be done from here.
 */
export function AuthErrorDialog({ open, onOpenChange, onRefresh, onSignOut, signingOut = false }: AuthErrorDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('actions.close')} data-testid="auth-error-dialog">
        <div className="space-y-3 pr-8">
          <DialogTitle>{t('authErrorDialog.title')}</DialogTitle>
          <DialogDescription>{t('authErrorDialog.description')}</DialogDescription>
        </div>
        <ul className="mt-4 list-disc space-y-1.5 pl-5 text-[0.95rem] leading-relaxed text-ink">
          <li>{t('authErrorDialog.adviceRefresh')}</li>
          <li>{t('authErrorDialog.adviceSignOut')}</li>
          <li>{t('authErrorDialog.adviceCache')}</li>
        </ul>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" pending={signingOut} onClick={onSignOut}>
            {signingOut ? null : <LogOut aria-hidden="true" />}
            {t('authErrorDialog.signOut')}
          </Button>
          <Button onClick={onRefresh}>
            <RotateCw aria-hidden="true" />
            {t('authErrorDialog.refresh')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
