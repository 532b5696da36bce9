import { communitySchema, communityUpdateSchema, type Community, type CommunityUpdate } from '@shared/contracts/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@web/lib/api-client';
import { communityLinksQueryKey } from './get-community-links';

export { communityUpdateSchema };

/** PUT /api/admin/community: the three links at once (empty clears one; https only). Answers them as saved. */
export function updateCommunityLinks(update: z.input<typeof communityUpdateSchema>): Promise<Community> {
  const body: CommunityUpdate = communityUpdateSchema.parse(update);
  return apiClient.put('/api/admin/community', body, { schema: communitySchema });
}

export function useUpdateCommunityLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCommunityLinks,
    onSuccess: (links) => queryClient.setQueryData(communityLinksQueryKey, links),
    onSettled: () => queryClient.invalidateQueries({ queryKey: communityLinksQueryKey }),
  });
}
