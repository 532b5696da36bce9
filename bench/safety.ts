// How well and how fast the crisis assessor reads people, on each set apart: the training set (what the model
// learned from, with the rules' own examples), the tuning set (where its thresholds were chosen) and the blind
// set (written by writers who saw neither; read once per change, never trained or tuned on). Figures per
// language and per kind, for the whole assessor and for the rules alone. The messages are a corpus, not anyone's
// words, so misread ones may be printed (`--misread`).
import { statSync } from 'node:fs';
import { readDayCorpus, readSafetyCorpus, type DayRecord, type SafetyRecord } from '../src/server/understanding/corpus';
import { conversationOf, everydayExamples, readSet, safetyTrainingSet, type SetReading } from '../src/server/understanding/safety-training';
import { safetyModel, safetyModelPath } from '../src/server/understanding/safety-model';
import { assessConversation, type SafetyTurn } from '../src/server/safety/assess';

const TIMING_ROUNDS = 5;
const percent = (part: number, whole: number) => (whole === 0 ? '   —  ' : `${((part / whole) * 100).toFixed(1).padStart(5)} %`);

/** Recall on crisis, false alarms on harmless messages, and the direct question asked, for one group. */
function line(label: string, readings: readonly SetReading[]): string {
  const crisis = readings.filter((r) => r.record.label === 'crisis');
  const none = readings.filter((r) => r.record.label === 'none');
  const concern = readings.filter((r) => r.record.label === 'concern');
  const caught = crisis.filter((r) => r.level === 'crisis').length;
  const reached = crisis.filter((r) => r.level === 'crisis' || r.unsure).length;
  return [
    label.padEnd(16),
    `crisis recall ${percent(caught, crisis.length)} (${caught}/${crisis.length})`,
    `crisis or asked ${percent(reached, crisis.length)}`,
    `false alarms ${percent(none.filter((r) => r.level === 'crisis').length, none.length)} (${none.filter((r) => r.level === 'crisis').length}/${none.length})`,
    `asked ${percent(none.filter((r) => r.unsure).length, none.length)}`,
    `concern→crisis ${percent(concern.filter((r) => r.level === 'crisis').length, concern.length)}`,
  ].join('  ');
}

function kindLines(readings: readonly SetReading[]): string[] {
  const kinds = new Map<string, SetReading[]>();
  for (const r of readings) kinds.set(`${r.record.label} ${r.record.kind}`, [...(kinds.get(`${r.record.label} ${r.record.kind}`) ?? []), r]);
  return [...kinds]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, group]) => {
      const crisis = group.filter((r) => r.level === 'crisis').length;
      const asked = group.filter((r) => r.unsure).length;
      return `      ${kind.padEnd(22)} read as crisis ${String(crisis).padStart(3)}/${String(group.length).padEnd(3)} ${percent(crisis, group.length)}   asked ${asked}`;
    });
}

function report(name: string, records: readonly SafetyRecord[], misread: boolean) {
  if (!records.length) {
    console.log(`\n  ${name}: no records`);
    return;
  }
  const rules = readSet(records, null);
  const whole = readSet(records, safetyModel());
  console.log(`\n  ${name} — ${records.length} messages`);
  for (const language of ['en', 'fr'] as const) {
    console.log(`    ${language.toUpperCase()} assessor ${line('', whole.filter((r) => r.record.lang === language))}`);
    console.log(`    ${language.toUpperCase()} rules    ${line('', rules.filter((r) => r.record.lang === language))}`);
  }
  console.log(`    ALL assessor ${line('', whole)}`);
  console.log('    per kind (assessor):');
  for (const text of kindLines(whole)) console.log(text);
  if (misread)
    for (const r of whole)
      if ((r.record.label === 'crisis') !== (r.level === 'crisis'))
        console.log(`      misread ${r.record.label} → ${r.level}${r.unsure ? ' (asked)' : ''} [${r.record.lang} ${r.record.kind}] ${r.record.text.slice(0, 160)}`);
}

/**
 * Whole ordinary days (the mood corpus: writers asked for days good and bad, never a crisis), answered turn by
 * turn: how many would show the crisis panel, or be asked the direct question, at least once.
 */
function ordinaryDays(name: string, days: readonly DayRecord[]) {
  for (const language of ['en', 'fr'] as const) {
    const own = days.filter((d) => d.lang === language);
    let panel = 0;
    let asked = 0;
    for (const day of own) {
      const turns: SafetyTurn[] = [];
      let crisis = false;
      let unsure = false;
      for (const turn of day.turns) {
        turns.push({ role: 'user', content: turn.text });
        const assessment = assessConversation(turns);
        crisis ||= assessment.level === 'crisis';
        unsure ||= assessment.unsure;
        if (crisis) break;
        turns.push({ role: 'assistant', content: 'I hear you.' });
      }
      if (crisis) panel++;
      if (unsure) asked++;
    }
    console.log(`    ${language.toUpperCase()} ${name.padEnd(44)} crisis panel shown ${percent(panel, own.length)} (${panel}/${own.length})  asked ${percent(asked, own.length)}`);
  }
}

export function benchSafety(options: { misread?: boolean } = {}) {
  const model = safetyModel();
  console.log(`Crisis assessor: rules + learned head (${(statSync(safetyModelPath()).size / 1024).toFixed(0)} KB, thresholds ${JSON.stringify(model.thresholds)})`);
  const train = safetyTrainingSet();
  const tune = readSafetyCorpus('tune');
  const blind = readSafetyCorpus('blind');
  report('training set (learned from)', train, false);
  report('tuning set (thresholds chosen on it)', tune, !!options.misread);
  // Two blind sets by different writers. The first has been read at every kept change since it was written, so
  // its figures have been seen many times; the second is kept for fresh readings, and its misread messages are
  // never printed, so that nobody tunes on them.
  const second = (r: SafetyRecord) => /^blind-b[34]\b/.test(r.source);
  report('BLIND set 1 (b1, b2: never trained or tuned on; read at each change)', blind.filter((r) => !second(r)), !!options.misread);
  report('BLIND set 2 (b3, b4: never trained or tuned on; misreads never printed)', blind.filter(second), false);
  report('BLIND sets 1 and 2 together', blind, false);

  // Most of what people write is an ordinary evening: the everyday messages kept for tuning (one in five).
  const everyday = readSet(everydayExamples('tune'), safetyModel());
  const count = (test: (r: SetReading) => boolean) => everyday.filter(test).length;
  console.log(`\n  everyday messages (tuning share, ${everyday.length}): read as crisis ${percent(count((r) => r.level === 'crisis'), everyday.length)}, asked ${percent(count((r) => r.unsure), everyday.length)}, read as concern ${percent(count((r) => r.level === 'concern'), everyday.length)}`);
  if (options.misread) for (const r of everyday) if (r.level === 'crisis' || r.unsure) console.log(`      misread none → ${r.level}${r.unsure ? ' (asked)' : ''} [${r.record.lang}] ${r.record.text.slice(0, 160)}`);

  console.log('\n  ordinary days, whole conversations (corpus/mood):');
  ordinaryDays('tuning days (one in five of mood/train)', readDayCorpus('train').filter((_, i) => i % 5 === 4));
  ordinaryDays('BLIND days (mood/blind, never trained or tuned on)', readDayCorpus('blind'));

  // Time: each message read for the first time (trailing spaces make it new to the assessor's memory), its
  // conversation's earlier turns included, as a turn costs when it arrives.
  const all = [...tune, ...blind];
  const started = performance.now();
  let messages = 0;
  for (let round = 1; round <= TIMING_ROUNDS; round++)
    for (const record of all) {
      const fresh = ' '.repeat(round);
      assessConversation(conversationOf({ text: record.text + fresh, context: record.context?.map((turn) => ({ ...turn, content: turn.content + fresh })) }));
      messages += 1 + (record.context?.filter((turn) => turn.role === 'user').length ?? 0);
    }
  const perMessage = (performance.now() - started) / messages;
  console.log(`\n  time per message              ${(perMessage * 1000).toFixed(0)} µs  (${TIMING_ROUNDS} rounds over the tuning and blind sets, every message read for the first time, rules and learned head)`);
}
