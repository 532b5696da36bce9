// The build and the app must agree on which locale namespaces are bundled and which load on demand
// (decision 0029): vite.config.ts groups the on-demand files into one chunk per language, src/web/lib/i18n.ts globs
// the bundled ones. Were the lists to drift, a bundled file could be pulled into a language chunk, or the reverse.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/limits';
import { BUNDLED_NAMESPACES, OWN_PAGE_NAMESPACES, PUBLIC_PAGE_NAMESPACES, localeChunkName } from '../vite.config';

const i18nSource = readFileSync(new URL('../src/web/lib/i18n.ts', import.meta.url), 'utf8');
const localesDir = new URL('../src/web/locales/', import.meta.url);
const namespacesOf = (language: string) =>
  readdirSync(new URL(`${language}/`, localesDir))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length));

/** The names in `export const NAME = ['a', 'b'];` of i18n.ts. */
function declaredIn(source: string, name: string): string[] | undefined {
  const list = new RegExp(`export const ${name} = \\[([^\\]]*)\\]`).exec(source)?.[1];
  return list?.split(',').map((item) => item.trim().replace(/'/g, '')).filter(Boolean);
}

describe('locale split', () => {
  it('bundles the same namespaces in i18n.ts as vite.config.ts leaves out of the language chunks', () => {
    const braceLists = [...i18nSource.matchAll(/'!?\.\.\/locales\/\*\/\{([a-z,-]+)\}\.json'/g)].map((m) => m[1]!.split(',').sort());
    expect(braceLists.length, 'the bundled glob and its negation in the on-demand glob').toBe(2);
    for (const list of braceLists) expect(list).toEqual([...BUNDLED_NAMESPACES].sort());
  });

  it('groups the on-demand namespaces the same way in both files', () => {
    expect(declaredIn(i18nSource, 'PUBLIC_PAGE_NAMESPACES')).toEqual(PUBLIC_PAGE_NAMESPACES);
    expect(declaredIn(i18nSource, 'OWN_PAGE_NAMESPACES')).toEqual(OWN_PAGE_NAMESPACES);
  });

  it.each(LANGUAGES)('names only namespaces that exist in %s', (language) => {
    const existing = namespacesOf(language);
    for (const namespace of [...BUNDLED_NAMESPACES, ...PUBLIC_PAGE_NAMESPACES, ...OWN_PAGE_NAMESPACES]) expect(existing).toContain(namespace);
  });

  it('puts each on-demand file in its language and group’s chunk, and leaves bundled files alone', () => {
    const file = (language: string, namespace: string) => `/repo/src/web/locales/${language}/${namespace}.json`;
    expect(localeChunkName(file('en', 'home'))).toBe('locales-en');
    expect(localeChunkName(file('fr', 'not-found'))).toBe('locales-fr');
    expect(localeChunkName(file('en', 'landing'))).toBe('locales-en-public');
    expect(localeChunkName(file('fr', 'validation'))).toBe('locales-fr-public');
    expect(localeChunkName(file('fr', 'admin'))).toBe('locales-fr-admin');
    expect(localeChunkName(file('en', 'common'))).toBeNull();
    expect(localeChunkName('C:\\repo\\src\\web\\locales\\en\\home.json')).toBe('locales-en');
    expect(localeChunkName('/repo/src/web/lib/i18n.ts')).toBeNull();
  });
});
