import type { SandboxCheckout, SubscriptionStatus } from '@shared/contracts/billing';
import type { MeResponse } from '@shared/contracts/me';
import { baseHandlers, buildMe, json, mockFetch, type RecordedRequest } from '@web/testing/mock-fetch';
import { renderApp } from '@web/testing/render-app';

export type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** GET /api/billing/status for someone with no subscription, on the sandbox provider. */
export function buildBillingStatus(overrides: Partial<SubscriptionStatus> = {}): SubscriptionStatus {
  return { hasActiveSubscription: false, expiresAt: null, isFreeAccess: false, status: null, manageable: false, provider: 'sandbox', ...overrides };
}

export const CHECKOUT_ID = '5b0c3c52-6f7e-4a51-9d3b-0c1d2e3f4a5b';

export function buildSandboxCheckout(overrides: Partial<SandboxCheckout> = {}): SandboxCheckout {
  return { id: CHECKOUT_ID, language: 'en', promotion: null, status: 'open', ...overrides };
}

/** The whole app at `path`, signed in as `me` (null: signed out), with the billing status and any other answers given. */
export function renderBilling(path: string, { me = buildMe(), handlers = {} }: { me?: MeResponse | null; handlers?: Record<string, Handler> } = {}) {
  const network = mockFetch({
    ...baseHandlers(me),
    'GET /api/billing/status': () => json(buildBillingStatus()),
    ...handlers,
  });
  return { ...renderApp(path), ...network };
}
