import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, readStoredLanguage, resolveLanguage, storeLanguage } from './language';

describe('resolveLanguage', () => {
  it("uses the signed-in person's profile language first", () => {
    expect(resolveLanguage({ profileLanguage: 'fr', storedLanguage: 'en', browserLanguage: 'en-US' })).toBe('fr');
  });

  it('then the language chosen before on this browser', () => {
    expect(resolveLanguage({ profileLanguage: null, storedLanguage: 'fr', browserLanguage: 'en-GB' })).toBe('fr');
  });

  it('then the browser language when it is English or French', () => {
    expect(resolveLanguage({ storedLanguage: null, browserLanguage: 'fr-CA' })).toBe('fr');
    expect(resolveLanguage({ browserLanguage: 'en-AU' })).toBe('en');
  });

  it('ignores values that are not en or fr at every step', () => {
    expect(resolveLanguage({ profileLanguage: 'de', storedLanguage: 'klingon', browserLanguage: 'fr-BE' })).toBe('fr');
  });

  it('falls back to English', () => {
    expect(resolveLanguage({ browserLanguage: 'de-DE' })).toBe('en');
    expect(resolveLanguage({})).toBe('en');
  });
});

describe('readStoredLanguage', () => {
  it('takes the language cookie first (the server sets it when a page without scripts switches), then local storage', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(readStoredLanguage()).toBe('en');
    document.cookie = 'souvenir_language=fr; path=/';
    expect(readStoredLanguage()).toBe('fr');
    storeLanguage('en');
    expect(readStoredLanguage()).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });
});
