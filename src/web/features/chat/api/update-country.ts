import { updateCountrySchema, type MeResponse, type UpdateCountryInput } from '@shared/contracts/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { meQueryKey } from '@web/lib/api/get-me';

export { updateCountrySchema };

/** PUT /api/me/country: the country whose helplines the help panel shows (null: back to the browser's guess). */
export function updateCountry(input: UpdateCountryInput): Promise<void> {
  return apiClient.put('/api/me/country', updateCountrySchema.parse(input));
}

export function useUpdateCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCountry,
    // Optimistic: someone looking for a number must see the right one the moment they choose their country,
    // not after a round trip. On failure the choice stays on screen for this visit (the caller says it was not saved).
    onMutate: async ({ country }) => {
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      queryClient.setQueryData<MeResponse | null>(meQueryKey, (me) => (me ? { ...me, profile: { ...me.profile, country } } : me));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
