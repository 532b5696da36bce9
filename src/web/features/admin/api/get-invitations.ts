import { invitationListSchema, type InvitationList } from '@shared/contracts/invitations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export const invitationsQueryKey = ['admin', 'invitations'] as const;

/** GET /api/admin/invitations: the invitations sent, newest first, pending, accepted or expired (admins only). */
export function getInvitations(signal?: AbortSignal): Promise<InvitationList> {
  return apiClient.get('/api/admin/invitations', { schema: invitationListSchema, signal });
}

export const invitationsQueryOptions = () => queryOptions({ queryKey: invitationsQueryKey, queryFn: ({ signal }) => getInvitations(signal) });

export function useInvitations(enabled: boolean) {
  return useQuery({ ...invitationsQueryOptions(), enabled });
}
