// How the mood and intent heads are made, on the crisis head's pipeline: the everyday messages and the
// written days of the training set, a logistic regression each, and the settings chosen on the tuning part
// (one everyday message and one written day in five, never trained on). The blind set is never read here.
import { readDayCorpus, readEverydayCorpus, type DayRecord, type EverydayRecord } from './corpus';
import { INTENTS, isIntent, isMood, MOODS, valenceOf, type Intent, type Mood } from './labels';
import { serialise, train, type TrainingExample, type TrainOptions } from './linear-model';
import { dayFeatures, intentFeatures, readDayMood, readIntent, readUnderstandingModels, type UnderstandingModels } from './mood-model';

/** A prefix of a day (the conversation so far) teaches the day's mood less than the whole day. */
const PREFIX_WEIGHT = 0.4;
/** A day's second mood, taught as a smaller share of it. */
const SECOND_WEIGHT = 0.3;

const BASE: Omit<TrainOptions, 'epochs' | 'l2'> = { bits: 17, learningRate: 0.3, seed: 20261128 };
/** The settings tried; the one that reads the tuning set best ships. */
const GRID: Pick<TrainOptions, 'epochs' | 'l2'>[] = [
  { epochs: 8, l2: 1e-6 },
  { epochs: 15, l2: 1e-5 },
];

/** One everyday message and one written day in five are kept apart for tuning. */
const isTuning = (i: number) => i % 5 === 4;

export interface UnderstandingSets {
  everyday: EverydayRecord[];
  days: DayRecord[];
}

export function understandingSets(set: 'train' | 'tune'): UnderstandingSets {
  const keep = (_: unknown, i: number) => isTuning(i) === (set === 'tune');
  return { everyday: readEverydayCorpus('train').filter(keep), days: readDayCorpus('train').filter(keep) };
}

const userTurns = (record: EverydayRecord) => (record.context ?? []).filter((t) => t.role === 'user').map((t) => t.content);

/** The day a labelled everyday message belongs to: the person's earlier messages, then it. */
export const everydayDay = (record: EverydayRecord) => [...userTurns(record), record.text];

function moodExamples(sets: UnderstandingSets, bits: number): TrainingExample<Mood>[] {
  const examples: TrainingExample<Mood>[] = [];
  for (const record of sets.everyday) {
    if (!isMood(record.mood)) continue;
    examples.push({ features: dayFeatures(everydayDay(record), bits), label: record.mood });
    if (record.context) examples.push({ features: dayFeatures([record.text], bits), label: record.mood, weight: PREFIX_WEIGHT });
  }
  for (const day of sets.days) {
    if (!isMood(day.mood)) continue;
    const messages = day.turns.map((t) => t.text);
    const whole = dayFeatures(messages, bits);
    examples.push({ features: whole, label: day.mood });
    if (day.also && isMood(day.also)) examples.push({ features: whole, label: day.also, weight: SECOND_WEIGHT });
    // The companion reads the day as it unfolds: the conversation so far, from its second message.
    for (let k = 2; k < messages.length; k++) examples.push({ features: dayFeatures(messages.slice(0, k), bits), label: day.mood, weight: PREFIX_WEIGHT });
  }
  return examples;
}

function intentExamples(sets: UnderstandingSets, bits: number): TrainingExample<Intent>[] {
  const examples: TrainingExample<Intent>[] = [];
  for (const record of sets.everyday) if (isIntent(record.intent)) examples.push({ features: intentFeatures(record.text, userTurns(record), bits), label: record.intent });
  for (const day of sets.days) {
    day.turns.forEach((turn, i) => {
      if (isIntent(turn.intent)) examples.push({ features: intentFeatures(turn.text, day.turns.slice(0, i).map((t) => t.text), bits), label: turn.intent });
    });
  }
  return examples;
}

export interface UnderstandingScores {
  days: number;
  mood: number;
  valence: number;
  swaps: number;
  turns: number;
  intent: number;
}

/** A written day or an everyday message, as the mood head reads it. */
interface LabelledDay {
  mood: Mood;
  also: Mood | null;
  messages: string[];
}

const writtenDays = (sets: UnderstandingSets): LabelledDay[] =>
  sets.days.filter((d) => isMood(d.mood)).map((d) => ({ mood: d.mood as Mood, also: d.also && isMood(d.also) ? d.also : null, messages: d.turns.map((t) => t.text) }));
const everydayDays = (sets: UnderstandingSets): LabelledDay[] =>
  sets.everyday.filter((r) => isMood(r.mood)).map((r) => ({ mood: r.mood as Mood, also: null, messages: everydayDay(r) }));

/**
 * Mood agreement is with the day's main mood. Valence agrees with the main mood's, or with the second mood's
 * on a mixed day ("exhausted but proud" read as pleasant is not backwards); a swap is a day read on the side
 * opposite to both.
 */
export function scoreDays(models: UnderstandingModels, days: readonly LabelledDay[]) {
  let mood = 0;
  let valence = 0;
  for (const day of days) {
    const read = readDayMood(day.messages, models);
    if (read.mood === day.mood) mood++;
    if (read.valence === valenceOf(day.mood) || (day.also && read.valence === valenceOf(day.also))) valence++;
  }
  const share = (n: number) => (days.length ? n / days.length : 0);
  return { days: days.length, mood: share(mood), valence: share(valence), swaps: share(days.length - valence) };
}

export function scoreIntents(models: UnderstandingModels, turns: readonly { text: string; earlier: string[]; intent: string }[]) {
  const right = turns.filter((t) => readIntent(t.text, t.earlier, models).intent === t.intent).length;
  return { turns: turns.length, intent: turns.length ? right / turns.length : 0 };
}

const dayTurns = (days: readonly DayRecord[]) => days.flatMap((d) => d.turns.map((t, i) => ({ text: t.text, earlier: d.turns.slice(0, i).map((x) => x.text), intent: t.intent })));
const everydayTurns = (records: readonly EverydayRecord[]) => records.map((r) => ({ text: r.text, earlier: userTurns(r), intent: r.intent }));

/** Mood, valence and intent agreement with a set's labels: written days and everyday messages apart. */
export function scoreUnderstanding(models: UnderstandingModels, sets: UnderstandingSets): { written: UnderstandingScores; everyday: UnderstandingScores } {
  return {
    written: { ...scoreDays(models, writtenDays(sets)), ...scoreIntents(models, dayTurns(sets.days)) },
    everyday: { ...scoreDays(models, everydayDays(sets)), ...scoreIntents(models, everydayTurns(sets.everyday)) },
  };
}

const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
export const describeScores = (s: UnderstandingScores) =>
  `${s.days} days: mood ${percent(s.mood)}, valence ${percent(s.valence)}, swaps ${percent(s.swaps)}; ${s.turns} messages: intent ${percent(s.intent)}`;

/** Trains both heads with each setting of the grid, keeps the one that reads the tuning set best. */
export function buildUnderstandingModels(): { mood: Buffer; intent: Buffer; report: string[] } {
  const trainSets = understandingSets('train');
  const tuneSets = understandingSets('tune');
  const report = [
    `training: ${trainSets.everyday.length} everyday messages, ${trainSets.days.length} written days; tuning: ${tuneSets.everyday.length} messages, ${tuneSets.days.length} days`,
  ];
  const moodSet = moodExamples(trainSets, BASE.bits);
  const intentSet = intentExamples(trainSets, BASE.bits);
  let best: { mood: Buffer; intent: Buffer; score: number } | null = null;
  for (const setting of GRID) {
    const options = { ...BASE, ...setting };
    const meta = { training: options };
    const mood = serialise({ ...train(MOODS, moodSet, options), meta });
    const intent = serialise({ ...train(INTENTS, intentSet, options), meta });
    const scores = scoreUnderstanding(readUnderstandingModels({ mood, intent }), tuneSets);
    report.push(`  ${JSON.stringify(setting)} tuning, written days: ${describeScores(scores.written)}`);
    report.push(`  ${' '.repeat(JSON.stringify(setting).length)} tuning, everyday messages: ${describeScores(scores.everyday)}`);
    // The written days are what a memory is made of: their mood and valence matter most, then intent.
    const { written, everyday } = scores;
    const score = written.mood + written.valence - 2 * written.swaps + (written.intent + everyday.intent) / 2;
    if (!best || score > best.score) best = { mood, intent, score };
  }
  return { mood: best!.mood, intent: best!.intent, report };
}
