// The one schema object Drizzle and drizzle-kit read; tables live in their own files.
export * from './ai-providers';
export * from './app-settings';
export * from './auth';
export * from './billing';
export * from './chat-disclosures';
export * from './continuity';
export * from './generations';
export * from './invitations';
export * from './journal-days';
export * from './keeping';
export * from './outbox';
export * from './privacy-policies';
export * from './profiles';
export * from './safety-referrals';
export * from './souvenirs';
export * from './support-tickets';
export * from './coordination';
