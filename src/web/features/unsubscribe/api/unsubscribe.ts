import { unsubscribeSchema, type UnsubscribeInput } from '@shared/contracts/admin';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export { unsubscribeSchema };

/** Only a link the server could have signed is worth a request; anything else is simply not valid. */
export function readUnsubscribeLink(search: URLSearchParams): UnsubscribeInput | null {
  const parsed = unsubscribeSchema.safeParse({ u: search.get('u') ?? undefined, t: search.get('t') ?? undefined });
  return parsed.success ? parsed.data : null;
}

/**
 * POST /api/reminders/unsubscribe {u, t}: public, no session — the signed link from a reminder e-mail
 * stops every later reminder to its own recipient (404 for a forged or altered link). 204.
 */
export function unsubscribe(input: UnsubscribeInput): Promise<void> {
  return apiClient.post('/api/reminders/unsubscribe', unsubscribeSchema.parse(input));
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
