import { DEFAULT_LANGUAGE, EMAIL_MAX, MEMORY_TITLE_MAX, FIRST_NAME_MAX, FIRST_NAME_MIN, LANGUAGES, PASSWORD_MAX, PASSWORD_MIN, SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_MIN, SUPPORT_SUBJECT_MAX, SUPPORT_SUBJECT_MIN, type Language } from '@shared/limits';
import i18next, { type Resource, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStoredLanguage, resolveLanguage, storeLanguage } from './language';

type LocaleModule = { default: Record<string, unknown> };

/** Every locales/<language>/<namespace>.json, bundled: no request, no flash of untranslated text. */
export const localeModules = import.meta.glob<LocaleModule>('../locales/*/*.json', { eager: true });

export function buildResources(modules: Record<string, LocaleModule>): Resource {
  const resources: Resource = {};
  for (const [path, module] of Object.entries(modules)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    resources[language] = { ...resources[language], [namespace]: module.default };
  }
  return resources;
}

const resources = buildResources(localeModules);
export const NAMESPACES = Object.keys(resources[DEFAULT_LANGUAGE] ?? {});

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: resolveLanguage({ storedLanguage: readStoredLanguage(), browserLanguage: navigator.language }),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: {
    escapeValue: false, // React escapes already.
    // Validation messages quote the shared limits, so a limit changes in one place only.
    defaultVariables: {
      passwordMin: PASSWORD_MIN,
      passwordMax: PASSWORD_MAX,
      firstNameMin: FIRST_NAME_MIN,
      firstNameMax: FIRST_NAME_MAX,
      emailMax: EMAIL_MAX,
      memoryTitleMax: MEMORY_TITLE_MAX,
      supportSubjectMin: SUPPORT_SUBJECT_MIN,
      supportSubjectMax: SUPPORT_SUBJECT_MAX,
      supportMessageMin: SUPPORT_MESSAGE_MIN,
      supportMessageMax: SUPPORT_MESSAGE_MAX,
    },
  },
  returnNull: false,
  initAsync: false, // Resources are bundled, so the first render is already translated.
});

function followDocumentLanguage(language: string) {
  document.documentElement.lang = language;
}
followDocumentLanguage(i18n.language);
i18n.on('languageChanged', followDocumentLanguage);

/** Switches the interface and remembers the choice for the next visit on this browser. */
export function setLanguage(language: Language): void {
  storeLanguage(language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return resolveLanguage({ profileLanguage: i18n.resolvedLanguage ?? i18n.language });
}

/**
 * Shared zod schemas and the API carry messages as "namespace.key" (e.g. "validation.signInRequired");
 * i18next separates the namespace with a colon.
 */
export function translateMessageKey(t: TFunction, key: string | undefined, fallbackKey = 'errors:generic'): string {
  if (!key) return t(fallbackKey);
  const dot = key.indexOf('.');
  const i18nKey = dot > 0 ? `${key.slice(0, dot)}:${key.slice(dot + 1)}` : key;
  return i18n.exists(i18nKey) ? t(i18nKey) : t(fallbackKey);
}
