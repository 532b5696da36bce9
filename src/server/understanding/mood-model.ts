// The learned heads that read an ordinary day: its mood (eight moods) and what each message wants from the
// companion (intent). Same normaliser, features and model as the crisis head; trained by
// `npm run train:mood` (scripts/train-mood.ts) into models/mood.bin and models/intent.bin. See
// docs/understanding.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './corpus';
import { featurise } from './features';
import { INTENTS, MOODS, valenceOf, type Intent, type Mood, type Valence } from './labels';
import { deserialise, predict, type LinearModel } from './linear-model';
import { normalise } from './normalise';
import { moodWordFeatures } from './mood-words';

export interface UnderstandingModels {
  mood: LinearModel<Mood>;
  intent: LinearModel<Intent>;
}

export function understandingModelPaths(root = projectRoot()) {
  const dir = path.join(root, 'src', 'server', 'understanding', 'models');
  return { mood: path.join(dir, 'mood.bin'), intent: path.join(dir, 'intent.bin') };
}

export function readUnderstandingModels(files: { mood: Buffer; intent: Buffer }): UnderstandingModels {
  const mood = deserialise<Mood>(files.mood);
  const intent = deserialise<Intent>(files.intent);
  if (mood.labels.join() !== MOODS.join() || intent.labels.join() !== INTENTS.join()) throw new Error('The understanding models do not have the labels this code reads');
  return { mood, intent };
}

let loaded: UnderstandingModels | null = null;

/** The shipped heads, read once on first use. */
export function understandingModels(): UnderstandingModels {
  if (!loaded) {
    const paths = understandingModelPaths();
    loaded = readUnderstandingModels({ mood: readFileSync(paths.mood), intent: readFileSync(paths.intent) });
  }
  return loaded;
}

/** How the person's messages of a day are read as one text: each normalised, in order, with a break between. */
export const dayText = (messages: readonly string[]) =>
  messages
    .map((m) => normalise(m))
    .filter(Boolean)
    .join(' | ');

/** What the mood head reads of a day: its words and n-grams, and what the mood words name in it. */
export const dayFeatures = (messages: readonly string[], bits: number) => featurise(dayText(messages), null, bits, moodWordFeatures(messages.join('\n')));

export interface DayReading {
  mood: Mood;
  /** A second mood, when the day clearly carries one. */
  second: Mood | null;
  valence: Valence;
  /** The probability of the mood read: how sure the head is. */
  confidence: number;
  probabilities: Record<Mood, number>;
}

/** A second mood is named when it holds at least this share of the day beside the first. */
const SECOND_AT_LEAST = 0.2;

/** The mood of a day from the person's messages (oldest first). An empty day reads as calm. */
export function readDayMood(messages: readonly string[], models = understandingModels()): DayReading {
  const text = dayText(messages);
  const probabilities = predict(models.mood, dayFeatures(messages, models.mood.bits));
  const ranked = [...MOODS].sort((a, b) => probabilities[b] - probabilities[a]);
  const mood = text ? ranked[0]! : 'calm';
  const second = text && probabilities[ranked[1]!] >= SECOND_AT_LEAST ? ranked[1]! : null;
  return { mood, second, valence: valenceOf(mood), confidence: probabilities[mood], probabilities };
}

/** How many of the person's earlier messages the intent head reads with a message. */
const INTENT_CONTEXT_TURNS = 2;

/** What one message wants from the companion, read with the person's last messages before it. */
export function readIntent(message: string, earlier: readonly string[] = [], models = understandingModels()): { intent: Intent; confidence: number } {
  const recent = earlier.slice(-INTENT_CONTEXT_TURNS);
  const context = recent.length ? dayText(recent) : null;
  const probabilities = predict(models.intent, featurise(normalise(message), context, models.intent.bits));
  const intent = [...INTENTS].sort((a, b) => probabilities[b] - probabilities[a])[0]!;
  return { intent, confidence: probabilities[intent] };
}

/** The features the intent head is trained on: the same reading as readIntent's. */
export function intentFeatures(message: string, earlier: readonly string[], bits: number) {
  const recent = earlier.slice(-INTENT_CONTEXT_TURNS);
  return featurise(normalise(message), recent.length ? dayText(recent) : null, bits);
}
