import { REMINDER_FALLBACK_NAME, type Language } from '@shared/limits';
import { escapeHtml } from '../../html';
import type { MailMessage } from '../../providers/mail/index';

/** "User" when no first name is known; in French an address that reads naturally. */
const FALLBACK_NAME: Record<Language, string> = { en: REMINDER_FALLBACK_NAME, fr: 'toi' };

const footer: Record<Language, { why: string; unsubscribe: string }> = {
  en: { why: 'You receive this because you journal with Souvenir.', unsubscribe: 'Stop these reminders' },
  fr: { why: 'Tu reçois ce message parce que tu tiens ton journal avec Souvenir.', unsubscribe: 'Ne plus recevoir ces rappels' },
};

/**
 * A reminder from the administrators' template: `{first_name}` becomes the person's first name (escaped:
 * the template is trusted HTML, the name is not), and every message ends with a link to unsubscribe.
 */
export function reminderEmail(input: { language: Language; to: string; firstName: string | null; subject: string; body: string; unsubscribeUrl: string }): MailMessage {
  const name = input.firstName?.trim() || FALLBACK_NAME[input.language];
  const f = footer[input.language];
  // Replacer functions: a replacement string would expand `$&`, `$'` and `` $` `` found in the name.
  const subject = input.subject.replaceAll('{first_name}', () => name).replace(/[\r\n]+/g, ' ');
  const body = input.body.replaceAll('{first_name}', () => escapeHtml(name));
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:Georgia,serif;background:#fbf7f2;color:#2a2522;padding:24px">
${body}
<hr style="border:none;border-top:1px solid #e7dfd6;margin:24px 0">
<p style="font-size:13px;color:#5b524c">${escapeHtml(f.why)} <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#9a4a32">${escapeHtml(f.unsubscribe)}</a></p>
</body></html>`;
  const text = `${htmlToText(body)}\n\n--\n${f.why}\n${f.unsubscribe}: ${input.unsubscribeUrl}\n`;
  return { to: input.to, subject, html, text };
}

/** A plain-text version of the template's HTML, for mail clients that prefer it. */
function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
