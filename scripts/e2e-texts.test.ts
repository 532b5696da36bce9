// The browser journeys find elements by the words people see, kept in e2e/support/*texts.ts with the catalogue
// key each comes from (`// namespace:key`). This holds every such copy, English and French, to its catalogue,
// so a wording change in src/web/locales fails here at once, not as a browser test that cannot find a button.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const supportDir = new URL('../e2e/support/', import.meta.url);
const files = readdirSync(supportDir).filter((name) => name.endsWith('texts.ts'));

/** `name: …, // namespace:key` in the English block: the property and where its words come from. */
function sourcesOf(source: string): Map<string, { namespace: string; key: string }> {
  const english = source.slice(source.indexOf('const en = {'), source.indexOf('\n};', source.indexOf('const en = {')));
  const sources = new Map<string, { namespace: string; key: string }>();
  for (const match of english.matchAll(/^\s{2}(\w+): .*\/\/ ([a-z-]+):([\w.]+)\s*(?:\(.*\))?$/gm)) {
    sources.set(match[1]!, { namespace: match[2]!, key: match[3]! });
  }
  return sources;
}

const catalogues = new Map<string, unknown>();
function catalogueText(language: 'en' | 'fr', namespace: string, key: string): unknown {
  const file = `${language}/${namespace}`;
  if (!catalogues.has(file)) catalogues.set(file, JSON.parse(readFileSync(new URL(`../src/web/locales/${file}.json`, import.meta.url), 'utf8')));
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogues.get(file));
}

describe('the browser journeys’ copies of the interface texts', () => {
  it.each(files)('%s matches the catalogues in English and French', async (file) => {
    const sources = sourcesOf(readFileSync(new URL(file, supportDir), 'utf8'));
    expect(sources.size, 'texts with a catalogue key').toBeGreaterThan(0);
    const module = (await import(`../e2e/support/${file}`)) as Record<string, unknown>;
    const texts = Object.values(module).find((value): value is (lang: 'en' | 'fr') => Record<string, unknown> => typeof value === 'function');
    expect(texts, 'the file exports its texts by language').toBeDefined();

    const differences: string[] = [];
    for (const language of ['en', 'fr'] as const) {
      const copies = texts!(language);
      const english = texts!('en');
      for (const [name, { namespace, key }] of sources) {
        const copy = copies[name];
        // A French block may keep an English text it never looks for (`...en`): only its own are checked.
        if (language === 'fr' && copy === english[name]) continue;
        const original = catalogueText(language, namespace, key);
        // Functions and texts with placeholders are built by the journeys; the plain ones must be word for word.
        if (typeof copy !== 'string' || typeof original !== 'string' || original.includes('{{')) continue;
        if (copy !== original) differences.push(`${language} ${name} (${namespace}:${key}): ${JSON.stringify(copy)} ≠ ${JSON.stringify(original)}`);
      }
    }
    expect(differences).toEqual([]);
  });
});
