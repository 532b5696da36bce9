// How well and how fast the offline crisis assessor reads the labelled messages, per language.
// The messages are a fixture, not anyone's words, so the misread ones are printed in full.
import type { SafetyLevel } from '../src/shared/safety';
import { assessConversation } from '../src/server/safety/assess';
import { SAFETY_MESSAGES, type SafetyFixture } from '../tests/fixtures/safety-messages';

const TIMING_ROUNDS = 20;

const levelOf = (fixture: SafetyFixture): SafetyLevel =>
  assessConversation([...(fixture.context ?? []), { role: 'user', content: fixture.text }]).level;

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
  const started = performance.now();
  for (let round = 0; round < TIMING_ROUNDS; round++) for (const fixture of SAFETY_MESSAGES) levelOf(fixture);
  const perMessage = (performance.now() - started) / (TIMING_ROUNDS * SAFETY_MESSAGES.length);
  console.log(`\n  mean time per assessment      ${(perMessage * 1000).toFixed(0)} µs  (${TIMING_ROUNDS} rounds over the set, context turns included)`);
}
