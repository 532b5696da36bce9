import { updateLanguageSchema, type MeResponse, type UpdateLanguageInput } from '@shared/contracts/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../api-client';
import { meQueryKey } from './get-me';

export { updateLanguageSchema };

/** PUT /api/me/language: remembers the signed-in person's interface language on their profile. */
export function updateLanguage(input: UpdateLanguageInput): Promise<void> {
  return apiClient.put('/api/me/language', updateLanguageSchema.parse(input));
}

export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguage,
    // Optimistic: the profile's language drives the interface, so it must agree with the switch at once.
    onMutate: async ({ language }) => {
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      queryClient.setQueryData<MeResponse | null>(meQueryKey, (me) =>
        me ? { ...me, profile: { ...me.profile, defaultLanguage: language } } : me,
      );
    },
    // On failure the interface keeps the new language for this visit; the caller tells the person it was not saved.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
