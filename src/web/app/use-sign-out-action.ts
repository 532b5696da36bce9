import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useSignOut } from '@web/features/auth/api/sign-out';
import { meQueryKey } from '@web/lib/api/get-me';
import { conversationStore } from '@web/lib/conversation-store';

/**
 * Sign out, then land on "/". The cache says "signed out" before the navigation renders, and the
 * navigation is flushed at once, so neither the protected route (→ /auth) nor the landing page
 * (→ /home) sees a half-signed-out state and redirects somewhere else.
 */
export function useSignOutAction() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSignOut();

  async function signOutAndLeave() {
    let ok = true;
    try {
      await signOut.mutateAsync();
    } catch {
      ok = false;
    }
    queryClient.setQueryData(meQueryKey, null);
    await navigate('/', { flushSync: true });
    // Nothing personal stays in memory, even when the server call failed. The chat page has
    // unmounted by now (its request aborted), so no late write can bring a conversation back.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    void conversationStore.clearAll();
    // The key that opens kept conversations goes too: on this device they need the passphrase again.
    void import('@web/lib/keeping/device-key').then((keys) => keys.clearDeviceKeys());
    if (ok) toast.success(t('toasts.signedOut'), { id: 'signed-out' });
    else toast.error(t('toasts.signOutError'), { id: 'sign-out-error' });
  }

  return { signOut: () => void signOutAndLeave(), isPending: signOut.isPending };
}
