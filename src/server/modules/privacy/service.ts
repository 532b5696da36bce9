import { createHash } from 'node:crypto';
import type { PrivacyPolicy } from '@shared/contracts/privacy';
import { PRIVACY_POLICY_EFFECTIVE_DATE, type Language } from '@shared/limits';
import { AppError } from '../../app-error';
import { escapeHtml } from '../../html';
import { DEFAULT_PRIVACY_POLICY } from './default-policy';
import { createPolicyDrawer, type Drawing, type PolicyDrawer } from './policy-drawer';
import type { PrivacyRepository } from './repository';

/** The drawings kept: each language's text and the one before it, and the built-in ones. */
const DRAWINGS_KEPT = 8;

/**
 * A text no thread could draw in time (saved before saves were drawn, or drawn by a busier process than the one that
 * accepted it): its paragraphs as plain text, in linear time, rather than a page that never comes.
 */
function plainTextHtml(content: string, contactEmail: string): string {
  return content
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => `<p class="mt-4">${escapeHtml(paragraph.trim().replaceAll('{email}', () => contactEmail))}</p>`)
    .join('');
}

/**
 * The policy per language: the administrators' text when saved, the built-in one otherwise, with its HTML. The HTML is
 * drawn once per text, off the event loop and within a time limit, when it is saved or first read by this process,
 * and kept by the text's hash (docs/decisions/0093-privacy-policy-drawn-when-saved.md).
 */
export function createPrivacyService(deps: { policies: PrivacyRepository; contactEmail: string; drawer?: PolicyDrawer }) {
  const drawer = deps.drawer ?? createPolicyDrawer();
  /** By hash of the language and text, oldest first; a drawing under way is shared by everyone waiting for it. */
  const drawings = new Map<string, Promise<Drawing>>();

  function drawingOf(language: Language, content: string): Promise<Drawing> {
    const key = createHash('sha256').update(`${language}\n${content}`).digest('base64url');
    const known = drawings.get(key);
    if (known) {
      drawings.delete(key);
      drawings.set(key, known);
      return known;
    }
    const drawing = drawer.draw({ content, contactEmail: deps.contactEmail, language }).then((result) => {
      // The thread could not run: nothing is known of the text, the next reader tries again.
      if ('failure' in result && result.failure === 'unavailable') drawings.delete(key);
      return result;
    });
    drawings.set(key, drawing);
    for (const oldest of drawings.keys()) {
      if (drawings.size <= DRAWINGS_KEPT) break;
      drawings.delete(oldest);
    }
    return drawing;
  }

  async function get(language: Language): Promise<PrivacyPolicy> {
    const row = await deps.policies.find(language);
    const content = row?.content ?? DEFAULT_PRIVACY_POLICY[language];
    const drawing = await drawingOf(language, content);
    return {
      language,
      content,
      html: 'html' in drawing ? drawing.html : plainTextHtml(content, deps.contactEmail),
      contactEmail: deps.contactEmail,
      effectiveDate: PRIVACY_POLICY_EFFECTIVE_DATE,
      customised: row !== null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  return {
    get,
    async save(language: Language, content: string, adminId: string): Promise<PrivacyPolicy> {
      // Drawn before it is kept: a text that cannot be drawn in time is refused, and the saved one stays.
      const drawing = await drawingOf(language, content);
      if ('failure' in drawing) {
        if (drawing.failure === 'unavailable') throw new AppError('SERVICE_UNAVAILABLE', 'The privacy policy could not be drawn: its worker thread did not run');
        throw new AppError('PRIVACY_POLICY_TOO_COMPLEX', `The privacy policy's Markdown could not be drawn (${drawing.failure})`, {
          content: ['errors.PRIVACY_POLICY_TOO_COMPLEX'],
        });
      }
      await deps.policies.save(language, content, adminId);
      return get(language);
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;
