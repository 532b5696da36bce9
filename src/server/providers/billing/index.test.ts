import { describe, expect, it } from 'vitest';
import { ProviderError } from '../provider-error';
import { BillingProviderError, createBillingProvider } from './index';

const checkouts = { createSandboxCheckout: async () => ({ id: 'c1' }) };
const portal = { customerId: 'cus_1', language: 'en' as const, origin: 'http://127.0.0.1:3000', returnUrl: 'http://127.0.0.1:3000/profile' };

describe('the billing provider follows the access mode', () => {
  it('stripe: Stripe, with its signed webhook', () => {
    const { provider, webhook } = createBillingProvider(
      { provider: 'stripe', secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiUrl: null, timeoutMs: 1000 },
      { checkouts },
    );
    expect(provider.name).toBe('stripe');
    expect(webhook).toBe(provider);
  });

  it('sandbox: the test checkout inside the app, at the address the person used, and no webhook', async () => {
    const { provider, webhook } = createBillingProvider({ provider: 'sandbox' }, { checkouts });
    expect(provider.name).toBe('sandbox');
    expect(webhook).toBeNull();
    await expect(provider.createPortal(portal)).resolves.toEqual({ url: 'http://127.0.0.1:3000/billing/sandbox/portal' });
  });

  it('off: nothing to sell, checkout and portal refused, no webhook', async () => {
    const { provider, webhook } = createBillingProvider({ provider: 'off' }, { checkouts });
    expect(provider.name).toBe('off');
    expect(webhook).toBeNull();
    const refusal = await provider.createPortal(portal).catch((error: unknown) => error);
    // A provider error like the others (reason, our own sentence), the sentence the PAYMENT_PROVIDER_FAILED answer carries.
    expect(refusal).toBeInstanceOf(BillingProviderError);
    expect(refusal).toBeInstanceOf(ProviderError);
    expect(refusal).toMatchObject({ reason: 'off', detail: 'Billing is off on this instance.' });
    await expect(provider.cancel('sub_1')).resolves.toBeUndefined();
  });
});
