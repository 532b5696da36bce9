// The built-in renderer's main motif: the day's own things, and never the same one more than twice in ten artworks.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../db/seed';
import { composeImagePrompt } from '../text/offline-extractor';
import { composeArtwork, mainMotifOf, motifsDrawnTooOften, RECENT_MOTIFS_SEEN } from './generative-art';
import type { Motif } from '../mood/lexicon';

const promptOf = (lines: string[]) =>
  composeImagePrompt(
    lines.flatMap((content) => [
      { role: 'user' as const, content },
      { role: 'assistant' as const, content: 'Tell me more.' },
    ]),
    DEFAULT_SETTINGS.imagePrompt,
  );

/** One person's days, drawn in order: each with the motifs of the ones before in view, as generation does. */
function drawInOrder(days: string[][]): Motif[] {
  const drawn: Motif[] = [];
  for (const day of days) drawn.unshift(mainMotifOf(promptOf(day), motifsDrawnTooOften(drawn.slice(0, RECENT_MOTIFS_SEEN))));
  return drawn.reverse();
}

describe('the main motif', () => {
  it('draws the thing the day names: sunflowers, a dog, the canal, the sea, rain, a boat, a cup, a bike', () => {
    const cases: [string[], Motif][] = [
      [['We picked sunflowers at the farm this morning.', 'So yellow!'], 'flowers'],
      [['Took the dog out, he chased a squirrel for ages.'], 'dog'],
      [['Walked along the canal after work, the light on the water.'], 'bridge'],
      [['A whole afternoon at the beach, the sea was cold.'], 'waves'],
      [['Il a plu toute la journée, je suis restée sous la pluie à attendre le bus.'], 'rain'],
      [['On a pris le bateau pour aller sur l’île.'], 'boat'],
      [['Coffee with my old friend Sam at the little cafe.'], 'cup'],
      [['Rode my bike to the market, first time this year.'], 'bicycle'],
    ];
    for (const [lines, motif] of cases) expect(mainMotifOf(promptOf(lines)), lines[0]).toBe(motif);
  });

  it('never shows the same main motif more than twice in ten artworks, even for ten days about the same thing', () => {
    const workDays = Array.from({ length: 14 }, (_, i) => [`Another long day at work, meeting after meeting (${i}).`, 'My boss wants the project by Friday.']);
    const mixed = [
      ['Walked the dog in the park.'], ['Work was a lot today.'], ['The dog was sick, vet again.'], ['Rain all day, stayed home.'],
      ['Dog park with the kids.'], ['Sunflowers on the table from my mum.'], ['Long walk with the dog by the river.'], ['Work work work.'],
      ['The dog stole my sandwich.'], ['Quiet evening, tea and a book.'], ['New puppy toys for the dog.'], ['Beach day!'],
    ];
    for (const days of [workDays, mixed]) {
      const drawn = drawInOrder(days);
      for (let start = 0; start + 10 <= drawn.length; start++) {
        const window = drawn.slice(start, start + 10);
        for (const motif of new Set(window)) expect(window.filter((m) => m === motif).length, `${motif} in ${window.join(', ')}`).toBeLessThanOrEqual(2);
      }
    }
  });

  it('gives a day that names nothing an open form, never an invented thing', () => {
    const open = ['waves', 'leaves', 'stars', 'mountains', 'sun', 'path', 'circles'];
    for (let i = 0; i < 20; i++) expect(open).toContain(mainMotifOf(promptOf([`Nothing special happened, number ${i}.`, 'Okay.'])));
  });

  it('draws the chosen motif: the renderer follows it, the same day and motif give the same picture', () => {
    const prompt = promptOf(['Took the dog out, he chased a squirrel for ages.']);
    const dog = composeArtwork(prompt, 'dog');
    expect(composeArtwork(prompt, 'dog')).toEqual(dog);
    expect(composeArtwork(prompt, 'snow').crisp).not.toBe(dog.crisp);
  });
});
