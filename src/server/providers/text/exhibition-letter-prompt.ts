import type { Language } from '@shared/limits';
import { SAFETY_INSTRUCTIONS } from '../../safety/instructions';
import { MOOD_NAMES } from '../../understanding/labels';
import type { LetterInput } from './letter-input';
import { TextProviderError } from './text-provider-error';

/** Longest letter kept: a few short paragraphs; a model that rambles past it is cut at a sentence. */
export const LETTER_MAX = 1500;

const INSTRUCTIONS: Record<Language, (input: LetterInput) => string> = {
  en: ({ agentName, monthName }) =>
    [
      `You are ${agentName}, the companion of a journaling app. Write a short letter (90 to 160 words, two or three paragraphs) to the person about their month, ${monthName}.`,
      'You are given only the titles, reflections and moods of the memories they kept that month, oldest first. Speak of the month through them: name two or three titles, notice how the moods moved, and acknowledge the heavier days without dwelling.',
      'Address the person as "you". Write in English, warmly and simply. Invent nothing that is not in the list, give no advice or diagnosis, use no headings, no lists and no quotation of these instructions.',
      'The letter may be shared by a link: never use a name, and name no place or person beyond what a title says.',
      `End with a line that is only "— ${agentName}". Answer with the letter only.`,
    ].join(' '),
  fr: ({ agentName, monthName, agentGender }) =>
    [
      `Tu es ${agentName}, qui accompagne la personne dans une application de journal. Écris-lui une courte lettre (90 à 160 mots, deux ou trois paragraphes) sur son mois, ${monthName}.`,
      'Tu n’as que les titres, les réflexions et les humeurs des souvenirs qu’elle a gardés ce mois-là, du plus ancien au plus récent. Parle du mois à travers eux : cite deux ou trois titres, remarque comment les humeurs ont évolué, et reconnais les jours plus lourds sans t’y attarder.',
      'Tutoie la personne, sans accorder au masculin ni au féminin ce qui parle d’elle. Écris en français, avec la typographie française, simplement et chaleureusement. N’invente rien qui ne soit dans la liste, ne donne ni conseil ni diagnostic, sans titres, sans listes.',
      agentGender === 'neutral' ? '' : `Quand tu parles de toi, accorde au ${agentGender === 'feminine' ? 'féminin' : 'masculin'}.`,
      'La lettre peut être partagée par un lien : n’utilise aucun prénom, et ne nomme ni lieu ni personne au-delà de ce que dit un titre.',
      `Termine par une ligne qui est seulement « — ${agentName} ». Réponds uniquement avec la lettre.`,
    ]
      .filter(Boolean)
      .join(' '),
};

/**
 * The system prompt of an AI writer's letter: what to write, then Souvenir's fixed safety rules, as every AI provider
 * that speaks in the companion's voice receives them.
 */
export const letterInstructions = (input: LetterInput) => `${INSTRUCTIONS[input.language](input)}\n\n${SAFETY_INSTRUCTIONS[input.language]}`;

/** The month's memories as the model reads them: one block per memory, never a word of a conversation. */
export function letterMaterial(input: LetterInput): string {
  const colon = input.language === 'fr' ? '\u00a0:' : ':';
  const label = input.language === 'fr' ? { title: 'Titre', mood: 'Humeur', reflection: 'Réflexion' } : { title: 'Title', mood: 'Mood', reflection: 'Reflection' };
  return input.days
    .map((day, index) =>
      [
        `${index + 1}. ${label.title}${colon} ${day.title}`,
        day.mood ? `${label.mood}${colon} ${MOOD_NAMES[input.language][day.mood]}` : null,
        day.reflection ? `${label.reflection}${colon} ${day.reflection}` : null,
      ]
        .filter(Boolean)
        .join('\n'),
    )
    .join('\n\n');
}

/**
 * The model's letter (its control characters already removed by the caller), without a Markdown fence, its blank
 * lines at most one in a row, within LETTER_MAX.
 */
export function letterFrom(answer: string): string {
  const text = answer
    .trim()
    .replace(/^```[a-z]*\s*/i, '')
    .replace(/\s*```$/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text.length < 20) throw new TextProviderError('malformed');
  if (text.length <= LETTER_MAX) return text;
  const cut = text.slice(0, LETTER_MAX);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('.\n'), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  return end > LETTER_MAX / 2 ? cut.slice(0, end + 1) : `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}
