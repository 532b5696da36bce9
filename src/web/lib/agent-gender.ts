import type { AgentGender } from '@shared/limits';
import { usePublicConfig } from './api/get-public-config';

/**
 * The i18next context that makes a French sentence about the companion agree with the gender the administrators
 * chose: `_feminine` ("ta compagne") and `_masculine` ("ton compagnon") variants, or the base sentence written
 * without any agreement. English has no such variants, so it always falls back to its base sentence.
 */
export function agentGenderContext(gender: AgentGender | undefined): 'feminine' | 'masculine' | undefined {
  return gender === 'feminine' || gender === 'masculine' ? gender : undefined;
}

/** The context for the instance's companion; until the configuration arrives, the neutral words, never wrong. */
export function useAgentGenderContext(): 'feminine' | 'masculine' | undefined {
  return agentGenderContext(usePublicConfig().data?.agentGender);
}
