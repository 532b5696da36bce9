import type { ChatStatusResponse } from '@shared/contracts/chat';
import { describe, expect, it } from 'vitest';
import { resolveMainAction } from './main-action';

function buildStatus(overrides: { journalDays?: number; active?: boolean; freeAccess?: boolean } = {}): ChatStatusResponse {
  const { journalDays = 0, active = false, freeAccess = false } = overrides;
  return {
    journalDays,
    hasAccess: active || freeAccess || journalDays === 0,
    subscription: { active, freeAccess },
    generation: { remaining: 1, limit: 1, canGenerate: true },
    agent: { name: 'Luna', avatarUrl: null, gender: 'feminine' },
    firstName: 'Camille',
    voice: false,
    companion: 'offline',
  };
}

describe('resolveMainAction (the home page’s main button)', () => {
  it('starts the first session, free, before any journaled day', () => {
    expect(resolveMainAction({ signedIn: true, status: buildStatus({ journalDays: 0 }), isError: false })).toEqual({ kind: 'start', to: '/home/chat' });
  });

  it('starts the session for a subscriber', () => {
    expect(resolveMainAction({ signedIn: true, status: buildStatus({ journalDays: 12, active: true }), isError: false })).toEqual({ kind: 'start', to: '/home/chat' });
  });

  it('counts free access as an active subscription', () => {
    expect(resolveMainAction({ signedIn: true, status: buildStatus({ journalDays: 4, freeAccess: true }), isError: false })).toEqual({ kind: 'start', to: '/home/chat' });
  });

  it('asks to subscribe after the first day without a subscription', () => {
    expect(resolveMainAction({ signedIn: true, status: buildStatus({ journalDays: 1 }), isError: false })).toEqual({ kind: 'subscribe', to: '/home/pricing' });
  });

  it('never has a destination while the status is unknown', () => {
    expect(resolveMainAction({ signedIn: true, status: undefined, isError: false })).toEqual({ kind: 'loading' });
    expect(resolveMainAction({ signedIn: true, status: undefined, isError: true })).toEqual({ kind: 'error' });
    expect(resolveMainAction({ signedIn: false, status: undefined, isError: false })).toEqual({ kind: 'signed-out' });
  });

  it('keeps the last known answer when a refetch fails', () => {
    expect(resolveMainAction({ signedIn: true, status: buildStatus({ journalDays: 2 }), isError: true })).toEqual({ kind: 'subscribe', to: '/home/pricing' });
  });
});
