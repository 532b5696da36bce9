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
  registered: 'Registration successful! You can sign in now.', // auth:toasts.registered
  // Toasts (sonner) live in a region named "Notifications alt+T" whatever the interface language.
  toasts: /^Notifications/,
  // Home (home:today.*, home:memories.*, home:welcomeBack.*).
  homeFirstSessionFree: 'Your first session is free.', // home:today.firstSessionFree
  homeFirstSessionHint: 'Tell your companion about your day, at your own pace. It becomes a work of art you can keep.', // home:today.firstSessionHint
  homeJournalDays: (count: number) => (count === 1 ? `You've journaled ${count} day` : `You've journaled ${count} days`), // home:today.days_*
  homeStart: "Start today's session", // home:today.start
  homeSubscribe: 'Subscribe', // home:today.subscribe
  homeSubscriptionRequired: 'Your first session was free. A subscription is required to continue.', // home:today.subscriptionRequired
  memoriesTitle: 'Your recent memories', // home:memories.title
  memoriesEmptyTitle: 'Your first memory is waiting', // home:memories.emptyTitle
  memoriesEmptyAction: 'Start a conversation', // home:memories.emptyAction
  welcomeBackTitle: 'Welcome back', // home:welcomeBack.title
  welcomeBackLanguage: 'Language', // home:welcomeBack.language
  welcomeBackPreferNotToSay: 'Prefer not to say', // home:welcomeBack.genders.unspecified
  welcomeBackSave: 'Save', // home:welcomeBack.save
  welcomeBackSkip: 'Skip', // home:welcomeBack.skip
  languageName: { en: 'English', fr: 'Français' }, // common:language.names.*
  pricingTitle: 'Subscription', // billing:pricing.title
  // Chat (chat:*).
  chatTitle: "Today's conversation", // chat:title
  chatInput: 'Your message', // chat:input.label
  chatSend: 'Send', // chat:send
  chatHello: (firstName: string) => `Hello ${firstName}`, // chat:welcome.hello
  chatFirstVisit: "Once we've shared at least three messages, you can finish our conversation.", // part of chat:welcome.first
  chatGenerationsLeft: (remaining: number, count: number) =>
    count === 1 ? `${remaining} of ${count} memory left today` : `${remaining} of ${count} memories left today`, // chat:generations.remaining_*
  chatResetsIn: 'Resets in', // chat:generations.resetIn
  chatFinish: 'Finish and create my memory', // chat:finish.label
  chatFinishHint: 'After three messages, you can turn this conversation into a memory.', // chat:finish.hint
  chatFinishPending: 'Creating your memory…', // chat:finish.pending
  chatMemoryMade: 'This conversation has become a memory.', // chat:finish.done
  chatLimitTitle: (count: number) => (count === 1 ? `Daily limit reached: ${count} memory per day` : `Daily limit reached: ${count} memories per day`), // chat:limit.title_*
  // Generation (chat:generating, chat:loadingMessages.0, chat:generation.*).
  generationCreating: 'Creating your visual memory...', // chat:generating
  generationFirstLine: 'Mixing the colours of your day…', // chat:loadingMessages.0
  generationCreated: 'Your conversation has been transformed into a visual memory', // chat:generation.created
  // Memory page (memories:detail.*).
  memoryBack: 'All memories', // memories:detail.back
  memoryBackHome: 'Back to home', // memories:detail.backHome
  memoryReflection: 'Reflection', // memories:detail.reflection
  chatNoAccessTitle: 'Keep going with a subscription', // chat:noAccess.title
  chatNoAccessAction: 'See the subscription', // chat:noAccess.action
  voiceRecord: 'Record a voice message', // chat:voice.record
  voiceStop: 'Stop recording', // chat:voice.stop
  voiceRecording: 'Recording...', // chat:voice.recording
  voiceSent: 'Voice message transcribed and sent', // chat:voice.sent
  transcriptionUnavailable: 'Voice messages need a transcription service, which isn’t set up here. You can type instead.', // errors:TRANSCRIPTION_UNAVAILABLE
  voiceAdminUnavailable: 'Voice is off: no transcription service is chosen yet. As an administrator, you can choose one in the administrator panel’s AI tab.', // chat:voice.adminUnavailable
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
  registered: 'Inscription réussie\u00a0! Tu peux te connecter.',
  homeFirstSessionFree: 'Ta première conversation est offerte.',
  // The neutral sentence; an instance whose companion is feminine or masculine shows its `_feminine`/`_masculine` form.
  homeFirstSessionHint: 'Raconte ta journée, à ton rythme. Tes mots deviennent une œuvre d’art que tu peux garder.',
  homeJournalDays: (count: number) => (count === 1 ? `Tu as tenu ton journal pendant ${count} jour` : `Tu as tenu ton journal pendant ${count} jours`),
  homeStart: 'Commencer la conversation du jour',
  homeSubscribe: 'S’abonner',
  homeSubscriptionRequired: 'Ta première conversation était offerte. Un abonnement est nécessaire pour continuer.',
  memoriesTitle: 'Tes derniers souvenirs',
  memoriesEmptyTitle: 'Ton premier souvenir t’attend',
  memoriesEmptyAction: 'Commencer une conversation',
  welcomeBackTitle: 'Te revoilà',
  welcomeBackLanguage: 'Langue',
  welcomeBackPreferNotToSay: 'Je préfère ne pas le dire',
  welcomeBackSave: 'Enregistrer',
  welcomeBackSkip: 'Passer',
  pricingTitle: 'Abonnement',
  chatTitle: 'La conversation du jour',
  chatInput: 'Ton message',
  chatSend: 'Envoyer',
  chatHello: (firstName: string) => `Bonjour ${firstName}`,
  chatFirstVisit: 'Après au moins trois messages échangés, tu pourras terminer notre conversation.',
  chatGenerationsLeft: (remaining: number, count: number) => `Souvenirs restants aujourd’hui\u00a0: ${remaining} sur ${count}`,
  chatResetsIn: 'Remise à zéro dans',
  chatFinish: 'Terminer et créer mon souvenir',
  chatFinishHint: 'Après trois messages, tu pourras transformer cette conversation en souvenir.',
  chatFinishPending: 'Création de ton souvenir…',
  chatMemoryMade: 'Cette conversation est devenue un souvenir.',
  chatLimitTitle: (count: number) => `Limite quotidienne atteinte\u00a0: ${count} ${count === 1 ? 'image' : 'images'} par jour`,
  generationCreating: 'Création de ton souvenir illustré…',
  generationFirstLine: 'Je mélange les couleurs de ta journée…',
  generationCreated: 'Ta conversation est devenue un souvenir illustré',
  memoryBack: 'Tous les souvenirs',
  memoryBackHome: 'Retour à l’accueil',
  memoryReflection: 'Réflexion',
  chatNoAccessTitle: 'Continuer avec un abonnement',
  chatNoAccessAction: 'Voir l’abonnement',
  voiceRecord: 'Enregistrer un message vocal',
  voiceStop: 'Arrêter l’enregistrement',
  voiceRecording: 'Enregistrement…',
  voiceSent: 'Message vocal transcrit et envoyé',
  transcriptionUnavailable: 'Les messages vocaux demandent un service de transcription, qui n’est pas configuré ici. Tu peux écrire à la place.',
  voiceAdminUnavailable:
    'La voix est désactivée\u00a0: aucun service de transcription n’est encore choisi. En tant qu’administrateur, tu peux en choisir un dans l’onglet IA du panneau d’administration.',
  registerSuccess: 'Inscription réussie ! Consulte tes e-mails pour vérifier ton compte.',
  emailVerified: 'Ton adresse e-mail est vérifiée.',
  mailVerifySubject: 'Confirme',
  mailResetSubject: 'Réinitialise',
};

export type Texts = typeof en;

export function ui(lang: 'en' | 'fr'): Texts {
  return lang === 'fr' ? fr : en;
}
