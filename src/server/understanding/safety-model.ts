// The learned crisis head: how likely a message, read with the person's earlier messages, shows a crisis, a
// concern, or neither. Trained by `npm run train:safety` (scripts/train-safety.ts) into models/safety.bin; the
// thresholds that turn its probabilities into levels were chosen on the tuning set and live in the same file.
// A long message is also read a few sentences at a time, because one dangerous sentence in a long day's
// account is drowned when the whole is read at once: the highest reading counts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './corpus';
import { featurise } from './features';
import { deserialise, predict, type LinearModel } from './linear-model';
import { normalise, tokens } from './normalise';

export type SafetyLabel = 'none' | 'concern' | 'crisis';
export const SAFETY_LABELS: readonly SafetyLabel[] = ['none', 'concern', 'crisis'];

export interface SafetyThresholds {
  /** P(crisis) at or above which a message is a crisis. */
  crisis: number;
  /** P(crisis) at or above which, below `crisis`, the companion asks directly. */
  ask: number;
  /** P(crisis) at or above which a message is a crisis after distress earlier in the conversation. */
  afterDistress: number;
  /** P(concern) + P(crisis) at or above which a message is at least a concern. */
  concern: number;
  /** P(crisis) below which a crisis read by the rules alone is taken for a concern. */
  veto: number;
  /**
   * P(crisis) of the message read without the earlier ones, below which the head calls no crisis: dark earlier
   * turns make a plain "we walked by the sea" no crisis; they make "bought what i needed" one.
   */
  alone: number;
}

export interface SafetyScore {
  crisis: number;
  concern: number;
  /** P(crisis) of the message read without the earlier messages. */
  alone: number;
}

export interface SafetyModelFile {
  model: LinearModel<SafetyLabel>;
  thresholds: SafetyThresholds;
  lexicon: Set<string>;
}

export function safetyModelPath(root = projectRoot()): string {
  return path.join(root, 'src', 'server', 'understanding', 'models', 'safety.bin');
}

export function readSafetyModel(file: Buffer): SafetyModelFile {
  const model = deserialise<SafetyLabel>(file);
  const meta = model.meta as { thresholds?: SafetyThresholds; lexicon?: string };
  if (!meta.thresholds) throw new Error('The safety model has no thresholds');
  return { model, thresholds: meta.thresholds, lexicon: new Set((meta.lexicon ?? '').split(' ').filter(Boolean)) };
}

let loaded: SafetyModelFile | null = null;

/** The shipped model, read once on first use (about 10 ms). */
export function safetyModel(): SafetyModelFile {
  loaded ??= readSafetyModel(readFileSync(safetyModelPath()));
  return loaded;
}

/** Earlier messages count for this many of the person's last turns. */
export const CONTEXT_TURNS = 3;
/** Messages at least this long are also read in windows of two sentences. */
const WINDOW_FROM_CHARS = 160;

/** Sentences of a normalised text: cut at end marks and at line-like breaks people type as commas. */
export function sentences(normalised: string): string[] {
  return normalised
    .split(/(?<=[.!?;:…])\s+|\s+(?:-{1,2}|–|—)\s+/)
    .map((s) => s.trim())
    .filter((s) => tokens(s).length > 0);
}

/** The parts of a message read apart: the whole, and for a long one each pair of neighbouring sentences. */
export function windowsOf(normalised: string): string[] {
  if (normalised.length < WINDOW_FROM_CHARS) return [normalised];
  const parts = sentences(normalised);
  if (parts.length < 3) return [normalised];
  const windows = [normalised];
  for (let i = 0; i + 1 < parts.length; i++) windows.push(`${parts[i]} ${parts[i + 1]}`);
  return windows;
}

export function normaliseFor(file: SafetyModelFile, text: string): string {
  return normalise(text, { knows: (word) => file.lexicon.has(word) });
}

/** The context the model reads with a message: the person's last few earlier messages, normalised. */
export function contextOf(file: SafetyModelFile, earlier: readonly string[]): string | null {
  const recent = earlier.slice(-CONTEXT_TURNS);
  return recent.length ? recent.map((text) => normaliseFor(file, text)).join(' | ') : null;
}

/** The highest reading of the message's parts, with its earlier messages as context, and without them. */
export function scoreMessage(file: SafetyModelFile, text: string, earlier: readonly string[] = [], options: { alone?: boolean } = {}): SafetyScore {
  const context = contextOf(file, earlier);
  const best: SafetyScore = { crisis: 0, concern: 0, alone: 0 };
  for (const part of windowsOf(normaliseFor(file, text))) {
    const p = predict(file.model, featurise(part, context, file.model.bits));
    best.crisis = Math.max(best.crisis, p.crisis);
    best.concern = Math.max(best.concern, p.concern);
    // Read a second time only when the thresholds use it: the tuning set may find the guard is not worth it.
    const readAlone = context && (options.alone || file.thresholds.alone > 0);
    best.alone = Math.max(best.alone, readAlone ? predict(file.model, featurise(part, null, file.model.bits)).crisis : p.crisis);
  }
  return best;
}
