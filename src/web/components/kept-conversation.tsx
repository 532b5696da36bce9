import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KeepingUnlockForm } from '@web/components/keeping/keeping-unlock-form';
import { Spinner } from '@web/components/ui/spinner';
import { useKeeping } from '@web/lib/api/get-keeping';
import type { StoredMessage } from '@web/lib/conversation-store';

/**
 * Not on this device: when the person keeps their conversations, it is fetched and decrypted here (once
 * this device is unlocked) and shown from memory — never written to this device's store.
 */
export function KeptElsewhere({
  userId,
  conversationId,
  renderTranscript,
  renderNotHere,
}: {
  userId: string;
  conversationId: string;
  agentName: string;
  renderTranscript: (messages: StoredMessage[]) => ReactNode;
  renderNotHere: (offer: boolean) => ReactNode;
}) {
  const { t } = useTranslation('keeping');
  const keeping = useKeeping();
  const device = useQuery({
    queryKey: ['keeping-device', userId],
    queryFn: async () => (await import('@web/lib/keeping/keeping-client')).isUnlocked(userId),
    enabled: keeping.data?.enabled === true,
    networkMode: 'always',
  });
  const kept = useQuery({
    queryKey: ['kept-conversation', userId, conversationId],
    queryFn: async () => (await import('@web/lib/keeping/keeping-client')).fetchKeptConversation(userId, conversationId),
    enabled: device.data === true,
    gcTime: 0,
    retry: false,
  });

  if (keeping.isPending || (keeping.data?.enabled && (device.isPending || (device.data && kept.isPending)))) {
    return (
      <p role="status" className="flex items-center gap-3 py-8 text-ink-muted">
        <Spinner className="size-5" />
        {t('dialog.decrypting')}
      </p>
    );
  }
  if (!keeping.data?.enabled || !keeping.data.keys) return <>{renderNotHere(keeping.isSuccess)}</>;
  if (!device.data) {
    return (
      <div className="space-y-4 rounded-lg bg-sand/60 p-4">
        <p className="text-[0.95rem] text-ink">{t('dialog.locked')}</p>
        <KeepingUnlockForm userId={userId} envelope={keeping.data.keys} onUnlocked={() => void device.refetch()} />
      </div>
    );
  }
  if (kept.isError) return <p role="alert" className="py-6 text-danger">{t('dialog.failed')}</p>;
  return kept.data && kept.data.messages.length > 0 ? <>{renderTranscript(kept.data.messages)}</> : <>{renderNotHere(false)}</>;
}

