import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { meQueryKey } from '@web/lib/api/get-me';
import { conversationStore } from '@web/lib/conversation-store';
import { clearDeviceKeys } from '@web/lib/keeping/device-key';
import { errorMessage } from '@web/lib/error-message';
import { useDeleteAccount } from '../api/delete-account';

const ERASED = ['profile', 'memories', 'tickets', 'sessions', 'device'] as const;

/** The typed word counts whatever its case or the spaces around it: the intent is what matters. */
export const matchesConfirmation = (typed: string, word: string) => typed.trim().toLocaleUpperCase() === word.toLocaleUpperCase();

/**
 * The danger zone: closing the account, confirmed. Beyond a "mark as deleted"
 * (docs/decisions/0026-account-erasure-and-pictures.md),
 * the account is really erased, so the dialog says exactly what goes and asks for a typed word first.
 * Afterwards this browser forgets everything too: stored conversations and cached answers.
 */
export function CloseAccountSection() {
  const { t } = useTranslation(['profile', 'errors', 'common']);
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const word = t('profile:closeAccount.word');
  const confirmed = matchesConfirmation(typed, word);

  const leave = async () => {
    // As at sign-out: the cache says "signed out" before the navigation renders, so the protected
    // route does not send the person to /auth on the way to "/".
    queryClient.setQueryData(meQueryKey, null);
    await navigate('/', { flushSync: true, replace: true });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    await conversationStore.clearAll();
    await clearDeviceKeys();
    toast.success(t('profile:messages.accountDeleted'), { id: 'account-deleted' });
  };

  const closeAccount = () =>
    remove.mutate(undefined, {
      onSuccess: () => void leave(),
      onError: (error) => {
        toast.error(t('profile:messages.accountDeleteFailed'), { id: 'account-deleted', description: errorMessage(t, error) });
      },
    });

  return (
    <Card role="region" aria-labelledby={`${id}-title`} className="border-danger/30">
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <TriangleAlert aria-hidden="true" className="size-5 text-danger" />
          {t('profile:closeAccount.title')}
        </CardTitle>
        <CardDescription>{t('profile:closeAccount.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog
          open={open}
          onOpenChange={(next) => {
            if (remove.isPending) return;
            setOpen(next);
            if (!next) setTyped('');
          }}
        >
          <DialogTrigger asChild>
            <Button variant="ghost" className="border border-danger/40 text-danger hover:bg-danger-soft">
              {t('profile:closeAccount.open')}
            </Button>
          </DialogTrigger>
          <DialogContent role="alertdialog" closeLabel={t('common:actions.close')} className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (confirmed && !remove.isPending) closeAccount();
              }}
              className="space-y-5"
            >
              <div className="space-y-2 pr-8">
                <DialogTitle>{t('profile:closeAccount.dialogTitle')}</DialogTitle>
                <DialogDescription className="leading-relaxed">{t('profile:closeAccount.dialogIntro')}</DialogDescription>
              </div>
              <ul className="list-disc space-y-1.5 pl-5 text-[0.95rem] leading-relaxed text-ink">
                {ERASED.map((item) => (
                  <li key={item}>{t(`profile:closeAccount.erased.${item}`)}</li>
                ))}
              </ul>
              <p className="text-[0.95rem] leading-relaxed text-ink-muted">{t('profile:closeAccount.nothingKept')}</p>
              <FormField id={`${id}-confirm`} label={t('profile:closeAccount.typeToConfirm', { word })}>
                <Input
                  type="text"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  value={typed}
                  disabled={remove.isPending}
                  onChange={(event) => setTyped(event.target.value)}
                />
              </FormField>
              {/* One above the other at every width: side by side, the two long labels (French above all) overflow the
                  dialog's 400 px of room and the row was clipped at its start. */}
              <div className="flex flex-col-reverse gap-3">
                {/* First in the focus order after the field: the safe choice. */}
                <DialogClose asChild>
                  <Button variant="secondary" className="w-full" disabled={remove.isPending}>
                    {t('profile:closeAccount.cancel')}
                  </Button>
                </DialogClose>
                <Button type="submit" className="w-full bg-danger hover:bg-danger/90 active:bg-danger/90" disabled={!confirmed} pending={remove.isPending}>
                  {t('profile:closeAccount.confirm')}
                </Button>
              </div>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
