import { createHash } from 'node:crypto';
import { CRYING_STEMS, MOOD_PHRASES, MOOD_STEMS, MOODS, NEGATOR_AFTER_NE, NEGATORS, THEMES, type Mood, type Theme } from './mood-lexicon';

export interface MoodReading {
  /** The strongest mood; `calm` when the words name none. */
  primary: Mood;
  /** A second mood present in the words, if any. */
  secondary: Mood | null;
  /** Up to three themes, the most mentioned first. */
  themes: Theme[];
  /** Mood words per hundred words, 0 when none: how charged the day was. */
  intensity: number;
}

/**
 * When two moods are named as often, the heavier one leads: someone who says they are sad and
 * also resting should be met in the sadness first.
 */
const TIE_ORDER: readonly Mood[] = ['melancholy', 'anxious', 'angry', 'tired', 'joyful', 'tender', 'hopeful', 'calm'];

/**
 * What a light mood turned around says: "not happy" is sadness, "pas tranquille" is worry. A heavy mood
 * turned around ("not sad at all") says nothing by itself, so it simply does not count.
 */
const NEGATED: Partial<Record<Mood, Mood>> = { joyful: 'melancholy', hopeful: 'melancholy', tender: 'melancholy', calm: 'anxious' };

/** How many words before a mood word a negation still reaches: "not at all sad", "pas du tout triste". */
const NEGATION_REACH = 3;

/** Lower case, accents removed, punctuation to spaces: "Fatiguée !" → "fatiguee". */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[’']/g, ' ')
    .replace(/[^\p{Letter}\p{Number}]+/gu, ' ')
    .trim();
}

/** Clauses: a negation or a "but" does not reach past a comma or the end of a sentence. */
const clausesOf = (text: string) =>
  text
    .split(/[.,;:!?…\n()"“”«»—–]+|\s-\s/)
    .map(normalise)
    .filter(Boolean);

/** Compiled stems: the words of each, and whether the last one must be whole. */
type Stem = { words: string[]; whole: boolean };
const compile = (stem: string): Stem => ({ words: stem.trim().split(' '), whole: stem.endsWith(' ') });
const MOOD_MATCHERS = MOODS.map((mood) => ({ mood, stems: MOOD_STEMS[mood].map(compile) }));
const THEME_MATCHERS = THEMES.map((theme) => theme.stems.map(compile));
const CRYING = CRYING_STEMS.map(compile);

/** Does `stem` start at token `i`? */
function matchesAt(tokens: string[], i: number, stem: Stem): boolean {
  const { words, whole } = stem;
  if (i + words.length > tokens.length) return false;
  for (let w = 0; w < words.length; w++) {
    const token = tokens[i + w]!;
    const last = w === words.length - 1;
    if (last && !whole ? !token.startsWith(words[w]!) : token !== words[w]) return false;
  }
  return true;
}

function negatedAt(tokens: string[], i: number): boolean {
  for (let back = 1; back <= NEGATION_REACH && i - back >= 0; back++) {
    const word = tokens[i - back]!;
    if (NEGATORS.has(word)) return true;
    if (word === NEGATOR_AFTER_NE && tokens.slice(Math.max(0, i - back - 2), i - back).some((w) => w === 'ne' || w === 'n')) return true;
  }
  return false;
}

interface Counts {
  moods: Map<Mood, number>;
  /** Crying words still counted as sadness. */
  crying: number;
  themes: number[];
  words: number;
}

function readClause(clause: string, counts: Counts): void {
  let text = ` ${clause} `;
  for (const { pattern, mood } of MOOD_PHRASES) {
    text = text.replace(pattern, () => {
      if (mood) counts.moods.set(mood, (counts.moods.get(mood) ?? 0) + 1);
      return ' ';
    });
  }
  const tokens = text.trim() ? text.trim().split(/\s+/) : [];
  counts.words += tokens.length;
  const found: { i: number; mood: Mood }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (const { mood, stems } of MOOD_MATCHERS) {
      // A word counts once for a mood, however many of its stems it matches.
      if (!stems.some((stem) => matchesAt(tokens, i, stem))) continue;
      const counted = negatedAt(tokens, i) ? NEGATED[mood] : mood;
      if (counted) found.push({ i, mood: counted });
    }
    THEME_MATCHERS.forEach((stems, index) => {
      if (stems.some((stem) => matchesAt(tokens, i, stem))) counts.themes[index] = (counts.themes[index] ?? 0) + 1;
    });
  }
  const joyful = found.some((f) => f.mood === 'joyful');
  for (const { i, mood } of found) {
    const crying = mood === 'melancholy' && CRYING.some((stem) => matchesAt(tokens, i, stem));
    if (crying && !joyful) counts.crying += 1;
    const counted = crying && joyful ? 'joyful' : mood;
    counts.moods.set(counted, (counts.moods.get(counted) ?? 0) + 1);
  }
}

/**
 * Tears on a joyful day with no other sadness are joy too ("I got in! My mum cried, I cried"): the crying
 * counted as sadness moves to joy.
 */
function tearsOfJoy(counts: Counts): void {
  const sad = counts.moods.get('melancholy') ?? 0;
  if (counts.crying === 0 || sad !== counts.crying || (counts.moods.get('joyful') ?? 0) === 0) return;
  counts.moods.set('joyful', (counts.moods.get('joyful') ?? 0) + sad);
  counts.moods.delete('melancholy');
}

/**
 * Reads the mood and themes of some words (both languages at once). Pure and deterministic. A theme is
 * only ever one the words name; a mood word under a negation ("not sad at all", "pas triste") does not
 * count, and a light one turned around counts as its shadow ("not happy" is sadness).
 */
export function readMood(text: string): MoodReading {
  const counts: Counts = { moods: new Map(), crying: 0, themes: [], words: 0 };
  for (const clause of clausesOf(text)) readClause(clause, counts);
  tearsOfJoy(counts);
  const scores = [...counts.moods.entries()]
    .map(([mood, score]) => ({ mood, score }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || TIE_ORDER.indexOf(a.mood) - TIE_ORDER.indexOf(b.mood));
  const themes = THEMES.map((theme, index) => ({ theme, index, score: counts.themes[index] ?? 0 }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.theme)
    // Two themes with the same name in a language (water and the sea share a motif, not a name) stay distinct.
    .slice(0, 3);
  const moodWords = scores.reduce((sum, entry) => sum + entry.score, 0);
  return {
    primary: scores[0]?.mood ?? 'calm',
    secondary: scores[1]?.mood ?? null,
    themes,
    intensity: counts.words === 0 ? 0 : Math.min(100, Math.round((moodWords / counts.words) * 100)),
  };
}

/**
 * What the word lists say of a day, as features of the learned mood head: the mood they name most and the
 * second one. The head learns from labelled days how far to trust them (a named "furious" is anger; "mort"
 * beside "rire" is not grief), so the lists never decide a tone alone.
 */
export function moodWordFeatures(text: string): string[] {
  const reading = readMood(text);
  if (reading.intensity === 0) return [];
  return [`first:${reading.primary}`, ...(reading.secondary ? [`second:${reading.secondary}`] : [])];
}

/** A 32-bit seed from any text: the same words always give the same seed. */
export function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0);
}
