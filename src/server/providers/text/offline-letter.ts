import type { AgentGender, Language } from '@shared/limits';
import { createRandom } from '../../understanding/seeded-random';
import { POSITIVE_MOODS, type Mood } from '../../understanding/labels';
import type { LetterDay, LetterInput } from './letter-input';

/**
 * The exhibition letter Souvenir writes itself, with no model: the month's own titles (quoted as the person kept
 * them) and the moods its days were read in, put into a few sentences of our own. Nothing is invented about the
 * days: it says how many there were, how the month began, went on and ended, which moods came back most, and that
 * the heavier days counted too. The reflections are not quoted (the wall shows the titles; the letter stays short).
 * Deterministic: the same month gives the same letter.
 */

/** Days of each mood as a plural phrase: "calm days", « des journées calmes ». */
const MOOD_DAYS: Record<Language, Record<Mood, string>> = {
  en: {
    joyful: 'joyful days',
    calm: 'calm days',
    tender: 'tender days',
    hopeful: 'hopeful days',
    melancholy: 'wistful days',
    anxious: 'anxious days',
    angry: 'days with anger in them',
    tired: 'tired days',
  },
  fr: {
    joyful: 'des journées de joie',
    calm: 'des journées calmes',
    tender: 'des journées tendres',
    hopeful: 'des journées pleines d’espoir',
    melancholy: 'des journées mélancoliques',
    anxious: 'des journées inquiètes',
    angry: 'des journées de colère',
    tired: 'des journées de fatigue',
  },
};

const NB = '\u00a0';
const quote = (language: Language, title: string) => (language === 'fr' ? `«${NB}${title}${NB}»` : `“${title}”`);

/** A stable seed from the month's titles: the same month, the same choices. */
function seedOf(days: readonly LetterDay[]): number {
  let hash = 2166136261;
  for (const ch of days.map((day) => day.title).join('\u0000')) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

/** The moods that came back, most frequent first (ties in the moods' own order). */
function moodsByCount(days: readonly LetterDay[]): { mood: Mood; count: number }[] {
  const counts = new Map<Mood, number>();
  for (const day of days) if (day.mood) counts.set(day.mood, (counts.get(day.mood) ?? 0) + 1);
  return [...counts.entries()].map(([mood, count]) => ({ mood, count })).sort((a, b) => b.count - a.count);
}

function countLine(language: Language, monthName: string, n: number): string {
  if (language === 'fr') return n === 1 ? `En ${monthName}, tu as gardé un souvenir ici.` : `En ${monthName}, tu as gardé ${n} souvenirs ici.`;
  return n === 1 ? `In ${monthName} you kept one memory here.` : `In ${monthName} you kept ${n} memories here.`;
}

function journeyLine(language: Language, titles: string[], pick: () => number): string {
  const q = (title: string) => quote(language, title);
  const first = titles[0]!;
  const last = titles[titles.length - 1]!;
  if (titles.length === 1) return language === 'fr' ? `Il s’appelle ${q(first)}, et il a tout ce mur pour lui.` : `It is called ${q(first)}, and it has this whole wall to itself.`;
  if (titles.length === 2) {
    return language === 'fr' ? `Le mois a commencé avec ${q(first)} et s’est terminé avec ${q(last)}.` : `The month began with ${q(first)} and ended with ${q(last)}.`;
  }
  const middle = titles[1 + Math.floor(pick() * (titles.length - 2))]!;
  return language === 'fr'
    ? `Le mois a commencé avec ${q(first)}, est passé par ${q(middle)}, et s’est terminé avec ${q(last)}.`
    : `The month began with ${q(first)}, passed through ${q(middle)}, and ended with ${q(last)}.`;
}

function moodLine(language: Language, moods: { mood: Mood; count: number }[]): string | null {
  const [top, second] = moods;
  if (!top) return null;
  const names = MOOD_DAYS[language];
  if (!second) return language === 'fr' ? `Il y a eu surtout ${names[top.mood]}.` : `There were mostly ${names[top.mood]}.`;
  return language === 'fr' ? `Il y a eu surtout ${names[top.mood]}, et aussi ${names[second.mood]}.` : `There were mostly ${names[top.mood]}, and some ${names[second.mood]} too.`;
}

const HEAVY: Record<Language, string[]> = {
  en: [
    'It sounds like a month that asked a lot of you. Coming back to put it into words, day after day, is no small thing.',
    'It was not a light month. You still came back and gave each of those days a name, and that counts.',
  ],
  fr: [
    'On dirait un mois qui t’a beaucoup demandé. Revenir le mettre en mots, jour après jour, ce n’est pas rien.',
    'Ce n’était pas un mois léger. Tu as quand même pris le temps de donner un nom à chacun de ces jours, et ça compte.',
  ],
};
const MIXED: Record<Language, string[]> = {
  en: ['Some days weighed more than others; you still found words for each of them.', 'There was light and there was weight, and you made room for both.'],
  fr: ['Certains jours ont pesé plus que d’autres\u00a0; tu as quand même trouvé des mots pour chacun.', 'Il y a eu de la lumière et du poids, et tu as fait de la place aux deux.'],
};
const LIGHT: Record<Language, string[]> = {
  en: ['Reading these titles again, I can feel how much light there was.', 'Looking at them side by side, the month seems to have kept a quiet warmth.'],
  fr: ['En relisant ces titres, je sens combien il y avait de lumière.', 'Côte à côte, ces jours gardent une chaleur tranquille.'],
};

function weatherLine(language: Language, moods: { mood: Mood; count: number }[], pick: () => number): string | null {
  if (moods.length === 0) return null;
  const heavy = moods.filter(({ mood }) => !POSITIVE_MOODS.has(mood)).reduce((sum, { count }) => sum + count, 0);
  const all = moods.reduce((sum, { count }) => sum + count, 0);
  const lines = heavy === 0 ? LIGHT[language] : heavy * 2 > all ? HEAVY[language] : MIXED[language];
  return lines[Math.floor(pick() * lines.length)]!;
}

/**
 * The closing in the companion's voice; in French it agrees with the gender the administrators gave it. Nothing in
 * the letter agrees with the person's own gender, which Souvenir does not guess.
 */
function closingLine(language: Language, gender: AgentGender): string {
  if (language === 'en') return 'Thank you for letting me keep this month with you. Here it is, as a wall of pictures, for whenever you want to come back to it.';
  const glad = gender === 'feminine' ? 'J’ai été heureuse de garder ce mois avec toi.' : gender === 'masculine' ? 'J’ai été heureux de garder ce mois avec toi.' : 'Merci de m’avoir confié ce mois.';
  return `${glad} Le voici, en un mur d’images, pour quand tu voudras y revenir.`;
}

export function offlineExhibitionLetter(input: Omit<LetterInput, 'signal'>): string {
  const { language, days } = input;
  const pick = createRandom(seedOf(days));
  const moods = moodsByCount(days);
  const titles = days.map((day) => day.title.trim()).filter(Boolean);
  const first = [countLine(language, input.monthName, days.length), titles.length > 0 ? journeyLine(language, titles, pick) : null].filter(Boolean).join(' ');
  const second = [moodLine(language, moods), weatherLine(language, moods, pick)].filter(Boolean).join(' ');
  return [first, second, closingLine(language, input.agentGender), `— ${input.agentName}`].filter(Boolean).join('\n\n');
}
