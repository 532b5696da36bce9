import type { MeResponse } from '@shared/contracts/me';
import { WELCOME_BACK_DELAY_MS, WELCOME_BACK_SESSION_COUNT } from '@shared/limits';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * Who has seen the modal, per query client: the app makes one client per page load, so this is
 * "once per page load" (and each test, with its own client, starts afresh).
 */
const shownByClient = new WeakMap<QueryClient, Set<string>>();

function shownSet(queryClient: QueryClient): Set<string> {
  let shown = shownByClient.get(queryClient);
  if (!shown) {
    shown = new Set();
    shownByClient.set(queryClient, shown);
  }
  return shown;
}

/**
 * The welcome-back modal opens one second after the home loads, when the
 * session count is exactly 2, once per page load.
 */
export function useWelcomeBackTimer(me: MeResponse | null | undefined) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const userId = me?.user.id;
  const eligible = me?.profile.sessionCount === WELCOME_BACK_SESSION_COUNT;

  useEffect(() => {
    if (!eligible || !userId || shownSet(queryClient).has(userId)) return;
    const timer = window.setTimeout(() => {
      shownSet(queryClient).add(userId);
      setOpen(true);
    }, WELCOME_BACK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [eligible, userId, queryClient]);

  return { open, close: () => setOpen(false) };
}
