// The monthly exhibition's texts the journey looks for, copied from src/web/locales/{en,fr}/exhibitions.json (key noted).
const en = {
  letter: 'A letter', // exhibitions:wall.letterHeading
  wall: 'The wall', // exhibitions:wall.artworksHeading
  offline: 'Written by Souvenir itself, without AI, from this month’s titles and moods.', // exhibitions:wall.letterBy.offline
  share: 'Share', // exhibitions:share.heading
  create: 'Create a link', // exhibitions:share.create
  link: 'Link to this exhibition', // exhibitions:share.linkLabel
  keep: 'Keep in my gallery', // exhibitions:wall.keep
  kept: 'Kept in your gallery', // exhibitions:wall.kept
};

const fr: typeof en = {
  letter: 'Une lettre',
  wall: 'Le mur',
  offline: 'Écrite par Souvenir lui-même, sans IA, à partir des titres et des humeurs du mois.',
  share: 'Partager',
  create: 'Créer un lien',
  link: 'Lien vers cette exposition',
  keep: 'Garder dans ma galerie',
  kept: 'Gardée dans ta galerie',
};

export function exhibitionUi(lang: 'en' | 'fr') {
  return lang === 'fr' ? fr : en;
}
