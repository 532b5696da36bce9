import { welcomeBackSchema, type WelcomeBackInput } from '@shared/contracts/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { meQueryKey } from '@web/lib/api/get-me';

export { welcomeBackSchema };

/** POST /api/me/welcome-back: Save sends { language, gender? }, Skip sends {}; both count the session. */
export function postWelcomeBack(input: WelcomeBackInput): Promise<void> {
  return apiClient.post('/api/me/welcome-back', welcomeBackSchema.parse(input));
}

export function useWelcomeBack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postWelcomeBack,
    // Session counting and profile update failures are only logged, never shown.
    onError: (error) => console.warn('Welcome-back answer not saved', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
