import { exhibitionShareSchema, sharedExhibitionSchema, type SharedExhibition } from '@shared/contracts/exhibitions';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** Only a token the server could have made (64 lowercase hex) is worth a request. */
export const isExhibitionToken = (token: string | undefined): token is string => exhibitionShareSchema.shape.shareToken.safeParse(token).success;

/** GET /api/shared/exhibition/{token}: public, no session (404 for an unknown or revoked link). */
export function getSharedExhibition(token: string, signal?: AbortSignal): Promise<SharedExhibition> {
  return apiClient.get(`/api/shared/exhibition/${encodeURIComponent(token)}`, { schema: sharedExhibitionSchema, signal });
}

export function useSharedExhibition(token: string | undefined) {
  return useQuery({
    queryKey: ['exhibitions', 'shared', token ?? ''],
    queryFn: ({ signal }) => getSharedExhibition(token ?? '', signal),
    enabled: isExhibitionToken(token),
    staleTime: 60 * 1000,
  });
}
