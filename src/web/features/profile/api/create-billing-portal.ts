import { portalRequestSchema, portalResponseSchema } from '@shared/contracts/billing';
import type { Language } from '@shared/limits';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@web/lib/api-client';

export { portalRequestSchema };

/**
 * POST /api/billing/portal: the address of the billing portal, in the
 * person's language. 409 NO_SUBSCRIPTION when there is no paid subscription to manage.
 */
export function createBillingPortal(input: { language: Language }): Promise<z.infer<typeof portalResponseSchema>> {
  return apiClient.post('/api/billing/portal', portalRequestSchema.parse(input), { schema: portalResponseSchema });
}

export function useCreateBillingPortal() {
  // Nothing cached changes: the portal is another page, and coming back reloads this one.
  return useMutation({ mutationFn: createBillingPortal });
}
