import { exhibitionDetailSchema, exhibitionUpdateSchema, type ExhibitionDetail, type ExhibitionUpdate } from '@shared/contracts/exhibitions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { exhibitionQueryKey } from './get-exhibition';

export { exhibitionUpdateSchema };

/** PATCH /api/exhibitions/{id}: rename, keep or let go. */
export function updateExhibition(id: string, update: ExhibitionUpdate): Promise<ExhibitionDetail> {
  return apiClient.patch(`/api/exhibitions/${encodeURIComponent(id)}`, update, { schema: exhibitionDetailSchema });
}

export function useUpdateExhibition(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ExhibitionUpdate) => updateExhibition(id, update),
    onSuccess: (detail) => queryClient.setQueryData(exhibitionQueryKey(id), detail),
    // The gallery's row and the home's card follow.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['exhibitions'] }),
  });
}
