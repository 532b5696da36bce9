/** The payment provider failed, refused or could not be reached. */
export class BillingProviderError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'BillingProviderError';
  }
}
