// The interface texts the journeys look for, copied from src/web/locales/{en,fr}/*.json (namespace:key noted).
// Tests find elements the way people do (role + visible name), so a wording change in the catalogues is a
// deliberate change here too.
const en = {
  appName: 'Souvenir', // common:brand
  signInWithEmail: 'Sign in with e-mail', // landing:email
  headerSignIn: 'Sign in', // common:header.signIn
  signInTab: 'Sign in', // auth:tabs.signIn
  registerTab: 'Register', // auth:tabs.register
  signIn: 'Sign in', // auth:signIn.submit
  createAccount: 'Create account', // auth:register.submit
  email: 'E-mail', // auth:fields.email
  password: 'Password', // auth:fields.password
  firstName: 'First name', // auth:fields.firstName
  signInRequired: 'Please enter both email and password', // validation:signInRequired
  registerSuccess: 'Registration successful! Please check your email to verify your account.', // auth:toasts.registeredVerify
  emailNotVerified: 'Please verify your e-mail address first — we sent you a link.', // auth:errors.EMAIL_NOT_VERIFIED
  invalidCredentials: 'Incorrect e-mail or password.', // auth:errors.INVALID_EMAIL_OR_PASSWORD
  emailVerified: 'Your e-mail address is verified.', // auth:toasts.verified
  signedIn: 'Successfully signed in', // auth:toasts.signedIn
  forgotPassword: 'Forgot your password?', // auth:signIn.forgot
  forgotTitle: 'Reset your password', // auth:forgot.title
  sendResetLink: 'Send the link', // auth:forgot.submit
  resetLinkSent: 'If an account exists for this address, we sent a link to reset the password.', // auth:forgot.sent
  resetTitle: 'Choose a new password', // auth:reset.title
  newPassword: 'New password', // auth:fields.newPassword
  confirmPassword: 'Confirm the new password', // auth:fields.confirmPassword
  resetSubmit: 'Save the new password', // auth:reset.submit
  resetSuccess: 'Your password has been changed. You can sign in now.', // auth:reset.success
  notFound: 'Oops! Page not found', // not-found:title
  notFoundLink: 'Return to the home page', // not-found:link
  mainNav: 'Main navigation', // common:nav.label (header, drawer and bottom bar)
  home: 'Home', // common:nav.home
  memories: 'Memories', // common:nav.memories
  community: 'Community', // common:nav.community
  openMenu: 'Open menu', // common:header.openMenu
  accountMenu: 'Account menu', // common:header.accountMenu
  signOut: 'Sign out', // common:header.signOut
  signedOut: 'Successfully signed out', // common:toasts.signedOut
  language: 'Language', // common:language.label
  greeting: (firstName: string) => `Hello, ${firstName}`, // home:greeting
  // Server e-mails (src/server/modules/auth/emails.ts).
  mailVerifySubject: 'Confirm your e-mail',
  mailResetSubject: 'Reset',
};

const fr: typeof en = {
  ...en,
  signInWithEmail: 'Se connecter avec un e-mail',
  headerSignIn: 'Se connecter',
  signInTab: 'Se connecter',
  registerTab: 'S’inscrire',
  signIn: 'Se connecter',
  createAccount: 'Créer un compte',
  password: 'Mot de passe',
  firstName: 'Prénom',
  mainNav: 'Navigation principale',
  home: 'Accueil',
  memories: 'Souvenirs',
  community: 'Communauté',
  openMenu: 'Ouvrir le menu',
  accountMenu: 'Menu du compte',
  signOut: 'Se déconnecter',
  signedOut: 'Déconnexion réussie',
  language: 'Langue',
  greeting: (firstName: string) => `Bonjour ${firstName}`,
  registerSuccess: 'Inscription réussie ! Consulte tes e-mails pour vérifier ton compte.',
  emailVerified: 'Ton adresse e-mail est vérifiée.',
  mailVerifySubject: 'Confirme',
  mailResetSubject: 'Réinitialise',
};

export type Texts = typeof en;

export function ui(lang: 'en' | 'fr'): Texts {
  return lang === 'fr' ? fr : en;
}
