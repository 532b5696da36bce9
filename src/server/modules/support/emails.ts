import type { Language } from '@shared/limits';
import { escapeHtml } from '../../html';
import type { MailMessage } from '../../providers/mail/index';

const copy: Record<Language, { subject: (subject: string) => string; greeting: (name: string) => string; intro: string; yourMessage: (subject: string) => string; action: string; outro: string }> = {
  en: {
    subject: (subject) => `We answered your message: ${subject}`,
    greeting: (name) => `Hello ${name},`,
    intro: 'Thank you for writing to us. Here is our answer:',
    yourMessage: (subject) => `Your message: “${subject}”`,
    action: 'See your messages',
    outro: 'You can reply by opening a new ticket from the Support page.',
  },
  fr: {
    subject: (subject) => `Nous avons répondu à ton message\u00a0: ${subject}`,
    greeting: (name) => `Bonjour ${name},`,
    intro: 'Merci de nous avoir écrit. Voici notre réponse\u00a0:',
    yourMessage: (subject) => `Ton message\u00a0: «\u00a0${subject}\u00a0»`,
    action: 'Voir mes messages',
    outro: 'Tu peux nous répondre en ouvrant un nouveau ticket depuis la page Support.',
  },
};

/** The e-mail telling a person their ticket was answered, in their language (HTML and plain text). */
export function ticketAnsweredEmail(input: {
  language: Language;
  to: string;
  firstName: string;
  subject: string;
  response: string;
  supportUrl: string;
}): MailMessage {
  const c = copy[input.language];
  const paragraphs = (text: string) => text.split(/\n{2,}/).map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('');
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:Georgia,serif;background:#fbf7f2;color:#2a2522;padding:24px">
<p>${escapeHtml(c.greeting(input.firstName))}</p><p>${escapeHtml(c.intro)}</p>
<blockquote style="margin:16px 0;padding:12px 16px;background:#fff;border-left:3px solid #9a4a32">${paragraphs(input.response)}</blockquote>
<p style="font-size:13px;color:#5b524c">${escapeHtml(c.yourMessage(input.subject))}</p>
<p><a href="${escapeHtml(input.supportUrl)}" style="display:inline-block;background:#9a4a32;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(c.action)}</a></p>
<p>${escapeHtml(c.outro)}</p><p>Souvenir</p></body></html>`;
  const text = `${c.greeting(input.firstName)}\n\n${c.intro}\n\n${input.response}\n\n${c.yourMessage(input.subject)}\n\n${c.action}: ${input.supportUrl}\n\n${c.outro}\n\nSouvenir\n`;
  return { to: input.to, subject: c.subject(input.subject).replace(/[\r\n]+/g, ' '), html, text };
}
