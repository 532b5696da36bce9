// The public safety page's texts the journeys look for, copied from src/web/locales/{en,fr}/safety-page.json,
// common.json and safety.json (key noted). Kept apart from texts.ts so this page's wording changes in one place.
const en = {
  title: 'Safety', // safety-page:title
  cannotTitle: 'What it cannot do', // safety-page:cannot.title
  humanTitle: 'How to reach a human', // safety-page:human.title
  footerLink: 'Safety', // common:footer.safety
  panelLink: 'How Souvenir keeps you safe', // safety:pageLink
  helpButton: 'Need help now?', // safety:button.label
};

const fr: typeof en = {
  title: 'Sécurité',
  cannotTitle: 'Ce qu’elle ne peut pas faire',
  humanTitle: 'Comment joindre un humain',
  footerLink: 'Sécurité',
  panelLink: 'Comment Souvenir veille sur toi',
  helpButton: 'Besoin d’aide maintenant\u00a0?',
};

export function safetyPageUi(lang: 'en' | 'fr') {
  return lang === 'fr' ? fr : en;
}
