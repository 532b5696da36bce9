// The administrator panel's and the unsubscribe page's texts the journeys look for, copied from
// src/web/locales/{en,fr}/admin.json, unsubscribe.json, validation.json and errors.json (key noted). Kept apart from
// texts.ts so this part's wording changes in one place.
const en = {
  title: 'Administrator Panel', // admin:title
  tabs: 'Administration tools', // admin:tabs.label
  tab: {
    email: 'Email Tools', // admin:tabs.email
    coupons: 'Coupons', // admin:tabs.coupons
    prompt: 'Chat Prompt', // admin:tabs.prompt
    agent: 'Agent Identity', // admin:tabs.agent
    images: 'Image Settings', // admin:tabs.images
    limits: 'Usage Limits', // admin:tabs.limits
    global: 'Global', // admin:tabs.global
    ai: 'AI', // admin:tabs.ai
    support: 'Support Tickets', // admin:tabs.support
  },
  save: 'Save changes', // admin:settings.save
  saved: 'Settings updated', // admin:settings.saved
  // Agent Identity (admin:agent.*).
  agentNames: 'Name', // admin:agent.namesTitle
  agentNameEn: 'Agent name (English)', // admin:agent.nameEn
  agentNameFr: 'Agent name (French)', // admin:agent.nameFr
  agentGenderFr: 'In French, the agent is spoken of as', // admin:agent.genderFr
  agentMasculine: 'Masculine (le compagnon, content)', // admin:agent.genders.masculine
  agentPicture: 'Picture', // admin:agent.avatar.title
  agentPictureFile: "Choose the agent's picture", // admin:agent.avatar.fileLabel
  agentPictureCurrent: "The agent's current picture", // admin:agent.avatar.current
  agentPictureUpdated: "The agent's picture is updated", // admin:agent.avatar.updated
  // Usage Limits (admin:limits.*).
  limitsSection: 'Daily memory limit', // admin:limits.title
  dailyLimit: 'Memories per person per day', // admin:limits.daily
  // Email Tools (admin:tester.*, admin:reminders.*, admin:outbox.*).
  tester: 'Email tester', // admin:tester.title
  recipient: 'Recipient', // admin:tester.to
  subject: 'Subject', // admin:tester.subject
  body: 'Body (HTML)', // admin:tester.html
  sendTest: 'Send test email', // admin:tester.send
  recipientRequired: 'Recipient is required', // validation:recipientRequired
  testSent: 'Email sent successfully', // admin:tester.sent
  bulk: 'Remind inactive people', // admin:reminders.bulkTitle
  days: 'Days without a conversation', // admin:reminders.days
  sendReminders: 'Send reminders', // admin:reminders.bulkSend
  remindersSent: (n: number) => (n === 1 ? `Successfully sent ${n} reminder email` : `Successfully sent ${n} reminder emails`), // admin:reminders.bulkSent_*
  noneNeeded: 'No users found who need reminders', // admin:reminders.noneNeeded
  daysInvalid: 'Please enter a valid number of days (minimum 1)', // validation:reminderDaysInvalid
  single: 'Remind one person', // admin:reminders.singleTitle
  singleEmail: 'Their e-mail address', // admin:reminders.email
  sendReminder: 'Send reminder', // admin:reminders.singleSend
  optedOut: 'This person has unsubscribed from reminders.', // errors:REMINDERS_OPTED_OUT
  outbox: 'Outbox', // admin:outbox.title
  outboxList: 'Messages', // admin:outbox.listLabel
  outboxRefresh: 'Refresh', // admin:outbox.refresh
  outboxTo: (to: string) => `To ${to}`, // admin:outbox.to
  messageContent: 'Message content', // admin:outbox.contentLabel
  textVersion: 'Plain-text version', // admin:outbox.textVersion
  close: 'Close', // common:actions.close
  notAdmin: "You don't have administrator rights", // common:toasts.notAdmin
  chatLog: (agentName: string) => `Conversation with ${agentName}`, // chat:log
  // The reminder e-mails (src/server/db/seed.ts defaults).
  reminderSubject: { en: 'Souvenir is here when you are ready', fr: 'Souvenir t’attend quand tu veux' },
  reminderGreeting: { en: (name: string) => `Hello ${name},`, fr: (name: string) => `Bonjour ${name},` },
  // Unsubscribe page (unsubscribe:*).
  unsubscribeTitle: 'Stop reminder e-mails?', // unsubscribe:title
  stopReminders: 'Stop reminders', // unsubscribe:stop
  unsubscribed: "You won't receive reminders anymore", // unsubscribe:done.title
  invalidLink: "This link isn't valid", // unsubscribe:invalid.title
};

const fr: typeof en = {
  ...en,
  title: 'Panneau d’administration',
  tabs: 'Outils d’administration',
  tab: {
    email: 'Outils e-mail',
    coupons: 'Codes promo',
    prompt: 'Consigne du chat',
    agent: 'Identité de l’agent',
    images: 'Réglages des images',
    limits: 'Limites d’utilisation',
    global: 'Général',
    ai: 'IA',
    support: 'Tickets d’assistance',
  },
  save: 'Enregistrer',
  saved: 'Réglages mis à jour',
  agentNames: 'Nom',
  agentNameEn: 'Nom de l’agent (anglais)',
  agentNameFr: 'Nom de l’agent (français)',
  agentGenderFr: 'En français, on parle de l’agent au',
  agentMasculine: 'Masculin (le compagnon, content)',
  agentPicture: 'Photo',
  agentPictureFile: 'Choisir la photo de l’agent',
  agentPictureCurrent: 'La photo actuelle de l’agent',
  agentPictureUpdated: 'La photo de l’agent est mise à jour',
  limitsSection: 'Limite quotidienne de souvenirs',
  dailyLimit: 'Souvenirs par personne et par jour',
  tester: 'Test d’e-mail',
  recipient: 'Destinataire',
  subject: 'Objet',
  body: 'Contenu (HTML)',
  sendTest: 'Envoyer l’e-mail de test',
  recipientRequired: 'Le destinataire est obligatoire',
  testSent: 'E-mail envoyé',
  bulk: 'Rappeler les personnes inactives',
  days: 'Jours sans conversation',
  sendReminders: 'Envoyer les rappels',
  remindersSent: (n: number) => (n === 1 ? `${n} e-mail de rappel envoyé` : `${n} e-mails de rappel envoyés`),
  noneNeeded: 'Personne n’a besoin d’un rappel pour le moment',
  daysInvalid: 'Saisis un nombre de jours valide (minimum 1)',
  single: 'Rappeler une personne',
  singleEmail: 'Son adresse e-mail',
  sendReminder: 'Envoyer le rappel',
  optedOut: 'Cette personne s’est désinscrite des rappels.',
  outbox: 'Boîte d’envoi',
  outboxList: 'Messages',
  outboxRefresh: 'Actualiser',
  outboxTo: (to: string) => `À ${to}`,
  messageContent: 'Contenu du message',
  textVersion: 'Version texte',
  close: 'Fermer',
  notAdmin: 'Tu n’as pas les droits d’administration',
  chatLog: (agentName: string) => `Conversation avec ${agentName}`,
  unsubscribeTitle: 'Arrêter les e-mails de rappel\u00a0?',
  stopReminders: 'Arrêter les rappels',
  unsubscribed: 'Tu ne recevras plus de rappels',
  invalidLink: 'Ce lien n’est pas valide',
};

export type AdminTexts = typeof en;

export function adminUi(lang: 'en' | 'fr'): AdminTexts {
  return lang === 'fr' ? fr : en;
}
