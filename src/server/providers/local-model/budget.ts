import type { Turn } from './protocol';

export interface FittedPrompt {
  turns: Turn[];
  /** The kept prompt's length, as `count` measured it. */
  tokens: number;
  /** Oldest turns left out. */
  dropped: number;
}

/**
 * Keeps a prompt within `budget` tokens by leaving out its oldest turns; the system prompt (first) and the
 * last turn (the person's message being answered) always stay, and the kept history opens with the
 * person's words, as chat templates expect. When those alone exceed the budget, they are returned as they are.
 *
 * Turns go in steps of a quarter of the budget: the overflow is rounded up to a whole step before turns are
 * counted off, so the same oldest turns go for several turns in a row and the kept prompt keeps the same
 * start, which is what lets the model reuse its cache; dropping just enough at each turn would change the
 * start every turn and have the whole history read again each time.
 *
 * `count` measures a whole prompt (chat template included) with the model's tokenizer; `size` one turn's text.
 */
export function fitToBudget(turns: Turn[], budget: number, count: (turns: Turn[]) => number, size: (turn: Turn) => number): FittedPrompt {
  const total = count(turns);
  if (total <= budget) return { turns, tokens: total, dropped: 0 };
  const system = turns[0]?.role === 'system' ? turns.slice(0, 1) : [];
  const history = turns.slice(system.length);
  const last = history.length - 1;
  const step = Math.max(1, Math.floor(budget / 4));
  const target = Math.ceil((total - budget) / step) * step;

  let start = 0;
  const openWithPerson = () => {
    while (start < last && history[start]!.role !== 'user') start++;
  };
  for (let freed = 0; start < last && freed < target; start++) freed += size(history[start]!);
  openWithPerson();
  let kept = [...system, ...history.slice(start)];
  let tokens = count(kept);
  // The chat template's own tokens are not in `size`: rarely, one more turn has to go.
  while (tokens > budget && start < last) {
    start++;
    openWithPerson();
    kept = [...system, ...history.slice(start)];
    tokens = count(kept);
  }
  return { turns: kept, tokens, dropped: start };
}
