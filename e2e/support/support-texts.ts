// The Support page's and the admin panel's texts the journeys look for, copied from
// src/web/locales/{en,fr}/support.json and admin.json (key noted). Kept apart from texts.ts so this part's wording
// changes in one place.
const en = {
  title: 'Support', // support:title
  tabs: 'Support', // support:tabs.label
  newTicket: 'New ticket', // support:tabs.newTicket
  history: 'History', // support:tabs.history
  subject: 'Subject', // support:ticketForm.subject
  message: 'Message', // support:ticketForm.message
  cancel: 'Cancel', // support:ticketForm.cancel
  submit: 'Submit', // support:ticketForm.submit
  submitting: 'Submitting…', // support:ticketForm.submitting
  submitSuccess: "Your message has been sent. You'll find our answer in your history.", // support:ticketForm.submitSuccess
  subjectTooShort: 'Subject must be at least 5 characters', // validation:ticketSubjectTooShort
  messageTooShort: 'Message must be at least 20 characters', // validation:ticketMessageTooShort
  noTickets: "You haven't written to us yet. When you do, your messages and our answers will appear here.", // support:noTickets
  historyList: 'Your messages', // support:history.label
  ourAnswer: 'Our answer', // support:history.answer
  status: { open: 'Open', answered: 'Answered', closed: 'Closed' }, // common:ticketStatus.*
  // The e-mail an answer sends (src/server/modules/support/emails.ts).
  mailAnsweredSubject: 'We answered your message',
  // Admin panel (admin:*).
  adminTitle: 'Administrator Panel', // admin:title
  adminTabs: 'Administration tools', // admin:tabs.label
  adminSupportTab: 'Support Tickets', // admin:tabs.support
  adminFilter: 'Show', // admin:tickets.filter
  adminRespond: 'Respond', // admin:tickets.respond
  adminRespondAgain: 'Respond again', // admin:tickets.respondAgain
  adminResponse: 'Your response', // admin:tickets.responseLabel
  adminSendResponse: 'Send response', // admin:tickets.sendResponse
  adminClose: 'Close ticket', // admin:tickets.close
  adminAnswer: 'Your answer', // admin:tickets.response
  adminResponded: 'Response submitted successfully', // admin:tickets.toasts.responded
  adminClosed: 'Ticket closed successfully', // admin:tickets.toasts.closed
  notAdmin: "You don't have administrator rights", // common:toasts.notAdmin
  supportMenuItem: 'Support', // common:header.support
};

const fr: typeof en = {
  title: 'Assistance',
  tabs: 'Assistance',
  newTicket: 'Nouveau ticket',
  history: 'Historique',
  subject: 'Objet',
  message: 'Message',
  cancel: 'Annuler',
  submit: 'Envoyer',
  submitting: 'Envoi en cours…',
  submitSuccess: 'Ton message est envoyé. Tu trouveras notre réponse dans ton historique.',
  subjectTooShort: 'L’objet doit contenir au moins 5 caractères',
  messageTooShort: 'Le message doit contenir au moins 20 caractères',
  noTickets: 'Tu ne nous as pas encore écrit. Tes messages et nos réponses apparaîtront ici.',
  historyList: 'Tes messages',
  ourAnswer: 'Notre réponse',
  status: { open: 'Ouvert', answered: 'Répondu', closed: 'Fermé' },
  mailAnsweredSubject: 'Nous avons répondu à ton message',
  adminTitle: 'Panneau d’administration',
  adminTabs: 'Outils d’administration',
  adminSupportTab: 'Tickets d’assistance',
  adminFilter: 'Afficher',
  adminRespond: 'Répondre',
  adminRespondAgain: 'Répondre à nouveau',
  adminResponse: 'Ta réponse',
  adminSendResponse: 'Envoyer la réponse',
  adminClose: 'Fermer le ticket',
  adminAnswer: 'Réponse donnée',
  adminResponded: 'Réponse envoyée',
  adminClosed: 'Ticket fermé',
  notAdmin: 'Tu n’as pas les droits d’administration',
  supportMenuItem: 'Assistance',
};

export type SupportTexts = typeof en;

export function supportUi(lang: 'en' | 'fr'): SupportTexts {
  return lang === 'fr' ? fr : en;
}
