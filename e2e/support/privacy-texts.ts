// The privacy policy and community pages' texts the journeys look for, copied from src/web/locales/{en,fr}/privacy.json
// and community.json (key noted), and from the built-in policy (src/server/modules/privacy/default-policy.ts).
// Kept apart from texts.ts so these pages' wording changes in one place.
const en = {
  // Privacy policy (privacy:*).
  policyTitle: 'Privacy policy', // privacy:title
  policyLanguage: 'Language of the policy', // privacy:language.label
  edit: 'Edit', // privacy:edit
  editorLabel: (language: 'English' | 'Français') => `Policy text (${language}, Markdown)`, // privacy:editor.label
  save: 'Save', // privacy:editor.save
  cancel: 'Cancel', // privacy:editor.cancel
  updateSuccess: 'The privacy policy has been updated', // privacy:privacyPolicy.updateSuccess
  editCancelled: 'Changes discarded', // privacy:privacyPolicy.editCancelled
  /** "Effective date: …" of November 25, 2026, in this language (privacy:effectiveDate; French with a non-breaking space). */
  effectiveDate: 'Effective date: November 25, 2026',
  /** A section heading of the built-in policy. */
  builtInHeading: 'What we collect',
  /** A text the server cannot draw in time (errors:PRIVACY_POLICY_TOO_COMPLEX). */
  tooComplex: 'This text can’t be shown as a page: its Markdown takes too long to lay out (more than 2 seconds) or makes too large a page. Long runs of *, _, [ or > usually cause it. Simplify them, then save again.',
  // Community (community:*).
  communityTitle: 'Community', // community:title
  calendarSection: "This week's gatherings", // community:calendar.title
  nothingYet: 'Nothing is planned here yet', // community:nothingYet.title
  showCalendar: 'Show the calendar', // community:calendar.show
  calendarFrame: 'Calendar of art-therapy gatherings', // community:calendar.frameTitle
  addToCalendar: /^Add to calendar/, // community:calendar.add (+ "opens in a new tab" for screen readers)
  joinChat: /^Join the conversation on our community server/, // community:chat.join
  backHome: 'Back to home', // common:actions.backHome
};

const fr: typeof en = {
  policyTitle: 'Politique de confidentialité',
  policyLanguage: 'Langue de la politique',
  edit: 'Modifier',
  editorLabel: (language) => `Texte de la politique (${language}, Markdown)`,
  save: 'Enregistrer',
  cancel: 'Annuler',
  updateSuccess: 'La politique de confidentialité a été mise à jour',
  editCancelled: 'Modifications abandonnées',
  effectiveDate: 'Date d’entrée en vigueur\u00a0: 25 novembre 2026',
  builtInHeading: 'Ce que nous collectons',
  tooComplex:
    'Ce texte ne peut pas être affiché\u00a0: sa mise en forme Markdown prend trop de temps (plus de 2\u00a0secondes) ou donne une page trop lourde. De longues suites de *, _, [ ou > en sont souvent la cause. Simplifie-les, puis enregistre à nouveau.',
  communityTitle: 'Communauté',
  calendarSection: 'Les ateliers de la semaine',
  nothingYet: 'Rien n’est prévu ici pour l’instant',
  showCalendar: 'Afficher le calendrier',
  calendarFrame: 'Calendrier des ateliers d’art-thérapie',
  addToCalendar: /^Ajouter à mon agenda/,
  joinChat: /^Rejoindre la conversation sur notre serveur communautaire/,
  backHome: 'Retour à l’accueil',
};

export type PrivacyTexts = typeof en;

export function privacyUi(lang: 'en' | 'fr'): PrivacyTexts {
  return lang === 'fr' ? fr : en;
}
