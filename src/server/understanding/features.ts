// What a learned model sees of a text: hashed word and character n-grams of the normalised text. Words and
// pairs of words carry meaning; character n-grams carry it through typos, missing accents, SMS spellings and
// words a model never met ("mourrir", "jveux", "suicde"); n-grams of the text with its spaces taken out read
// words run together or spaced apart ("iwanttodie"). Hashing keeps the model a fixed size whatever the
// vocabulary. The context of a conversation (the person's earlier messages) is a namespace of its own, so a
// model can learn that a means named after distress is not a means named in a recipe.
import { tokens } from './normalise';

/** One sparse example: feature indexes (sorted, distinct) and their values. */
export interface SparseVector {
  index: Uint32Array;
  value: Float32Array;
}

/** FNV-1a over UTF-16 code units of text[start, end), seeded per namespace; the same on every machine. */
function hashRange(seed: number, text: string, start: number, end: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = start; i < end; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // A final mix, so that n-grams differing in their last letter do not land in neighbouring buckets.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return h >>> 0;
}

const hash = (seed: number, text: string) => hashRange(seed, text, 0, text.length);

const NS = { word: 1, pair: 2, skip: 3, char: 4, joined: 5, shape: 6, extra: 7, ctxWord: 11, ctxPair: 12, ctxChar: 14, bias: 99 } as const;

const lengthBucket = (words: number) => (words <= 1 ? '1' : words <= 3 ? '2-3' : words <= 7 ? '4-7' : words <= 20 ? '8-20' : '21+');

function charGrams(text: string, sizes: readonly number[], seed: number, add: (h: number) => void) {
  for (const n of sizes) for (let i = 0; i + n <= text.length; i++) add(hashRange(seed + n * 100, text, i, i + n));
}

/** The hashed features of one normalised text, deduplicated, in the namespaces given. */
function textFeatures(normalised: string, context: boolean, add: (h: number) => void) {
  const words = tokens(normalised);
  const spaced = ` ${words.join(' ')} `;
  if (!context) {
    for (const w of words) add(hash(NS.word, w));
    for (let i = 0; i + 1 < words.length; i++) add(hash(NS.pair, `${words[i]} ${words[i + 1]}`));
    for (let i = 0; i + 2 < words.length; i++) add(hash(NS.skip, `${words[i]} ${words[i + 2]}`));
    charGrams(spaced, [3, 4, 5], NS.char, add);
    charGrams(words.join(''), [5, 6], NS.joined, add);
  } else {
    for (const w of words) add(hash(NS.ctxWord, w));
    for (let i = 0; i + 1 < words.length; i++) add(hash(NS.ctxPair, `${words[i]} ${words[i + 1]}`));
    charGrams(spaced, [4], NS.ctxChar, add);
  }
}

/** How much the earlier messages weigh beside the message itself (each part is scaled to unit length first). */
const CONTEXT_WEIGHT = 0.6;
/** How much another reader's features weigh beside the text's own. */
const EXTRA_WEIGHT = 0.5;

/**
 * The features of a message (normalised) with, optionally, the person's earlier messages (normalised, joined).
 * Each part is a unit vector of presence, so a long message and a short one weigh the same. `extra` names
 * features another reader found in the message.
 */
export function featurise(message: string, context: string | null, bits: number, extra: readonly string[] = []): SparseVector {
  const mask = (1 << bits) - 1;
  const own = new Set<number>();
  textFeatures(message, false, (h) => own.add(h & mask));
  own.add(hash(NS.bias, 'bias') & mask);
  // How long the message is, and whether earlier messages come with it: a one-word "oui" is an answer that
  // only a conversation can make dark, while "bonsoir" alone opens an ordinary evening.
  own.add(hash(NS.shape, `${lengthBucket(tokens(message).length)}:${context ? 'after' : 'alone'}`) & mask);
  const ctx = new Set<number>();
  if (context) textFeatures(context, true, (h) => ctx.add(h & mask));
  const values = new Map<number, number>();
  const ownValue = 1 / Math.sqrt(own.size);
  for (const i of own) values.set(i, ownValue);
  if (ctx.size) {
    const ctxValue = CONTEXT_WEIGHT / Math.sqrt(ctx.size);
    for (const i of ctx) values.set(i, (values.get(i) ?? 0) + ctxValue);
  }
  // What another reader said of the text (the mood words' reading): a part of its own, weighing as much as a
  // strong word would, so that a few hundred labelled days are enough to learn how far to trust it.
  if (extra.length) {
    const extraValue = EXTRA_WEIGHT / Math.sqrt(extra.length);
    for (const feature of extra) {
      const i = hash(NS.extra, feature) & mask;
      values.set(i, (values.get(i) ?? 0) + extraValue);
    }
  }
  const index = Uint32Array.from([...values.keys()].sort((a, b) => a - b));
  const value = Float32Array.from(index, (i) => values.get(i)!);
  return { index, value };
}
