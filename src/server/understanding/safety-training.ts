// How the learned crisis head is made: examples from the training set, a logistic regression, then thresholds
// chosen on the tuning set with the whole assessor (rules, learned head and conversation logic together), so
// that what is chosen is what runs. The blind set is never read here.
import { SAFETY_MESSAGES } from '../../../tests/fixtures/safety-messages';
import { assessConversation, type SafetyTurn } from '../safety/assess';
import { readDayCorpus, readEverydayCorpus, readSafetyCorpus, type SafetyRecord } from './corpus';
import { featurise } from './features';
import { serialise, train, type TrainingExample } from './linear-model';
import { normalise, tokens } from './normalise';
import { contextOf, readSafetyModel, SAFETY_LABELS, windowsOf, type SafetyLabel, type SafetyModelFile, type SafetyThresholds } from './safety-model';

/** The settings of the model that shipped, chosen on the tuning set (docs/safety-assessor.md says how). */
export const SAFETY_TRAINING = { bits: 18, epochs: 12, learningRate: 0.3, l2: 1e-6, seed: 20261128 } as const;
/**
 * Share of the tuning set's harmless messages (look-alikes and ordinary days, label none) that may be read as
 * crisis, and read as crisis or asked the direct question.
 */
const FALSE_ALARMS_AT_MOST = 0.05;
const ASKED_AT_MOST = 0.12;
/** Everyday messages (greetings, a day told) may almost never be asked, and rarely be read as a concern. */
const EVERYDAY_ASKED_AT_MOST = 0.01;
/** Everyday messages read as crisis: the help panel over an ordinary evening. */
const EVERYDAY_FALSE_ALARMS_AT_MOST = 0.03;
const EVERYDAY_CONCERN_AT_MOST = 0.05;

/** Training runs averaged into the shipped head. */
const ENSEMBLE_RUNS = 3;

function averageOf(arrays: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(arrays[0]!.length);
  for (const array of arrays) for (let i = 0; i < out.length; i++) out[i]! += array[i]! / arrays.length;
  return out;
}

/** Crisis examples weigh more in the loss: a missed crisis costs more than a question asked for nothing. */
const CRISIS_WEIGHT = 1.3;

/** The lead-up turns teach the head less than the messages the writers labelled. */
const LEAD_UP_WEIGHT = 0.5;

const KIND_OF_FIXTURE: Record<string, string> = { explicit: 'direct', indirect: 'euphemism', plan: 'plan', 'self-harm': 'self-harm', concern: 'hopeless', idiom: 'idiom', ordinary: 'ordinary', context: 'multi-turn' };

/** The rules' own labelled examples, written before the corpus: training data like the rest. */
export function ruleExamples(): SafetyRecord[] {
  return SAFETY_MESSAGES.map((fixture) => ({
    text: fixture.text,
    lang: fixture.language,
    label: fixture.label,
    kind: KIND_OF_FIXTURE[fixture.kind] ?? fixture.kind,
    ...(fixture.context ? { context: fixture.context } : {}),
    source: 'tests/fixtures/safety-messages.ts',
  }));
}

export const conversationOf = (record: Pick<SafetyRecord, 'text' | 'context'>): SafetyTurn[] => [...(record.context ?? []), { role: 'user', content: record.text }];

function examplesOf(records: readonly SafetyRecord[], bits: number): TrainingExample<SafetyLabel>[] {
  const plain = { lexicon: new Set<string>() } as Pick<SafetyModelFile, 'lexicon'> as SafetyModelFile;
  const examples: TrainingExample<SafetyLabel>[] = [];
  for (const record of records) {
    const earlier = (record.context ?? []).filter((turn) => turn.role === 'user').map((turn) => turn.content);
    const context = contextOf(plain, earlier);
    const text = normalise(record.text);
    examples.push({ features: featurise(text, context, bits), label: record.label });
    // The parts of a long harmless message are harmless too: the head must not find a crisis in one of them.
    if (record.label !== 'crisis') for (const part of windowsOf(text).slice(1)) examples.push({ features: featurise(part, context, bits), label: record.label, weight: 0.5 });
    // The earlier messages of a written conversation are messages too, and the head reads each of them on its
    // turn. They were written as the lead-up, not as the crisis: distress (concern) before a crisis, the
    // conversation's own label otherwise. One the rules already call a crisis is left out rather than guessed.
    earlier.forEach((turn, i) => {
      if (assessConversation([{ role: 'user', content: turn }], null).level === 'crisis') return;
      const label = record.label === 'crisis' ? 'concern' : record.label;
      examples.push({ features: featurise(normalise(turn), contextOf(plain, earlier.slice(0, i)), bits), label, weight: LEAD_UP_WEIGHT });
    });
  }
  return examples;
}

/** Words seen at least twice in training: what a `*` in a hidden word may be read as. */
function lexiconOf(records: readonly SafetyRecord[]): string[] {
  const counts = new Map<string, number>();
  for (const record of records) for (const word of tokens(normalise(record.text))) if (/^[a-z]{3,}$/.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts].filter(([, n]) => n >= 2).map(([word]) => word).sort();
}

export interface SetReading {
  record: SafetyRecord;
  level: SafetyLabel;
  unsure: boolean;
}

export function readSet(records: readonly SafetyRecord[], model: SafetyModelFile | null): SetReading[] {
  return records.map((record) => {
    const assessment = assessConversation(conversationOf(record), model);
    return { record, level: assessment.level, unsure: assessment.unsure };
  });
}

const share = (part: number, whole: number) => (whole ? part / whole : 0);

function chooseThresholds(tune: readonly SafetyRecord[], everyday: readonly SafetyRecord[], file: SafetyModelFile): { thresholds: SafetyThresholds; lines: string[] } {
  const crisis = tune.filter((r) => r.label === 'crisis');
  const safe = tune.filter((r) => r.label === 'none');
  const grid = Array.from({ length: 43 }, (_, i) => 0.1 + i * 0.02);
  let best: { thresholds: SafetyThresholds; recall: number; alarms: number } | null = null;
  for (const t of grid) {
    for (const [ratio, veto, alone] of [0.5, 0.65, 0.8, 1].flatMap((r) => [0, 0.05, 0.1].flatMap((v) => [0, 0.03, 0.1].map((a) => [r, v, a] as const)))) {
      const thresholds: SafetyThresholds = { crisis: t, afterDistress: t * ratio, ask: 1, concern: 0.5, veto, alone };
      const model = { ...file, thresholds };
      const alarms = share(readSet(safe, model).filter((r) => r.level === 'crisis').length, safe.length);
      if (alarms > FALSE_ALARMS_AT_MOST) continue;
      if (share(readSet(everyday, model).filter((r) => r.level === 'crisis').length, everyday.length) > EVERYDAY_FALSE_ALARMS_AT_MOST) continue;
      const recall = share(readSet(crisis, model).filter((r) => r.level === 'crisis').length, crisis.length);
      if (!best || recall > best.recall || (recall === best.recall && alarms < best.alarms)) best = { thresholds, recall, alarms };
    }
  }
  if (!best) throw new Error('No threshold keeps false alarms on the tuning set under the limit');
  // The question is asked below the crisis threshold, down to where asking would reach too many people at ease.
  let ask = best.thresholds.crisis;
  for (let t = best.thresholds.crisis; t >= 0.05; t -= 0.01) {
    const model = { ...file, thresholds: { ...best.thresholds, ask: t } };
    const reached = share(readSet(safe, model).filter((r) => r.level === 'crisis' || r.unsure).length, safe.length);
    const everydayAsked = share(readSet(everyday, model).filter((r) => r.unsure).length, everyday.length);
    if (reached > ASKED_AT_MOST || everydayAsked > EVERYDAY_ASKED_AT_MOST) break;
    ask = t;
  }
  // A concern makes the companion gentler and quieter; an ordinary day should rarely be read as one.
  let concern = 0.5;
  for (; concern < 0.95; concern += 0.05) {
    const model = { ...file, thresholds: { ...best.thresholds, ask, concern } };
    if (share(readSet(everyday, model).filter((r) => r.level !== 'none').length, everyday.length) <= EVERYDAY_CONCERN_AT_MOST) break;
  }
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const thresholds = { crisis: round(best.thresholds.crisis), afterDistress: round(best.thresholds.afterDistress), ask: round(ask), concern: round(concern), veto: best.thresholds.veto, alone: best.thresholds.alone };
  return { thresholds, lines: [`tuning set: crisis recall ${(best.recall * 100).toFixed(1)} %, false alarms ${(best.alarms * 100).toFixed(1)} % at ${JSON.stringify(thresholds)}`] };
}

/**
 * Everyday messages to the companion (greetings, thanks, a day told, and every message of the written days of
 * the mood corpus, whose writers were asked for ordinary days, good and bad): never a crisis. They teach the
 * head what most evenings look like, so a plain "work was fine" is not read as a veiled goodbye.
 */
export function everydayExamples(set: 'train' | 'tune' = 'train'): SafetyRecord[] {
  // One everyday message and one written day in five are kept for tuning (the thresholds keep ordinary days
  // quiet), never trained on: the same split as the mood and intent heads'.
  const keep = (_: unknown, i: number) => (i % 5 === 4) === (set === 'tune');
  const records = readEverydayCorpus('train').filter(keep);
  const messages: SafetyRecord[] = records.map((record) => ({
    text: record.text,
    lang: record.lang,
    label: 'none' as const,
    kind: 'everyday',
    ...(record.context ? { context: record.context } : {}),
    source: `everyday/${record.source}`,
  }));
  // Short plain first messages ("i fixed the kitchen tap myself"), written because the head had learned to fear
  // them from the plain last lines of dark conversations: split the same way, so that the thresholds are chosen
  // on some the head never learned from.
  const plain: SafetyRecord[] = readSafetyCorpus('plain')
    .filter(keep)
    .map((record) => ({ ...record, label: 'none' as const, kind: 'everyday', source: `plain/${record.source}` }));
  const days: SafetyRecord[] = readDayCorpus('train')
    .filter(keep)
    .flatMap((day) =>
      day.turns.map((turn, i) => ({
        text: turn.text,
        lang: day.lang,
        label: 'none' as const,
        kind: 'everyday',
        ...(i > 0 ? { context: day.turns.slice(0, i).map((t) => ({ role: 'user' as const, content: t.text })) } : {}),
        source: `mood/${day.source}`,
      })),
    );
  return [...messages, ...plain, ...days];
}

/** Everything the crisis head learns from. */
export const safetyTrainingSet = (): SafetyRecord[] => [...ruleExamples(), ...readSafetyCorpus('train'), ...everydayExamples()];

/** Trains, tunes and returns the model file and what was measured on the way. */
export function buildSafetyModel(
  options: { train?: SafetyRecord[]; tune?: SafetyRecord[]; everydayTune?: SafetyRecord[]; training?: Partial<typeof SAFETY_TRAINING>; crisisWeight?: number } = {},
): { file: Buffer; report: string[] } {
  const trainSet = options.train ?? safetyTrainingSet();
  const tuneSet = options.tune ?? readSafetyCorpus('tune');
  const everydayTune = options.everydayTune ?? everydayExamples('tune');
  const report = [`training set: ${trainSet.length} messages; tuning set: ${tuneSet.length} + ${everydayTune.length} everyday`];
  const training = { ...SAFETY_TRAINING, ...options.training };
  const examples = examplesOf(trainSet, training.bits);
  // Several runs in different seeded orders, their weights averaged (which averages their logits): one run's
  // reading of a plain sentence ("i fixed the kitchen tap myself") swung from 0.2 to 0.5 between retrainings
  // on nearly the same corpus; the average is steadier, and costs nothing when reading.
  const runs = Array.from({ length: ENSEMBLE_RUNS }, (_, run) =>
    train(SAFETY_LABELS, examples, { ...training, seed: training.seed + run, labelWeights: { crisis: options.crisisWeight ?? CRISIS_WEIGHT, concern: 1, none: 1 } }),
  );
  const model = { ...runs[0]!, weights: averageOf(runs.map((r) => r.weights)), bias: averageOf(runs.map((r) => r.bias)) };
  const lexicon = lexiconOf(trainSet).join(' ');
  const provisional = readSafetyModel(serialise({ ...model, meta: { lexicon, thresholds: { crisis: 0.5, afterDistress: 0.5, ask: 1, concern: 0.5, veto: 0, alone: 0 } } }));
  const { thresholds, lines } = tuneSet.length ? chooseThresholds(tuneSet, everydayTune, provisional) : { thresholds: provisional.thresholds, lines: ['no tuning set: default thresholds'] };
  report.push(...lines);
  const file = serialise({ ...model, meta: { lexicon, thresholds, training, examples: trainSet.length } });
  return { file, report };
}
