// What the learned heads read besides danger: the day's mood and what a message asks of the companion.

/** The eight moods a day is read as; the order is the model files' class order. */
export const MOODS = ['joyful', 'calm', 'tender', 'hopeful', 'melancholy', 'anxious', 'angry', 'tired'] as const;
export type Mood = (typeof MOODS)[number];

/**
 * Pleasant and unpleasant days. Calm counts as pleasant: a quiet day is not a heavy one, and reading a tired
 * or anxious day as "a gentle pause" is the swap people notice.
 */
export const POSITIVE_MOODS: ReadonlySet<Mood> = new Set(['joyful', 'calm', 'tender', 'hopeful']);
export type Valence = 'positive' | 'negative';
export const valenceOf = (mood: Mood): Valence => (POSITIVE_MOODS.has(mood) ? 'positive' : 'negative');

/** What a message does: tells the day, asks something, asks for something, or opens, closes or thanks. */
export const INTENTS = ['telling', 'question', 'request', 'greeting', 'goodbye', 'thanks'] as const;
export type Intent = (typeof INTENTS)[number];

/** How each mood is named to a person or a model, in each language. */
export const MOOD_NAMES: Record<'en' | 'fr', Record<Mood, string>> = {
  en: { joyful: 'joyful', calm: 'calm', tender: 'tender', hopeful: 'hopeful', melancholy: 'melancholy', anxious: 'anxious', angry: 'angry', tired: 'tired' },
  fr: { joyful: 'joie', calm: 'calme', tender: 'tendresse', hopeful: 'espoir', melancholy: 'mélancolie', anxious: 'inquiétude', angry: 'colère', tired: 'fatigue' },
};

export const isMood = (value: string): value is Mood => (MOODS as readonly string[]).includes(value);
export const isIntent = (value: string): value is Intent => (INTENTS as readonly string[]).includes(value);
