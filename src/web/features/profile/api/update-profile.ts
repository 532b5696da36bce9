import { meResponseSchema, profileUpdateSchema, type MeResponse, type ProfileUpdateInput } from '@shared/contracts/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { meQueryKey } from '@web/lib/api/get-me';

export { profileUpdateSchema };

/** PUT /api/me/profile: name, language, gender (and the medical note, administrators only); answers the whole "me". */
export function updateProfile(input: ProfileUpdateInput): Promise<MeResponse> {
  return apiClient.put('/api/me/profile', profileUpdateSchema.parse(input), { schema: meResponseSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The answer is the new "me": written at once, so the header and the language sync agree with the form
    // before any refetch (otherwise LanguageSync would see the old language and switch back).
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryKey, me);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
