// The prompt budget's rule, with a stand-in tokenizer (one token per character, and a few per turn for the chat
// template). The model's real tokenizer applies it in runtime.test.ts.
import { describe, expect, it } from 'vitest';
import { fitToBudget } from './budget';
import type { Turn } from './protocol';

const TEMPLATE_TOKENS = 4;
const size = (turn: Turn) => turn.content.length;
const count = (turns: Turn[]) => turns.reduce((sum, turn) => sum + size(turn) + TEMPLATE_TOKENS, 0);

const system: Turn = { role: 'system', content: 's'.repeat(100) };
/** A conversation of `pairs` exchanges of 60-character messages, ending with the person's message. */
function conversation(pairs: number): Turn[] {
  const turns: Turn[] = [system];
  for (let i = 0; i < pairs; i++) {
    turns.push({ role: 'user', content: `u${i}`.padEnd(60, '.') }, { role: 'assistant', content: `a${i}`.padEnd(60, '.') });
  }
  turns.push({ role: 'user', content: `u${pairs}`.padEnd(60, '.') });
  return turns;
}

describe('the prompt budget', () => {
  it('leaves a conversation within the budget untouched', () => {
    const turns = conversation(2);
    expect(fitToBudget(turns, 1000, count, size)).toEqual({ turns, tokens: count(turns), dropped: 0 });
  });

  it('drops the oldest turns first, keeping the system prompt and the last message, opening with the person', () => {
    for (let pairs = 5; pairs < 40; pairs++) {
      const turns = conversation(pairs);
      const fitted = fitToBudget(turns, 600, count, size);
      expect(fitted.tokens).toBeLessThanOrEqual(600);
      expect(fitted.tokens).toBe(count(fitted.turns));
      expect(fitted.turns[0]).toBe(system);
      expect(fitted.turns.at(-1)).toBe(turns.at(-1));
      expect(fitted.turns[1]!.role).toBe('user');
      // What is kept is the end of the conversation, in order.
      expect(fitted.turns.slice(1)).toEqual(turns.slice(1 + fitted.dropped));
    }
  });

  it('keeps the same start for several turns in a row once over the budget, so the cache is reused', () => {
    const starts: string[] = [];
    // Each exchange adds about 128 tokens; the budget's quarter is 500.
    for (let pairs = 16; pairs < 46; pairs++) starts.push(fitToBudget(conversation(pairs), 2000, count, size).turns[1]!.content);
    // Dropping just enough at each turn would change the start at every turn.
    const changes = starts.filter((start, i) => i > 0 && start !== starts[i - 1]).length;
    expect(changes).toBeLessThanOrEqual(starts.length / 3);
  });

  it('returns the system prompt and the last message as they are when they alone exceed the budget', () => {
    const turns: Turn[] = [system, { role: 'assistant', content: 'a' }, { role: 'user', content: 'x'.repeat(500) }];
    const fitted = fitToBudget(turns, 300, count, size);
    expect(fitted.turns).toEqual([system, turns[2]]);
    expect(fitted.dropped).toBe(1);
  });
});
