import { DEFAULT_LANGUAGE, EMAIL_MAX, MEMORY_TITLE_MAX, FIRST_NAME_MAX, FIRST_NAME_MIN, LANGUAGES, PASSWORD_MAX, PASSWORD_MIN, SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_MIN, SUPPORT_SUBJECT_MAX, SUPPORT_SUBJECT_MIN, type Language } from '@shared/limits';
import i18next, { type BackendModule, type Resource, type ResourceKey, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStoredLanguage, resolveLanguage, storeLanguage } from './language';

type LocaleModule = { default: Record<string, unknown> };

/**
 * Locale files, split so that a page downloads only its language's texts (decision 0029):
 * - bundled, both languages: what can show before or around any page (the frame, error messages);
 * - PUBLIC_PAGE_NAMESPACES: the public pages' texts, loaded with every page (router.tsx);
 * - the signed-in app's texts, loaded with its frame; OWN_PAGE_NAMESPACES, with their page only.
 * vite.config.ts puts each language's on-demand files of a group in one chunk; keep its lists equal to these
 * (scripts/locale-split.test.ts checks them).
 */
const bundledLocaleModules = import.meta.glob<LocaleModule>('../locales/*/{common,errors}.json', { eager: true });
const onDemandLocales = import.meta.glob<LocaleModule>(['../locales/*/*.json', '!../locales/*/{common,errors}.json']);

export const PUBLIC_PAGE_NAMESPACES = ['auth', 'landing', 'shared', 'unsubscribe', 'validation'];
export const OWN_PAGE_NAMESPACES = ['admin', 'billing', 'community', 'exhibitions', 'keeping', 'privacy', 'safety-page', 'support'];

export function buildResources(modules: Record<string, LocaleModule>): Resource {
  const resources: Resource = {};
  for (const [path, module] of Object.entries(modules)) {
    const { language, namespace } = localeOf(path);
    if (!language || !namespace) continue;
    resources[language] = { ...resources[language], [namespace]: module.default };
  }
  return resources;
}

function localeOf(path: string): { language?: string; namespace?: string } {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { language: match[1], namespace: match[2] } : {};
}

/**
 * A page the server rendered says its language on <html data-rendered>: the first render must use the same
 * one to hydrate (start.tsx then follows this browser's own choice, if different). Otherwise the usual order.
 */
function initialLanguage(): Language {
  if (typeof document === 'undefined') return DEFAULT_LANGUAGE;
  const root = document.documentElement;
  if (root.hasAttribute('data-rendered')) return resolveLanguage({ profileLanguage: root.lang });
  return resolveLanguage({ storedLanguage: readStoredLanguage(), browserLanguage: navigator.language });
}

const resources = buildResources(bundledLocaleModules);
export const BUNDLED_NAMESPACES = Object.keys(resources[DEFAULT_LANGUAGE] ?? {});
/** Every namespace that is not bundled. */
export const ON_DEMAND_NAMESPACES = [...new Set(Object.keys(onDemandLocales).map((path) => localeOf(path).namespace!))].sort();
/** The signed-in app's namespaces, loaded with its frame (see loadAppNamespaces). */
export const APP_NAMESPACES = ON_DEMAND_NAMESPACES.filter(
  (namespace) => !PUBLIC_PAGE_NAMESPACES.includes(namespace) && !OWN_PAGE_NAMESPACES.includes(namespace),
);

export const i18n = i18next.createInstance();

const loading = new Map<string, Promise<void>>();
/** Every on-demand namespace asked for so far: a language switch brings them in the new language first. */
const wanted = new Set<string>();

/** Adds these on-demand namespaces in this language (the files of one language share a chunk); retried after a failure. */
export function loadNamespaces(language: string, namespaces: readonly string[]): Promise<void> {
  return Promise.all(
    namespaces.map((namespace) => {
      wanted.add(namespace);
      const key = `${language}/${namespace}`;
      const load = onDemandLocales[`../locales/${key}.json`];
      if (!load || i18n.hasResourceBundle(language, namespace)) return Promise.resolve();
      let promise = loading.get(key);
      if (!promise) {
        promise = load().then(
          (module) => void i18n.addResourceBundle(language, namespace, module.default, true, true),
          (error: unknown) => {
            loading.delete(key);
            throw error;
          },
        );
        loading.set(key, promise);
      }
      return promise;
    }),
  ).then(() => undefined);
}

/** Every page's route waits for this (router.tsx): the public pages' texts in the language on screen. */
export function loadPublicPageNamespaces(): Promise<void> {
  return loadNamespaces(i18n.language, PUBLIC_PAGE_NAMESPACES);
}

/**
 * The signed-in frame's route waits for this (router.tsx): the app's texts but the admin panel's, in the language
 * on screen only — about 9 KB gzipped for English instead of 26 for every language at once. The admin page asks
 * for its own namespace the same way.
 */
export function loadAppNamespaces(namespaces: readonly string[] = APP_NAMESPACES): Promise<void> {
  return loadNamespaces(i18n.language, namespaces);
}

/**
 * A safety net rather than the way in: should a component name a namespace its route did not load, react-i18next
 * suspends it and asks this backend.
 */
const onDemandBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    loadNamespaces(language, [namespace]).then(
      () => callback(null, (i18n.getResourceBundle(language, namespace) as ResourceKey | undefined) ?? {}),
      (error: Error) => callback(error, false),
    );
  },
};

void i18n.use(initReactI18next).use(onDemandBackend).init({
  resources,
  // The bundled namespaces are complete; the others come through loadNamespaces (or, failing that, the backend).
  partialBundledLanguages: true,
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: BUNDLED_NAMESPACES,
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
  initAsync: false, // What shows before a page's texts arrive is bundled, so it renders translated at once.
});

function followDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
followDocumentLanguage(i18n.language);
i18n.on('languageChanged', followDocumentLanguage);

let requestedLanguage: string | null = null;

/**
 * Switches the interface and remembers the choice for the next visit on this browser. The switch waits for the
 * page's texts in the new language (a few KB), so no key ever shows untranslated; of quick successive switches,
 * the last one wins. Resolves once the switch is done (or overtaken by a later one): say something in the new
 * language only then.
 */
export function switchLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  requestedLanguage = language;
  if (i18n.language === language) return Promise.resolve();
  const missing = [...wanted].filter((namespace) => !i18n.hasResourceBundle(language, namespace));
  // Everything already here: the switch happens now, as it always did.
  if (missing.length === 0) return i18n.changeLanguage(language).then(() => undefined);
  const change = async () => {
    if (requestedLanguage === language) await i18n.changeLanguage(language);
  };
  // Should the download fail, switch anyway: i18next falls back to English for what is missing.
  return loadNamespaces(language, missing).then(change, change);
}

/** switchLanguage, for callers that do not wait for it. */
export function setLanguage(language: Language): void {
  void switchLanguage(language);
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
