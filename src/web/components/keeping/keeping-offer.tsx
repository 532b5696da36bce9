import { Cloud } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { useKeeping } from '@web/lib/api/get-keeping';
import { useMe } from '@web/lib/api/get-me';
import { KeepingSetupDialog } from './keeping-setup-dialog';

const dismissedKey = (userId: string) => `souvenir-keeping-offer-dismissed:${userId}`;

function wasDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(userId)) === '1';
  } catch {
    return false;
  }
}

/**
 * After a memory is made: the offer to keep conversations on every device, until the person accepts or
 * says "Not now" (remembered on this device). Someone who declines keeps everything as it was.
 */
export function KeepingOffer() {
  const { t } = useTranslation('keeping');
  const me = useMe();
  const userId = me.data?.user.id ?? null;
  const keeping = useKeeping({ enabled: userId !== null });
  const [dismissed, setDismissed] = useState(() => (userId ? wasDismissed(userId) : false));
  const [open, setOpen] = useState(false);

  if (!userId || !keeping.isSuccess || (keeping.data.enabled && !open) || (dismissed && !open)) return null;

  const decline = () => {
    try {
      localStorage.setItem(dismissedKey(userId), '1');
    } catch {
      // Storage refused: the offer simply shows again next time.
    }
    setDismissed(true);
  };

  return (
    <section aria-labelledby="keeping-offer-title" data-testid="keeping-offer" className="mt-8 rounded-lg border border-line bg-surface p-5 shadow-soft">
      <h2 id="keeping-offer-title" className="flex items-center gap-2 font-serif text-xl text-ink">
        <Cloud aria-hidden="true" className="size-5 text-accent" />
        {t('offer.title')}
      </h2>
      <p className="mt-2 max-w-[65ch] leading-relaxed text-ink-muted">{t('offer.body')}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => setOpen(true)}>{t('offer.accept')}</Button>
        <Button variant="ghost" onClick={decline}>
          {t('offer.decline')}
        </Button>
      </div>
      <KeepingSetupDialog userId={userId} open={open} onOpenChange={setOpen} />
    </section>
  );
}
