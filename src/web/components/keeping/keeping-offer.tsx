import type { KeepingStatus } from '@shared/contracts/keeping';
import { useQueryClient } from '@tanstack/react-query';
import { Cloud } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { apiClient } from '@web/lib/api-client';
import { keepingQueryKey, useKeeping } from '@web/lib/api/get-keeping';
import { useMe } from '@web/lib/api/get-me';
import { isJustMade } from '@web/lib/memory-arrival';
import { KeepingKeyDialog } from './keeping-key-dialog';

/**
 * On the page of a memory the chat has just made: the offer to keep conversations on every device, for
 * someone who has neither accepted nor said "Not now". The answer is kept with the account, so no other
 * device asks again; declining changes nothing else (decision 0061). The profile offers it at any time.
 */
export function KeepingOffer() {
  const { t } = useTranslation('keeping');
  const location = useLocation();
  const justMade = isJustMade(location.state);
  const me = useMe();
  const userId = me.data?.user.id ?? null;
  const keeping = useKeeping({ enabled: userId !== null && justMade });
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [declining, setDeclining] = useState(false);

  if (!justMade || !userId || !keeping.isSuccess) return null;
  // Accepted while the dialog is still open: it stays until the recovery key is saved.
  if ((keeping.data.enabled || keeping.data.offerDeclined) && !open) return null;

  const decline = async () => {
    setDeclining(true);
    try {
      await apiClient.put('/api/keeping/offer', { declined: true });
      queryClient.setQueryData<KeepingStatus>(keepingQueryKey, (status) => (status ? { ...status, offerDeclined: true } : status));
    } catch {
      toast.error(t('offer.declineFailed'), { id: 'keeping-offer' });
    } finally {
      setDeclining(false);
    }
  };

  return (
    <section aria-labelledby="keeping-offer-title" data-testid="keeping-offer" className="mt-8 rounded-lg border border-line bg-surface p-5 shadow-soft">
      <h2 id="keeping-offer-title" className="flex items-center gap-2 font-serif text-xl text-ink">
        <Cloud aria-hidden="true" className="size-5 shrink-0 text-accent" />
        {t('offer.title')}
      </h2>
      <p className="mt-2 max-w-[65ch] leading-relaxed text-ink-muted">{t('offer.body')}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <KeepingKeyDialog
          task={{ kind: 'setup', userId }}
          open={open}
          onOpenChange={setOpen}
          trigger={<Button className="h-auto min-h-11 max-w-full py-2 whitespace-normal">{t('offer.accept')}</Button>}
        />
        <Button variant="ghost" pending={declining} onClick={() => void decline()} className="h-auto min-h-11 max-w-full py-2 whitespace-normal">
          {t('offer.decline')}
        </Button>
      </div>
    </section>
  );
}
