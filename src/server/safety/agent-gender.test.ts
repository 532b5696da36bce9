import { SAFETY_COUNTRIES } from '@shared/safety';
import { describe, expect, it } from 'vitest';
import { INSTRUCTIONS } from '../providers/text/openai-compatible';
import { AFTER_CRISIS_NOTE, SAFETY_INSTRUCTIONS } from './instructions';
import { checkInReply, crisisReply, type CrisisReplyKind } from './replies';

// The server's own French about the companion is written without agreeing with it, so it is right whatever gender
// the administrators chose: the crisis replies speak in the companion's voice ("je…"), and the instructions given
// to an AI model must not tell it which gender it is (the administrators' prompt does that).
const AGREES_WITH_THE_COMPANION =
  /(?<!\p{L})(?:je suis (?:\p{L}+ ){0,2}(?:heureux|heureuse|content|contente|désolé|désolée|ravi|ravie|prêt|prête|touché|touchée)|un compagnon|une compagne|reste (?:chaleureux|chaleureuse|doux|douce|présent|présente))(?!\p{L})/iu;

function frenchCrisisReplies(): string[] {
  const kinds: CrisisReplyKind[] = ['first', 'continued', 'denial'];
  return SAFETY_COUNTRIES.flatMap((country) =>
    kinds.flatMap((kind) =>
      Array.from({ length: 9 }, (_, turn) => crisisReply({ language: 'fr', firstName: 'Léa', country, kind, said: new Set(), turn })).concat(
        Array.from({ length: 2 }, (_, turn) => checkInReply({ language: 'fr', firstName: '', country, said: new Set(), turn })),
      ),
    ),
  );
}

describe('the server’s French about the companion', () => {
  it('never agrees with a gender in the crisis replies', () => {
    const replies = [...new Set(frenchCrisisReplies())];
    expect(replies.length).toBeGreaterThan(10);
    expect(replies.filter((reply) => AGREES_WITH_THE_COMPANION.test(reply))).toEqual([]);
  });

  it('never gives the AI model a gender in the instructions Souvenir adds', () => {
    for (const text of [SAFETY_INSTRUCTIONS.fr, AFTER_CRISIS_NOTE.fr, INSTRUCTIONS.fr('Mira')]) expect(text).not.toMatch(AGREES_WITH_THE_COMPANION);
  });
});
