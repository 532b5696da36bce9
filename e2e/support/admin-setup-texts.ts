// The profile's "Become administrator" section (an ADMIN_EMAILS address on an instance without e-mail), copied from
// src/web/locales/{en,fr}/profile.json and errors.json (key noted).
const en = {
  section: 'Become administrator', // profile:adminSetup.title
  label: 'Setup code', // profile:adminSetup.label
  confirm: 'Confirm', // profile:adminSetup.action
  success: 'You are now an administrator', // profile:adminSetup.success
  invalid: 'This setup code is not valid: it may be mistyped, already used, or more than a day old. Restart the server to print a new one.', // errors:ADMIN_SETUP_CODE_INVALID
};

const fr: typeof en = {
  section: 'Devenir administrateur',
  label: 'Code d’installation',
  confirm: 'Confirmer',
  success: 'Tu es maintenant administrateur',
  invalid:
    'Ce code d’installation n’est pas valide\u00a0: il est peut-être mal recopié, déjà utilisé ou vieux de plus d’un jour. Redémarre le serveur pour en afficher un nouveau.',
};

export type AdminSetupTexts = typeof en;

export function adminSetupUi(lang: 'en' | 'fr'): AdminSetupTexts {
  return lang === 'fr' ? fr : en;
}
