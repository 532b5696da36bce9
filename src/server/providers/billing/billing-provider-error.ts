import { ProviderError } from '../provider-error';

/**
 * off: billing is off on this instance, so nothing can be bought; configuration: a setting the call needs is missing;
 * upstream: the payment service refused or could not be reached; malformed: it answered without what we asked for.
 */
export type BillingFailure = 'off' | 'configuration' | 'upstream' | 'malformed';

/**
 * The payment provider failed, refused or could not be reached. `detail` is our own English sentence, the text of
 * the PAYMENT_PROVIDER_FAILED answer; the upstream error rides along as `cause`, for the logs only.
 */
export class BillingProviderError extends ProviderError<BillingFailure> {
  declare readonly detail: string;

  constructor(reason: BillingFailure, detail: string, cause?: unknown) {
    super('billing provider', reason, undefined, detail, cause === undefined ? undefined : { cause });
    this.name = 'BillingProviderError';
  }
}
