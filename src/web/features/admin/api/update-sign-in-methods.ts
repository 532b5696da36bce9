import { signInMethodsSchema, signInMethodsUpdateSchema, type SignInMethods, type SignInMethodsUpdate } from '@shared/contracts/sign-in';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { publicConfigQueryKey } from '@web/lib/api/get-public-config';
import { signInMethodsQueryKey } from './get-sign-in-methods';

/** PUT /api/admin/sign-in {passwordSignIn}: off is refused until this administrator has signed in with SSO. */
export function updateSignInMethods(input: SignInMethodsUpdate): Promise<SignInMethods> {
  return apiClient.put('/api/admin/sign-in', signInMethodsUpdateSchema.parse(input), { schema: signInMethodsSchema });
}

export function useUpdateSignInMethods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSignInMethods,
    onSuccess: (methods) => queryClient.setQueryData(signInMethodsQueryKey, methods),
    // The sign-in page reads the switch from the public configuration.
    onSettled: () => queryClient.invalidateQueries({ queryKey: publicConfigQueryKey }),
  });
}
