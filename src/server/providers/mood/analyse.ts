import { createHash } from 'node:crypto';
import { MOOD_STEMS, MOODS, THEMES, type Mood, type Theme } from './lexicon';

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
const TIE_ORDER: readonly Mood[] = ['melancholy', 'anxious', 'angry', 'tired', 'tender', 'hopeful', 'joyful', 'calm'];

/** Lower case, accents removed, punctuation to spaces: "Fatiguée !" → "fatiguee". */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[’']/g, ' ')
    .replace(/[^\p{Letter}\p{Number}]+/gu, ' ')
    .trim();
}

function countMatches(tokens: string[], joined: string, stems: string[]): number {
  let total = 0;
  for (const stem of stems) {
    if (stem.trimEnd().includes(' ')) {
      // A phrase ("long day"): count it in the running text.
      total += joined.split(stem.trimEnd()).length - 1;
    } else {
      for (const token of tokens) if (`${token} `.startsWith(stem)) total += 1;
    }
  }
  return total;
}

/** Reads the mood and themes of some words (both languages at once). Pure and deterministic. */
export function readMood(text: string): MoodReading {
  const joined = normalise(text);
  const tokens = joined ? joined.split(' ') : [];
  const scores = MOODS.map((mood) => ({ mood, score: countMatches(tokens, joined, MOOD_STEMS[mood]) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || TIE_ORDER.indexOf(a.mood) - TIE_ORDER.indexOf(b.mood));
  const themes = THEMES.map((theme, index) => ({ theme, index, score: countMatches(tokens, joined, theme.stems) }))
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
    intensity: tokens.length === 0 ? 0 : Math.min(100, Math.round((moodWords / tokens.length) * 100)),
  };
}

/** A 32-bit seed from any text: the same words always give the same seed. */
export function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0);
}

/** mulberry32: a small, fast, seeded generator of numbers in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
