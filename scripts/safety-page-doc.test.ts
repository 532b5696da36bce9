import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HELPLINES, SAFETY_COUNTRIES } from '@shared/safety';
import { blockIn, DOC_URL, readSafetyPageTexts, safetyPageMarkdown } from './safety-page-doc';

const doc = readFileSync(DOC_URL, 'utf8');
const shapeOf = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(shapeOf) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)])) : typeof value;

describe('the public safety page and docs/safety.md', () => {
  it('has the page’s own English words in the doc (run `npx tsx scripts/safety-page-doc.ts` after changing them)', () => {
    expect(blockIn(doc)).toBe(safetyPageMarkdown(readSafetyPageTexts()));
  });

  it('says the same things in French: the same sections, each with as many points', () => {
    const french = readSafetyPageTexts(new URL('../src/web/locales/fr/safety-page.json', import.meta.url));
    expect(shapeOf(french)).toEqual(shapeOf(readSafetyPageTexts()));
  });

  it('lists in the doc’s sourced table every number the page and the help panel give', () => {
    const table = doc.slice(doc.indexOf('## The helplines and their sources'), doc.indexOf('## What the layer cannot do'));
    for (const country of SAFETY_COUNTRIES) {
      const { emergency, lines } = HELPLINES[country];
      for (const number of [...emergency.display.split(' / '), ...lines.map((line) => line.display)]) expect(table, `${country} ${number}`).toContain(number);
    }
  });
});
