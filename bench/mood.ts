// How the learned mood and intent heads read days, on each set apart: training (written days and everyday
// messages they learned from), tuning (one in five, kept apart, where the settings were chosen) and the BLIND
// set (corpus/mood/blind: days written by writers who saw neither the heads nor the other sets; read once per
// change, never trained or tuned on). Per language and per mood; the word-list reader is shown beside it on
// the blind set for comparison. The days are a corpus, not anyone's, so misread ones may be printed.
import { isSecondMoodBlind, readDayCorpus, type DayRecord } from '../src/server/understanding/corpus';
import { MOODS, valenceOf, type Mood } from '../src/server/understanding/labels';
import { readDayMood, readIntent, understandingModels } from '../src/server/understanding/mood-model';
import { understandingSets } from '../src/server/understanding/mood-training';
import { readMood } from '../src/server/providers/mood/analyse';

const TIMING_ROUNDS = 5;
const percent = (part: number, whole: number) => (whole === 0 ? '  —  ' : `${((part / whole) * 100).toFixed(1).padStart(5)} %`);

interface Read {
  day: DayRecord;
  mood: Mood;
}

/** Agreement on the eight moods, valence (a mixed day's second mood counts) and pleasant/heavy swaps. */
function moodLine(reads: readonly Read[]): string {
  const right = reads.filter((r) => r.mood === r.day.mood).length;
  const valence = reads.filter((r) => valenceOf(r.mood) === valenceOf(r.day.mood as Mood) || (r.day.also && valenceOf(r.mood) === valenceOf(r.day.also as Mood))).length;
  return `mood ${percent(right, reads.length)} (${right}/${reads.length})  valence ${percent(valence, reads.length)}  swaps ${percent(reads.length - valence, reads.length)}`;
}

function intentLine(days: readonly DayRecord[]): string {
  const turns = days.flatMap((d) => d.turns.map((t, i) => ({ ...t, earlier: d.turns.slice(0, i).map((x) => x.text) })));
  const right = turns.filter((t) => readIntent(t.text, t.earlier).intent === t.intent).length;
  return `intent ${percent(right, turns.length)} (${right}/${turns.length} messages)`;
}

function report(name: string, days: readonly DayRecord[], options: { lexicon?: boolean; misread?: boolean } = {}) {
  if (!days.length) return console.log(`\n  ${name}: no days`);
  const reads = days.map((day) => ({ day, mood: readDayMood(day.turns.map((t) => t.text)).mood }));
  console.log(`\n  ${name} — ${days.length} days`);
  for (const language of ['en', 'fr'] as const) {
    const mine = reads.filter((r) => r.day.lang === language);
    console.log(`    ${language.toUpperCase()} learned  ${moodLine(mine)}  ${intentLine(mine.map((r) => r.day))}`);
    if (options.lexicon) {
      const words = mine.map((r) => ({ day: r.day, mood: readMood(r.day.turns.map((t) => t.text).join('\n')).primary }));
      console.log(`    ${language.toUpperCase()} words    ${moodLine(words)}`);
    }
  }
  console.log(`    ALL learned ${moodLine(reads)}  ${intentLine(days)}`);
  console.log('    per mood (learned): ' + MOODS.map((mood) => `${mood} ${percent(reads.filter((r) => r.day.mood === mood && r.mood === mood).length, reads.filter((r) => r.day.mood === mood).length).trim()}`).join(', '));
  if (options.misread) for (const r of reads) if (r.mood !== r.day.mood) console.log(`      ${r.day.id} ${r.day.mood}${r.day.also ? `+${r.day.also}` : ''} → ${r.mood}: ${r.day.turns.map((t) => t.text).join(' / ').slice(0, 200)}`);
}

export function benchMood(options: { misread?: boolean } = {}) {
  const models = understandingModels();
  console.log(`Mood and intent heads (${JSON.stringify(models.mood.meta.training)})`);
  report('training set, written days (learned from)', understandingSets('train').days);
  report('tuning set, written days (settings chosen on it)', understandingSets('tune').days);
  const blind = readDayCorpus('blind');
  // Two blind rounds by different writers: the first has been read at each kept change, so the second (whose
  // misread days are never printed) is the fairer measure of what the heads will meet.
  report('BLIND set 1 (mb1, mb2: never trained or tuned on; read at each change)', blind.filter((d) => !isSecondMoodBlind(d)), { lexicon: true, misread: options.misread });
  report('BLIND set 2 (mb3, mb4: never trained or tuned on; misreads never printed)', blind.filter(isSecondMoodBlind), { lexicon: true });

  const started = performance.now();
  let readings = 0;
  for (let round = 1; round <= TIMING_ROUNDS; round++)
    for (const day of blind) {
      readDayMood(day.turns.map((t) => t.text + ' '.repeat(round)));
      readings++;
    }
  console.log(`\n  time per day read              ${(((performance.now() - started) / readings) * 1000).toFixed(0)} µs  (${TIMING_ROUNDS} rounds over the blind set)`);
}
