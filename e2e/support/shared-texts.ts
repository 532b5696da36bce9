// The shared memory page's texts the journeys look for, copied from src/web/locales/{en,fr}/shared.json
// (key noted). Kept apart from texts.ts so this page's wording changes in one place.
const en = {
  reflection: 'Reflection', // shared:reflection
  cta: 'Create your first memory', // shared:cta
  invitation: 'Souvenir turns a conversation about your day into a work of art.', // shared:invitation
  notFoundTitle: 'Memory not found', // shared:notFound.title
  notFoundBody: 'This link is invalid, or the memory is no longer shared.', // shared:notFound.body
  language: 'Language', // common:language.label
  /** The long date of 2 February 2026 in the interface language (Intl, dateStyle long). */
  february2: 'February 2, 2026',
};

const fr: typeof en = {
  reflection: 'Réflexion',
  cta: 'Crée ton premier souvenir',
  invitation: 'Souvenir transforme la conversation de ta journée en œuvre d’art.',
  notFoundTitle: 'Souvenir introuvable',
  notFoundBody: 'Ce lien n’est pas valide, ou ce souvenir n’est plus partagé.',
  language: 'Langue',
  february2: '2 février 2026',
};

export type SharedTexts = typeof en;

export function sharedUi(lang: 'en' | 'fr'): SharedTexts {
  return lang === 'fr' ? fr : en;
}
