import type { ChatStatusResponse } from '@shared/contracts/chat';

export const CHAT_PATH = '/home/chat';
export const PRICING_PATH = '/home/pricing';

/** What the home's one main button does; never a destination while the status is unknown. */
export type MainAction =
  | { kind: 'signed-out' }
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'start'; to: typeof CHAT_PATH }
  | { kind: 'subscribe'; to: typeof PRICING_PATH };

interface MainActionInputs {
  signedIn: boolean;
  status: ChatStatusResponse | undefined;
  isError: boolean;
}

/**
 * The home page's main button (docs/decisions/0010-home-main-button-and-welcome-back.md):
 * "start today's session" (→ chat) with an active subscription — free access counts
 * as active — or before the first journaled day; otherwise "subscribe" (→ pricing).
 */
export function resolveMainAction({ signedIn, status, isError }: MainActionInputs): MainAction {
  if (!signedIn) return { kind: 'signed-out' };
  if (status) {
    const { subscription, journalDays } = status;
    if (subscription.active || subscription.freeAccess || journalDays === 0) return { kind: 'start', to: CHAT_PATH };
    return { kind: 'subscribe', to: PRICING_PATH };
  }
  return isError ? { kind: 'error' } : { kind: 'loading' };
}
