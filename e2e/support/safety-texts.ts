// The crisis layer's texts the journeys look for, copied from src/web/locales/{en,fr}/safety.json and chat.json
// (key noted). Kept apart from texts.ts so this part's wording changes in one place.
const en = {
  helpButton: 'Need help now?', // safety:button.label
  dialogTitle: 'Someone can listen, right now', // safety:dialog.title
  crisisTitle: "You don't have to carry this alone", // safety:crisis.title
  fold: 'Fold the helplines', // safety:crisis.fold
  unfold: 'Show the helplines', // safety:crisis.unfold
  call: (number: string) => `Call ${number}`, // safety:call
  text: (number: string) => `Text ${number}`, // safety:text
  countryChoice: (country: 'FR' | 'US' | 'GB' | 'CA') =>
    ({
      FR: 'Not in France? Choose your country',
      US: 'Not in the United States? Choose your country',
      GB: 'Not in the United Kingdom? Choose your country',
      CA: 'Not in Canada? Choose your country',
    })[country], // safety:country.choose.*
  close: 'Close', // common:actions.close
  /** chat:disclosure.offline_feminine, for the built-in companion named `agent` (Mira, feminine in French by default). */
  disclosureOffline: (agent: string) => `${agent} is Souvenir's built-in companion: a simple listener, with no AI behind it. It is not a therapist or a crisis service.`,
  /** chat:disclosure.offline_masculine, once the administrator says the French name is masculine. */
  disclosureOfflineMasculine: (agent: string) => `${agent} is Souvenir's built-in companion: a simple listener, with no AI behind it. It is not a therapist or a crisis service.`,
};

const fr: typeof en = {
  helpButton: 'Besoin d’aide maintenant\u00a0?',
  dialogTitle: 'Quelqu’un peut t’écouter, maintenant',
  crisisTitle: 'Tu n’as pas à traverser ça sans personne',
  fold: 'Replier les numéros d’aide',
  unfold: 'Afficher les numéros d’aide',
  call: (number) => `Appeler le ${number}`,
  text: (number) => `Envoyer un SMS au ${number}`,
  countryChoice: (country) =>
    ({
      FR: 'Pas en France\u00a0? Choisis ton pays',
      US: 'Pas aux États-Unis\u00a0? Choisis ton pays',
      GB: 'Pas au Royaume-Uni\u00a0? Choisis ton pays',
      CA: 'Pas au Canada\u00a0? Choisis ton pays',
    })[country],
  close: 'Fermer',
  disclosureOffline: (agent) => `${agent} est la compagne intégrée de Souvenir\u00a0: une simple écoute, sans IA. Ce n’est ni une thérapeute ni un service d’aide en cas de crise.`,
  disclosureOfflineMasculine: (agent) => `${agent} est le compagnon intégré de Souvenir\u00a0: une simple écoute, sans IA. Ce n’est ni un thérapeute ni un service d’aide en cas de crise.`,
};

export function safetyUi(lang: 'en' | 'fr') {
  return lang === 'fr' ? fr : en;
}
