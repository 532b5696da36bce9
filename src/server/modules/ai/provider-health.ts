import type { ProviderFailure } from '@shared/contracts/ai';
import { ProviderError } from '../../providers/provider-error';

/** The capabilities whose failures a person would otherwise meet: the chat and the writing of memories. */
export type WatchedCapability = 'chat' | 'text';

/**
 * Whether the provider chosen for the chat and for memory writing answered its last call. A failure (error,
 * timeout, refusal) is noted with its kind and the moment it began, never with anything the call carried, and
 * lasts until that capability's next successful call or until the administrators save another choice: the
 * state heals by itself, with no restart. Held by this process, like the providers themselves.
 */
export function createProviderHealth(now: () => Date = () => new Date()) {
  const failures = new Map<WatchedCapability, ProviderFailure>();
  return {
    failed(capability: WatchedCapability, provider: string, error: unknown): void {
      const reason = error instanceof ProviderError ? String(error.reason) : 'unexpected';
      const status = error instanceof ProviderError && typeof error.status === 'number' ? error.status : null;
      const previous = failures.get(capability);
      // A failure that goes on keeps the moment it began.
      const since = previous && previous.provider === provider ? previous.since : now().toISOString();
      failures.set(capability, { provider, reason, status, since });
    },
    succeeded(capability: WatchedCapability): void {
      failures.delete(capability);
    },
    /** A new choice for the capability: whatever the old provider did no longer says anything. */
    reset(capability: string): void {
      failures.delete(capability as WatchedCapability);
    },
    of(capability: string): ProviderFailure | null {
      return failures.get(capability as WatchedCapability) ?? null;
    },
    list(): (ProviderFailure & { capability: WatchedCapability })[] {
      return [...failures].map(([capability, failure]) => ({ capability, ...failure }));
    },
  };
}
export type ProviderHealth = ReturnType<typeof createProviderHealth>;
