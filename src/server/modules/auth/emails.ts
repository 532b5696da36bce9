import type { Language } from '@shared/limits';
import { escapeHtml } from '../../html';
import type { MailMessage } from '../../providers/mail/index';

type Kind = 'verify' | 'reset' | 'existing';

const copy: Record<Language, Record<Kind, { subject: string; intro: string; action: string; outro: string }>> = {
  en: {
    verify: {
      subject: 'Confirm your e-mail address for Souvenir',
      intro: 'Welcome to Souvenir. Please confirm that this address is yours.',
      action: 'Confirm my e-mail address',
      outro: 'If you did not create an account, you can ignore this message.',
    },
    reset: {
      subject: 'Reset your Souvenir password',
      intro: 'Someone, hopefully you, asked to reset the password of your Souvenir account. The link works for one hour.',
      action: 'Choose a new password',
      outro: 'If you did not ask for this, you can ignore this message: your password stays the same.',
    },
    existing: {
      subject: 'Someone tried to create a Souvenir account with your address',
      intro: 'An account already exists for this e-mail address, so nothing was created. If it was you, simply sign in.',
      action: 'Sign in to Souvenir',
      outro: 'If you forgot your password, you can reset it from the sign-in page.',
    },
  },
  fr: {
    verify: {
      subject: 'Confirme ton adresse e-mail pour Souvenir',
      intro: 'Bienvenue dans Souvenir. Confirme simplement que cette adresse est bien la tienne.',
      action: 'Confirmer mon adresse e-mail',
      outro: 'Si tu n’as pas créé de compte, tu peux ignorer ce message.',
    },
    reset: {
      subject: 'Réinitialise ton mot de passe Souvenir',
      intro: 'Quelqu’un, sans doute toi, a demandé à réinitialiser le mot de passe de ton compte Souvenir. Le lien reste valable une heure.',
      action: 'Choisir un nouveau mot de passe',
      outro: 'Si tu n’as rien demandé, ignore ce message : ton mot de passe ne change pas.',
    },
    existing: {
      subject: 'Quelqu’un a essayé de créer un compte Souvenir avec ton adresse',
      intro: 'Un compte existe déjà pour cette adresse e-mail, donc rien n’a été créé. Si c’était toi, connecte-toi simplement.',
      action: 'Me connecter à Souvenir',
      outro: 'Si tu as oublié ton mot de passe, tu peux le réinitialiser depuis la page de connexion.',
    },
  },
};

/** Builds one of the account e-mails in the person's language, as HTML and plain text. */
export function accountEmail(kind: Kind, language: Language, to: string, firstName: string, url: string): MailMessage {
  const c = copy[language][kind];
  const greeting = language === 'fr' ? `Bonjour ${firstName},` : `Hello ${firstName},`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Georgia,serif;background:#fbf7f2;color:#2a2522;padding:24px">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(c.intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#9a4a32;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(c.action)}</a></p>
<p style="font-size:13px;color:#5b524c">${escapeHtml(url)}</p><p>${escapeHtml(c.outro)}</p><p>Souvenir</p></body></html>`;
  const text = `${greeting}\n\n${c.intro}\n\n${c.action}: ${url}\n\n${c.outro}\n\nSouvenir\n`;
  return { to, subject: c.subject, html, text };
}
