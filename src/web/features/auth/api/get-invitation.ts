import { invitationLookupSchema, type InvitationLookup } from '@shared/contracts/invitations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** GET /api/invitations/:token: the address an invitation link is for; 404 once it is used, expired or unknown. */
export function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationLookup> {
  return apiClient.get(`/api/invitations/${encodeURIComponent(token)}`, { schema: invitationLookupSchema, signal });
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['invitation', token] as const, queryFn: ({ signal }) => getInvitation(token, signal), retry: false, staleTime: Infinity });

export function useInvitation(token: string | null) {
  return useQuery({ ...invitationQueryOptions(token ?? ''), enabled: token !== null });
}
