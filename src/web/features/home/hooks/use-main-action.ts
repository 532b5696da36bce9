import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { chatStatusQueryOptions } from '@web/lib/api/get-chat-status';
import { toLanguage } from '@web/lib/language';
import { resolveMainAction } from '../main-action';

/**
 * The chat status behind the home's main button and the button's behaviour, shared by the hero and
 * the grid's empty state so both always agree.
 */
export function useMainAction(signedIn: boolean) {
  const { t, i18n } = useTranslation('home');
  const navigate = useNavigate();
  const language = toLanguage(i18n.resolvedLanguage) ?? 'en';
  const status = useQuery({
    ...chatStatusQueryOptions(language),
    enabled: signedIn,
    // Switching the interface language asks again (the agent's name differs) without blanking the screen.
    placeholderData: keepPreviousData,
  });
  // A failed refetch keeps the last good answer: the button stays right rather than disappearing.
  const action = resolveMainAction({ signedIn, status: status.data, isError: status.isError });

  function run() {
    switch (action.kind) {
      case 'signed-out':
        toast.error(t('today.signInRequired'), { id: 'home-sign-in-required' });
        return;
      case 'start':
      case 'subscribe':
        void navigate(action.to);
        return;
      case 'loading':
      case 'error':
        // The button is disabled or absent then: an unknown status never routes anywhere.
        return;
    }
  }

  return { action, status, run };
}
