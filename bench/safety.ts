// How well and how fast the offline crisis assessor reads the labelled messages, per language.
// The messages are a fixture, not anyone's words, so the misread ones are printed in full.
import type { SafetyLevel } from '../src/shared/safety';
import { assessConversation } from '../src/server/safety/assess';
import { SAFETY_MESSAGES, type SafetyFixture } from '../tests/fixtures/safety-messages';

const TIMING_ROUNDS = 20;

// `fresh` adds trailing spaces, which change nothing of the reading but make each message new to the
// assessor's memory of readings: the timing measures a first reading, as of a message just written.
const levelOf = (fixture: SafetyFixture, fresh = ''): SafetyLevel =>
  assessConversation([...(fixture.context ?? []).map((turn) => ({ ...turn, content: turn.content + fresh })), { role: 'user', content: fixture.text + fresh }]).level;

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)} %`);

export function benchSafety() {
  console.log(`Offline crisis assessor, ${SAFETY_MESSAGES.length} labelled messages (tests/fixtures/safety-messages.ts)`);
  for (const language of ['en', 'fr'] as const) {
    const fixtures = SAFETY_MESSAGES.filter((fixture) => fixture.language === language);
    const read = fixtures.map((fixture) => ({ fixture, level: levelOf(fixture) }));
    const crisis = read.filter(({ fixture }) => fixture.label === 'crisis');
    const concern = read.filter(({ fixture }) => fixture.label === 'concern');
    const none = read.filter(({ fixture }) => fixture.label === 'none');
    const lookAlikes = none.filter(({ fixture }) => fixture.kind === 'idiom');
    console.log(`\n  ${language.toUpperCase()}  ${fixtures.length} messages (${crisis.length} crisis, ${concern.length} concern, ${none.length} none)`);
    console.log(`    crisis recall               ${percent(crisis.filter(({ level }) => level === 'crisis').length, crisis.length)}`);
    console.log(`    concern read as concern     ${percent(concern.filter(({ level }) => level === 'concern').length, concern.length)}  (at least concern ${percent(concern.filter(({ level }) => level !== 'none').length, concern.length)})`);
    console.log(`    false alarms, look-alikes   ${percent(lookAlikes.filter(({ level }) => level === 'crisis').length, lookAlikes.length)}  (${lookAlikes.length} idioms and look-alikes)`);
    console.log(`    false alarms, all "none"    ${percent(none.filter(({ level }) => level === 'crisis').length, none.length)}  (read as none ${percent(none.filter(({ level }) => level === 'none').length, none.length)})`);
    const wrong = read.filter(({ fixture, level }) => level !== fixture.label);
    if (wrong.length) console.log('    misread:');
    for (const { fixture, level } of wrong) console.log(`      ${fixture.label.padEnd(7)} → ${level.padEnd(7)} [${fixture.kind}] ${fixture.text}`);
  }
  for (const fixture of SAFETY_MESSAGES) levelOf(fixture); // warm-up: the rule table compiles on first use
  // Measured before the first-reading rounds, whose new messages push these out of the assessor's memory.
  const known = performance.now();
  for (const fixture of SAFETY_MESSAGES) levelOf(fixture);
  console.log(`\n  a conversation read again     ${(((performance.now() - known) / SAFETY_MESSAGES.length) * 1000).toFixed(0)} µs  (readings already known: what a later turn costs)`);
  const started = performance.now();
  for (let round = 0; round < TIMING_ROUNDS; round++) for (const fixture of SAFETY_MESSAGES) levelOf(fixture, ' '.repeat(round + 1));
  const perMessage = (performance.now() - started) / (TIMING_ROUNDS * SAFETY_MESSAGES.length);
  console.log(`\n  mean time per assessment      ${(perMessage * 1000).toFixed(0)} µs  (${TIMING_ROUNDS} rounds over the set, every message read for the first time, context turns included)`);
}
