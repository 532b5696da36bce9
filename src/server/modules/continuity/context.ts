import { CONTINUITY_CONTEXT_MAX_CHARS, CONTINUITY_FACT_MAX, CONTINUITY_REFLECTION_MAX, MEMORY_TITLE_MAX, type Language } from '@shared/limits';
import { isMood, MOOD_NAMES } from '../../understanding/labels';
import { crisisMemoryTexts } from '../../safety/replies';

export interface ContinuityMemory {
  id: string;
  title: string;
  reflection: string | null;
  /** UTC calendar date, YYYY-MM-DD. */
  date: string;
  mood: string | null;
  /** The memory of a crisis day: sent as a date and a note to stay gentle, never quoted, never the opening. */
  hardDay: boolean;
}

// A crisis day's memory keeps its title unless the person renames it: then it is theirs to be remembered by.
const HARD_DAY_TITLES = new Set([crisisMemoryTexts('en', null).title, crisisMemoryTexts('fr', null).title]);

const cut = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/**
 * A stored memory as continuity sees it: the mood its title and reflection were written from (kept with it,
 * never read again from its words), named in the language; none for memories made before it was kept.
 */
export function toContinuityMemory(
  row: { id: string; title: string; poeticSummary: string | null; mood?: string | null; createdAt: Date },
  language: Language,
): ContinuityMemory {
  const hardDay = HARD_DAY_TITLES.has(row.title.trim());
  return {
    id: row.id,
    title: cut(row.title, MEMORY_TITLE_MAX),
    reflection: hardDay || !row.poeticSummary ? null : cut(row.poeticSummary, CONTINUITY_REFLECTION_MAX),
    date: row.createdAt.toISOString().slice(0, 10),
    mood: hardDay || !row.mood || !isMood(row.mood) ? null : MOOD_NAMES[language][row.mood],
    hardDay,
  };
}

/** French elides "que" before a vowel or a mute h: « ce qu’Alex », « ce que Camille ». */
const que = (name: string) => (/^[aeiouyhàâäéèêëîïôöûüœæ]/i.test(name) ? 'qu’' : 'que ');

const TEXTS = {
  en: {
    memories: (name: string) =>
      `What ${name} chose to keep of recent days (their memories, newest first). Use it only if it helps them feel remembered, briefly and gently; never assume today is like those days.`,
    memory: (m: ContinuityMemory) => `- ${m.date}, “${m.title}”${m.mood ? ` (mood: ${m.mood})` : ''}${m.reflection ? `: ${m.reflection}` : ''}`,
    hardDay: (m: ContinuityMemory) => `- ${m.date}: a hard day. Do not bring it up yourself; if they do, be gentle and make sure they know help is there.`,
    facts: (name: string) => `Things ${name} asked you to remember:`,
  },
  fr: {
    memories: (name: string) =>
      `Ce ${que(name)}${name} a choisi de garder de ses derniers jours (ses souvenirs, du plus récent au plus ancien). Ne t’en sers que si cela l’aide à se sentir écouté·e, brièvement et avec douceur\u00a0; ne suppose jamais qu’aujourd’hui ressemble à ces jours-là.`,
    memory: (m: ContinuityMemory) => `- ${m.date}, «\u00a0${m.title}\u00a0»${m.mood ? ` (humeur\u00a0: ${m.mood})` : ''}${m.reflection ? `\u00a0: ${m.reflection}` : ''}`,
    hardDay: (m: ContinuityMemory) => `- ${m.date}\u00a0: une journée difficile. N’en parle pas de toi-même\u00a0; si la personne en parle, sois doux et rappelle que de l’aide existe.`,
    facts: (name: string) => `Ce ${que(name)}${name} t’a demandé de retenir\u00a0:`,
  },
} as const;

/**
 * The few lines added to the companion's instructions: recent memories, then the facts. Never more than
 * CONTINUITY_CONTEXT_MAX_CHARS: the oldest memories give way first, then the last facts. Null when
 * there is nothing to say.
 */
export function buildContinuityContext(input: { language: Language; firstName: string; memories: ContinuityMemory[]; facts: string[] }): string | null {
  const t = TEXTS[input.language];
  const name = input.firstName.trim() || (input.language === 'fr' ? 'la personne' : 'the person');
  const memoryLines = input.memories.map((m) => (m.hardDay ? t.hardDay(m) : t.memory(m)));
  const factLines = input.facts.map((fact) => `- ${cut(fact, CONTINUITY_FACT_MAX)}`);
  const compose = () =>
    [
      ...(memoryLines.length ? [t.memories(name), ...memoryLines] : []),
      ...(factLines.length ? [t.facts(name), ...factLines] : []),
    ].join('\n');
  let text = compose();
  while (text.length > CONTINUITY_CONTEXT_MAX_CHARS && memoryLines.length > 0) {
    memoryLines.pop();
    text = compose();
  }
  while (text.length > CONTINUITY_CONTEXT_MAX_CHARS && factLines.length > 0) {
    factLines.pop();
    text = compose();
  }
  return text === '' ? null : text;
}
