import { ERROR_STATUS } from '@shared/errors';
import { LANGUAGES } from '@shared/limits';
import { describe, expect, it } from 'vitest';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const files = import.meta.glob<{ default: Json }>('../locales/*/*.json', { eager: true });
const sharedSources = import.meta.glob<string>('../../shared/**/*.ts', { eager: true, query: '?raw', import: 'default' });

function byLanguage() {
  const result: Record<string, Record<string, Json>> = {};
  for (const [path, module] of Object.entries(files)) {
    const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    (result[language!] ??= {})[namespace!] = module.default;
  }
  return result;
}

function flatten(value: Json, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { [prefix]: JSON.stringify(value) };
  return Object.entries(value).reduce<Record<string, string>>(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

const locales = byLanguage();
const namespaces = [...new Set(Object.values(locales).flatMap((ns) => Object.keys(ns)))].sort();

describe('locale files', () => {
  it('exist for both languages', () => {
    expect(Object.keys(locales).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('have every namespace in %s', (language) => {
    expect(Object.keys(locales[language] ?? {}).sort()).toEqual(namespaces);
  });

  it.each(namespaces)('have the same keys in English and French for "%s"', (namespace) => {
    const en = Object.keys(flatten(locales.en?.[namespace] ?? {})).sort();
    const fr = Object.keys(flatten(locales.fr?.[namespace] ?? {})).sort();
    expect({ missingInFrench: en.filter((k) => !fr.includes(k)), missingInEnglish: fr.filter((k) => !en.includes(k)) }).toEqual({
      missingInFrench: [],
      missingInEnglish: [],
    });
  });

  it('have no empty text', () => {
    const empty = Object.entries(locales).flatMap(([language, nss]) =>
      Object.entries(nss).flatMap(([ns, content]) =>
        Object.entries(flatten(content))
          .filter(([, text]) => text.trim() === '')
          .map(([key]) => `${language}/${ns}:${key}`),
      ),
    );
    expect(empty).toEqual([]);
  });

  it('use French typography: a non-breaking space before : ; ! ? and inside « »', () => {
    const wrong = Object.entries(locales.fr ?? {}).flatMap(([ns, content]) =>
      Object.entries(flatten(content))
        // "{{x}}" placeholders and URLs are not prose.
        .filter(([, text]) => /(?:[^\u00a0\u202f{}/][;!?]|[^\u00a0\u202f{}/\d]:(?!\/\/)|«(?!\u00a0)|(?<!\u00a0)»)/u.test(text.replace(/\{\{[^}]*\}\}/g, '')))
        .map(([key, text]) => `${ns}:${key} → ${text}`),
    );
    expect(wrong).toEqual([]);
  });

  it('translate every validation message the shared schemas can produce', () => {
    const keys = new Set(Object.values(sharedSources).flatMap((source) => [...source.matchAll(/'validation\.([A-Za-z]+)'/g)].map((m) => m[1]!)));
    expect(keys.size).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      const validation = flatten(locales[language]?.validation ?? {});
      expect([...keys].filter((key) => !(key in validation)), language).toEqual([]);
    }
  });

  it('translate every API error code', () => {
    for (const language of LANGUAGES) {
      const errors = flatten(locales[language]?.errors ?? {});
      expect(Object.keys(ERROR_STATUS).filter((code) => !(code in errors)), language).toEqual([]);
    }
  });
});
