import { describe, expect, it } from 'vitest';
import { MOOD_CONVERSATIONS, readingAgrees, type MoodFixture } from '../../../../tests/fixtures/mood-conversations';
import { composeImagePrompt, composeMemory } from '../text/offline-extractor';
import { readMood } from './analyse';
import { MOOD_STYLE } from './lexicon';

const agrees = (fixture: MoodFixture) => readingAgrees(fixture, readMood(fixture.lines.join('\n')));

describe('mood reading', () => {
  it('has at least twenty labelled conversations in each language', () => {
    for (const language of ['en', 'fr'] as const) {
      expect(MOOD_CONVERSATIONS.filter((fixture) => fixture.language === language).length, language).toBeGreaterThanOrEqual(20);
    }
  });

  it('agrees with the labelled conversations, in each language', () => {
    for (const language of ['en', 'fr'] as const) {
      const fixtures = MOOD_CONVERSATIONS.filter((fixture) => fixture.language === language);
      const wrong = fixtures.filter((fixture) => !agrees(fixture)).map((fixture) => `${fixture.mood} ← ${fixture.lines.join(' ')}`);
      // The set was written beside the lexicon: it holds the reader to these cases, it does not measure it on real days.
      expect(wrong, language).toEqual([]);
    }
  });

  it('reads happy tears as joy, in both languages', () => {
    for (const text of ['I cried happy tears all afternoon.', 'Tears of joy when she was born.', 'J’ai pleuré de joie.', 'Des larmes de bonheur.']) {
      expect(readMood(text).primary, text).toBe('joyful');
      expect(readMood(text).secondary, text).not.toBe('melancholy');
    }
  });

  it('does not count a mood that is denied, and reads a denied joy as its shadow', () => {
    for (const text of ['I’m not sad at all.', 'I wasn’t sad.', 'Not at all sad today.', 'Je ne suis pas triste du tout.', 'Pas triste.', 'Je ne suis plus triste.']) {
      expect(readMood(text).intensity, text).toBe(0);
    }
    expect(readMood('I am not happy.').primary).toBe('melancholy');
    expect(readMood('Je ne suis pas heureuse.').primary).toBe('melancholy');
    // A negation stops at the clause: "not tired, just sad" is sad.
    expect(readMood('Not tired, just sad.').primary).toBe('melancholy');
    // French "plus" alone means "more".
    expect(readMood('Je suis plus heureuse qu’hier.').primary).toBe('joyful');
  });

  it('keeps both moods of a mixed day', () => {
    const reading = readMood('The morning was awful and I felt sad. In the evening we laughed so much, it was fun.');
    expect(new Set([reading.primary, reading.secondary])).toEqual(new Set(['melancholy', 'joyful']));
  });

  it('never invents a theme from words that only look like one', () => {
    for (const text of [
      'At this moment I feel fine.', // "mom"
      'I started to feel better on Sunday.', // "star", "sun"
      'I could not fall asleep, I was still thinking.', // "fall", "still"
      'It was kind of a strange day.', // "kind"
      'Ce soir je me sens seulement un peu lasse.', // "soir", "seul"
      'Il a été gentil, j’ai fait les courses.', // "été", "course"
      'We had a chat about nothing in particular.', // "chat"
      'Last night I barely slept.', // "night"
    ]) {
      expect(readMood(text).themes.map((theme) => theme.en), text).toEqual([]);
    }
  });

  it('gives a day of happy tears a bright title and palette, not the weight of the day on grey rain', () => {
    const niece = MOOD_CONVERSATIONS.find((fixture) => fixture.kind === 'happy-tears' && fixture.language === 'en')!;
    const messages = niece.lines.flatMap((content) => [
      { role: 'user' as const, content },
      { role: 'assistant' as const, content: 'Tell me more.' },
    ]);
    for (const language of ['en', 'fr'] as const) {
      const memory = composeMemory(messages, language);
      expect(`${memory.title} ${memory.poeticSummary}`).not.toMatch(/weight|blue|grey|sad|poids|bleu|gris|triste/i);
    }
    const prompt = composeImagePrompt(messages, 'A serene, painterly artwork, soft light, no text.');
    const reading = readMood(prompt);
    // A niece born and happy tears: joy or tenderness both read the day rightly; sadness would not.
    expect(['joyful', 'tender']).toContain(reading.primary);
    expect(MOOD_STYLE[reading.primary].palette).not.toEqual(MOOD_STYLE.melancholy.palette);
    expect(reading.themes.flatMap((theme) => theme.motifs)).not.toContain('rain');
  });
});
