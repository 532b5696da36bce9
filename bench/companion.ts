// How the built-in companion answers whole days it has never seen: the BLIND days (corpus/mood/blind, written
// by writers who saw neither the companion nor its heads), and the tuning days for comparison, answered turn by
// turn as in the app (the crisis layer's level passed in). Counted per language: replies that quote the person
// (and conversations quoting more than once), replies that deflect a question ("I don't have the answer"),
// replies in the tone opposite to the day (congratulations on a heavy day, sympathy on a good one), and
// goodbyes answered as goodbyes.
import { composeReply, HEAVY_FEELINGS, PLEASANT_FEELINGS, quotableClause, toneOfReply } from '../src/server/providers/chat/offline-companion';
import type { ChatTurn } from '../src/server/providers/chat/index';
import { assessConversation } from '../src/server/safety/assess';
import { isSecondMoodBlind, readDayCorpus, type DayRecord } from '../src/server/understanding/corpus';
import { valenceOf, type Mood } from '../src/server/understanding/labels';
import { understandingSets } from '../src/server/understanding/mood-training';

const DEFLECTION = /I don[’']t have the answer|I may not be able to answer|je n[’']ai pas la réponse|ne saurai peut-être pas y répondre/i;
const GOODBYE_REPLY = /^(Goodnight|Sleep well|Take care|See you soon|Bonne nuit|Fais de beaux rêves|Prends soin de toi|À bientôt)/;

const percent = (part: number, whole: number) => (whole === 0 ? '  —  ' : `${((part / whole) * 100).toFixed(1).padStart(5)} %`);

interface Counts {
  days: number;
  replies: number;
  quoting: number;
  quotedTwice: number;
  asked: number;
  deflected: number;
  toned: number;
  backwards: number;
  goodbyes: number;
  goodbyesAnswered: number;
  misreads: string[];
}

function answerDay(day: DayRecord, counts: Counts) {
  const messages: ChatTurn[] = [];
  const valences = new Set([valenceOf(day.mood as Mood), ...(day.also ? [valenceOf(day.also as Mood)] : [])]);
  let quotes = 0;
  for (const turn of day.turns) {
    messages.push({ role: 'user', content: turn.text });
    const assessment = assessConversation(messages);
    if (assessment.level === 'crisis') break; // the crisis layer answers, not the companion
    const reply = composeReply({ messages, language: day.lang, agentName: 'Mira', firstName: 'Alex', agentGender: 'feminine', safety: { level: assessment.level, earlierCrisis: false } });
    messages.push({ role: 'assistant', content: reply });
    counts.replies++;
    // A clause of theirs inside quotation marks ("Bonne nuit, Alex" answering "bonne nuit" is no quote).
    const quoted = day.turns.some((t) => {
      const clause = quotableClause(t.text);
      return clause !== null && new RegExp(`[“«][\\s\u00a0]*${clause.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(reply);
    });
    if (quoted) {
      counts.quoting++;
      quotes++;
    }
    if (turn.intent === 'question' || turn.intent === 'request') {
      counts.asked++;
      if (DEFLECTION.test(reply)) {
        counts.deflected++;
        counts.misreads.push(`deflects [${day.id}] ${turn.text.slice(0, 90)} → ${reply.slice(0, 120)}`);
      }
    }
    if (turn.intent === 'goodbye') {
      counts.goodbyes++;
      if (GOODBYE_REPLY.test(reply)) counts.goodbyesAnswered++;
    }
    const tone = toneOfReply(reply, day.lang);
    if (tone && tone !== 'mixed') {
      counts.toned++;
      const backwards = (PLEASANT_FEELINGS.has(tone) && !valences.has('positive')) || (HEAVY_FEELINGS.has(tone) && tone !== 'loss' && !valences.has('negative'));
      if (backwards) {
        counts.backwards++;
        counts.misreads.push(`tone ${tone} on a ${day.mood}${day.also ? `+${day.also}` : ''} day [${day.id}] ${turn.text.slice(0, 90)} → ${reply.slice(0, 100)}`);
      }
    }
  }
  counts.days++;
  if (quotes > 1) counts.quotedTwice++;
}

function report(name: string, days: readonly DayRecord[], misread: boolean) {
  console.log(`\n  ${name} — ${days.length} days`);
  for (const language of ['en', 'fr'] as const) {
    const counts: Counts = { days: 0, replies: 0, quoting: 0, quotedTwice: 0, asked: 0, deflected: 0, toned: 0, backwards: 0, goodbyes: 0, goodbyesAnswered: 0, misreads: [] };
    for (const day of days.filter((d) => d.lang === language)) answerDay(day, counts);
    console.log(
      `    ${language.toUpperCase()}  ${counts.replies} replies: quoting ${percent(counts.quoting, counts.replies)}, days quoted more than once ${percent(counts.quotedTwice, counts.days)}; ` +
        `questions and requests deflected ${percent(counts.deflected, counts.asked)} (${counts.deflected}/${counts.asked}); ` +
        `tone backwards ${percent(counts.backwards, counts.replies)} of replies (${counts.backwards}; ${percent(counts.backwards, counts.toned)} of the ${counts.toned} naming a feeling); goodbyes answered ${percent(counts.goodbyesAnswered, counts.goodbyes)}`,
    );
    if (misread) for (const line of counts.misreads) console.log(`      ${line}`);
  }
}

export function benchCompanion(options: { misread?: boolean; tuningOnly?: boolean } = {}) {
  console.log('Built-in companion, answering written days turn by turn');
  report('tuning set, written days', understandingSets('tune').days, !!options.misread && !!options.tuningOnly);
  // While trying changes, leave the blind days unread: they are read once per change that is kept.
  if (options.tuningOnly) return;
  const blind = readDayCorpus('blind');
  report('BLIND set 1 (mb1, mb2: never trained or tuned on)', blind.filter((d) => !isSecondMoodBlind(d)), !!options.misread);
  report('BLIND set 2 (mb3, mb4: never trained or tuned on; misreads never printed)', blind.filter(isSecondMoodBlind), false);
}
