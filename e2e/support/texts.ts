// The interface texts the journeys look for, copied from src/web/locales/{en,fr}/*.json. Tests find elements the way
// people do (role + visible name), so a wording change in the catalogues is a deliberate change here too.
const en = {
  appName: 'Souvenir',
  signInWithEmail: 'Sign in with e-mail',
  signInTab: 'Sign in',
  registerTab: 'Register',
  signIn: 'Sign in',
  createAccount: 'Create account',
  signOut: 'Sign out',
  email: 'E-mail',
  password: 'Password',
  firstName: 'First name',
  signInRequired: 'Please enter both email and password',
  registerSuccess: 'Registration successful! Please check your email to verify your account.',
  emailNotVerified: /verif/i,
  invalidCredentials: /invalid e-?mail or password/i,
  emailVerified: /verified/i,
  forgotPassword: /forgot/i,
  sendResetLink: /send/i,
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  resetSubmit: /reset|save|update/i,
  notFound: 'Oops! Page not found',
  notFoundLink: /home|back/i,
  home: 'Home',
  memories: 'Memories',
  community: 'Community',
  openMenu: /menu/i,
  bottomNav: /bottom|mobile|tab/i,
  accountMenu: /account|menu|profile/i,
  language: /language|langue/i,
  greeting: /hello|welcome/i,
  mailVerifySubject: 'Confirm your e-mail',
  mailResetSubject: 'Reset',
};

const fr: typeof en = {
  ...en,
  signInTab: 'Se connecter',
  signIn: 'Se connecter',
  registerTab: 'Créer un compte',
  createAccount: 'Créer un compte',
  signOut: 'Se déconnecter',
  email: 'E-mail',
  password: 'Mot de passe',
  firstName: 'Prénom',
  greeting: /bonjour/i,
  home: 'Accueil',
  memories: 'Souvenirs',
  community: 'Communauté',
  mailVerifySubject: 'Confirme',
  mailResetSubject: 'Réinitialise',
};

export type Texts = typeof en;

export function ui(lang: 'en' | 'fr'): Texts {
  return lang === 'fr' ? fr : en;
}
