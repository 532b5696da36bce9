import { exhibitionShareSchema, type ExhibitionDetail, type ExhibitionShare } from '@shared/contracts/exhibitions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { exhibitionQueryKey } from './get-exhibition';

/** POST /api/exhibitions/{id}/share: a new public link each time (the old one stops working). */
export function shareExhibition(id: string): Promise<ExhibitionShare> {
  return apiClient.post(`/api/exhibitions/${encodeURIComponent(id)}/share`, undefined, { schema: exhibitionShareSchema });
}

/** DELETE /api/exhibitions/{id}/share: the link answers "not found" from now on. */
export function revokeExhibitionShare(id: string): Promise<void> {
  return apiClient.delete(`/api/exhibitions/${encodeURIComponent(id)}/share`);
}

/** The public address of a shared exhibition, on this site. */
export const sharedExhibitionUrl = (token: string) => `${window.location.origin}/shared/exhibition/${token}`;

function useSetToken(id: string) {
  const queryClient = useQueryClient();
  return (shareToken: string | null) => queryClient.setQueryData<ExhibitionDetail>(exhibitionQueryKey(id), (detail) => (detail ? { ...detail, shareToken } : detail));
}

export function useShareExhibition(id: string) {
  const setToken = useSetToken(id);
  return useMutation({ mutationFn: () => shareExhibition(id), onSuccess: ({ shareToken }) => setToken(shareToken) });
}

export function useRevokeExhibitionShare(id: string) {
  const setToken = useSetToken(id);
  return useMutation({ mutationFn: () => revokeExhibitionShare(id), onSuccess: () => setToken(null) });
}
