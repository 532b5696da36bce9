import { describe, expect, it } from 'vitest';
import { CONTINUITY_CONTEXT_MAX_CHARS } from '@shared/limits';
import { buildContinuityContext, type ContinuityMemory } from './context';

const memory = (title: string, reflection = 'A slow evening.'): ContinuityMemory => ({ id: title, title, reflection, date: '2026-11-20', mood: null, hardDay: false });

describe('the continuity context', () => {
  it('elides "que" before a vowel in French, and keeps it before a consonant', () => {
    const of = (firstName: string) => buildContinuityContext({ language: 'fr', firstName, memories: [memory('Le marché')], facts: ['Mon chat s’appelle Miso'] })!;
    expect(of('Alex')).toContain('Ce qu’Alex a choisi de garder');
    expect(of('Alex')).toContain('Ce qu’Alex t’a demandé de retenir');
    expect(of('Élodie')).toContain('Ce qu’Élodie a choisi');
    expect(of('Camille')).toContain('Ce que Camille a choisi');
    expect(of('')).toContain('Ce que la personne a choisi');
  });

  it('is null with nothing to say, and never longer than its bound', () => {
    expect(buildContinuityContext({ language: 'en', firstName: 'Sam', memories: [], facts: [] })).toBeNull();
    const long = buildContinuityContext({
      language: 'fr',
      firstName: 'Inès',
      memories: Array.from({ length: 5 }, (_, i) => memory(`${'Titre '.repeat(20)}${i}`, 'Réflexion '.repeat(24))),
      facts: Array.from({ length: 5 }, () => 'f'.repeat(200)),
    })!;
    expect(long.length).toBeLessThanOrEqual(CONTINUITY_CONTEXT_MAX_CHARS);
  });
});
