// How often the offline mood reader agrees with the labelled conversations, per language, and how fast it reads.
// The conversations are a fixture written beside the lexicon, not anyone's days: the misread ones are printed in full.
import { readMood } from '../src/server/providers/mood/analyse';
import { MOOD_CONVERSATIONS, readingAgrees, type MoodFixture } from '../tests/fixtures/mood-conversations';

const TIMING_ROUNDS = 50;

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)} %`);
const textOf = (fixture: MoodFixture, fresh = '') => fixture.lines.join('\n') + fresh;

export function benchMood() {
  console.log(`Offline mood reader, ${MOOD_CONVERSATIONS.length} labelled conversations (tests/fixtures/mood-conversations.ts)`);
  for (const language of ['en', 'fr'] as const) {
    const fixtures = MOOD_CONVERSATIONS.filter((fixture) => fixture.language === language);
    const read = fixtures.map((fixture) => ({ fixture, reading: readMood(textOf(fixture)) }));
    const moodRight = read.filter(({ fixture, reading }) => reading.primary === fixture.mood);
    const labelledThemes = read.filter(({ fixture }) => fixture.themes || fixture.noThemes);
    const invented = labelledThemes.filter(({ fixture, reading }) => reading.themes.some((theme) => !(fixture.themes ?? []).includes(theme.en)));
    const all = read.filter(({ fixture, reading }) => readingAgrees(fixture, reading));
    console.log(`\n  ${language.toUpperCase()}  ${fixtures.length} conversations`);
    console.log(`    first mood agrees           ${percent(moodRight.length, fixtures.length)}`);
    console.log(`    whole label agrees          ${percent(all.length, fixtures.length)}  (mood, second mood and themes where labelled)`);
    console.log(`    a theme never mentioned     ${percent(invented.length, labelledThemes.length)}  of ${labelledThemes.length} conversations with labelled themes`);
    for (const kind of ['happy-tears', 'negation', 'mixed', 'loss'] as const) {
      const ofKind = read.filter(({ fixture }) => fixture.kind === kind);
      console.log(`    ${kind.padEnd(27)} ${percent(ofKind.filter(({ fixture, reading }) => readingAgrees(fixture, reading)).length, ofKind.length)}  (${ofKind.length})`);
    }
    const wrong = read.filter(({ fixture, reading }) => !readingAgrees(fixture, reading));
    if (wrong.length) console.log('    misread:');
    for (const { fixture, reading } of wrong) {
      console.log(`      ${fixture.mood}${fixture.also ? `+${fixture.also}` : ''} → ${reading.primary}${reading.secondary ? `+${reading.secondary}` : ''} [${reading.themes.map((t) => t.en).join(', ')}] ${fixture.lines.join(' ')}`);
    }
  }
  for (const fixture of MOOD_CONVERSATIONS) readMood(textOf(fixture)); // warm-up
  const started = performance.now();
  for (let round = 0; round < TIMING_ROUNDS; round++) for (const fixture of MOOD_CONVERSATIONS) readMood(textOf(fixture, ' '.repeat(round)));
  const perReading = (performance.now() - started) / (TIMING_ROUNDS * MOOD_CONVERSATIONS.length);
  console.log(`\n  mean time per reading         ${(perReading * 1000).toFixed(0)} µs  (${TIMING_ROUNDS} rounds over the set)`);
}
