import type { Language } from '@shared/limits';
import { escapeHtml } from '../../html';
import type { MailMessage } from '../../providers/mail/index';

const copy: Record<Language, { subject: string; intro: string; action: string; expires: (date: string) => string; ignore: string }> = {
  en: {
    subject: 'You are invited to Souvenir',
    intro: 'You have been invited to keep a journal on Souvenir: once a day, a gentle conversation that becomes a memory with its own artwork.',
    action: 'Create my account',
    expires: (date) => `This invitation can be used once, until ${date}.`,
    ignore: 'If you were not expecting it, you can ignore this e-mail.',
  },
  fr: {
    subject: 'Tu es invité·e sur Souvenir',
    intro: 'On t’invite à tenir ton journal sur Souvenir\u00a0: chaque jour, une conversation douce qui devient un souvenir avec son œuvre.',
    action: 'Créer mon compte',
    expires: (date) => `Cette invitation ne sert qu’une fois, jusqu’au ${date}.`,
    ignore: 'Si tu ne l’attendais pas, tu peux ignorer cet e-mail.',
  },
};

/** The invitation e-mail, in the language the administrator chose (HTML and plain text). */
export function invitationEmail(input: { language: Language; to: string; url: string; expiresAt: Date }): MailMessage {
  const c = copy[input.language];
  const date = new Intl.DateTimeFormat(input.language === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(input.expiresAt);
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:Georgia,serif;background:#fbf7f2;color:#2a2522;padding:24px">
<p>${escapeHtml(c.intro)}</p>
<p><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#9a4a32;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(c.action)}</a></p>
<p>${escapeHtml(c.expires(date))}</p><p style="font-size:13px;color:#5b524c">${escapeHtml(c.ignore)}</p><p>Souvenir</p></body></html>`;
  const text = `${c.intro}\n\n${c.action}: ${input.url}\n\n${c.expires(date)}\n${c.ignore}\n\nSouvenir\n`;
  return { to: input.to, subject: c.subject, html, text };
}
