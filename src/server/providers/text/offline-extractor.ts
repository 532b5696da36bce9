import type { Language } from '@shared/limits';
import { createRandom, readMood, seedOf, type MoodReading } from '../mood/analyse';
import type { Mood, Theme } from '../mood/lexicon';
import { IMAGE_PROMPT_MAX, type ImagePromptInput, type MemoryTextInput, type MemoryTexts, type TextProvider, type TextTurn } from './index';

/**
 * The embedded extractor: no network, no model. It reads the mood and themes of the person's words
 * (providers/mood) and writes the memory from its own templates and the curated lexicon only — the title,
 * the reflection and the image prompt never copy a word of the conversation, so what the server keeps of
 * a day cannot quote it. Only the key comment is a short quote, and it is never stored.
 *
 * Deterministic: every choice comes from a generator seeded by the person's words, so the same
 * conversation always gives the same memory (and the same artwork); different days give different ones.
 */

interface MoodTexts {
  /** The mood as a noun, for "a thread of …". */
  word: string;
  titles: string[];
  /** Titles naming the day's main theme: `{theme}` is replaced by its name. */
  themeTitles: string[];
  openings: string[];
  closings: string[];
}

interface LanguageTexts {
  moods: Record<Mood, MoodTexts>;
  /** `{themes}`: one or two theme names. */
  themeSentences: string[];
  /** `{word}`: the second mood's noun. */
  secondarySentences: ((word: string) => string)[];
  and: string;
}

/** French elision: "de joie", "d’espoir". */
const de = (word: string) => (/^[aeiouyhéèêàâîïôûœ]/i.test(word) ? `d’${word}` : `de ${word}`);

const TEXTS: Record<Language, LanguageTexts> = {
  en: {
    moods: {
      joyful: {
        word: 'joy',
        titles: ['A bright and dancing day', 'Sunlit laughter', 'Joy in small things', 'A day that sparkled'],
        themeTitles: ['{theme}, full of light', 'Joy and {theme}', 'Bright hours and {theme}'],
        openings: [
          'There was a lightness in your day, a joy that wanted to be shared.',
          'Something in today made you smile, and it still shines a little.',
          'Today carried a bright, dancing energy.',
        ],
        closings: [
          'Keep this warmth close; it is yours to return to.',
          'May this joy stay with you a while longer.',
          'Days like this are worth holding on to.',
        ],
      },
      calm: {
        word: 'calm',
        titles: ['A quiet, spacious evening', 'Stillness', 'The calm after the day', 'A gentle pause'],
        themeTitles: ['{theme}, in stillness', 'Quiet hours and {theme}', '{theme}, softly'],
        openings: [
          'Your day found a quiet rhythm, slow and spacious.',
          'There was a stillness in today, like water at rest.',
          'Today moved gently, and you moved with it.',
        ],
        closings: [
          'Let this calm be a place you can come back to.',
          'Rest in this quiet; you have earned it.',
          'Some days simply ask to be lived slowly.',
        ],
      },
      tender: {
        word: 'tenderness',
        titles: ['Held close', 'A warm and tender day', 'Small kindnesses', 'The warmth we share'],
        themeTitles: ['Tenderness and {theme}', '{theme}, held close', 'Warm hours and {theme}'],
        openings: [
          'Today was woven with care, given and received.',
          'There was tenderness in your day, soft and warm.',
          'Your words carried a quiet affection.',
        ],
        closings: [
          'That warmth is part of you, too.',
          'Let yourself be held by it for a moment.',
          'Love often lives in the smallest gestures.',
        ],
      },
      hopeful: {
        word: 'hope',
        titles: ['Toward the light', 'A new page', 'The day the sky opened', 'Small steps forward'],
        themeTitles: ['{theme} and a new dawn', 'Hope and {theme}', '{theme}, looking forward'],
        openings: [
          'Something in today leaned toward the light.',
          'You spoke of what could be, and it sounded like hope.',
          'Today held the first glow of something new.',
        ],
        closings: [
          'Trust the small steps; they lead somewhere.',
          'Tomorrow can grow from what you planted today.',
          'Keep this hope within reach.',
        ],
      },
      melancholy: {
        word: 'sadness',
        titles: ['A hushed blue evening', 'Rain inside', 'The weight of the day', 'Quiet blue hours'],
        themeTitles: ['{theme}, in blue', 'Blue hours and {theme}', '{theme} under a grey sky'],
        openings: [
          'Today felt heavy, and you let yourself feel it.',
          'There was a quiet sadness in your day, like a soft grey light.',
          'Some of today weighed on you, and that is allowed.',
        ],
        closings: [
          'Be gentle with yourself tonight; sadness also passes.',
          'You do not have to carry it all at once.',
          'Even blue evenings make room for morning.',
        ],
      },
      anxious: {
        word: 'worry',
        titles: ['Holding the storm', 'A restless day', 'Breathing through it', 'Many threads at once'],
        themeTitles: ['{theme} and a restless mind', '{theme}, one breath at a time', 'Breathing with {theme}'],
        openings: [
          'Your day pulled you in many directions at once.',
          'There was a restlessness in today, a lot to hold.',
          'Today asked a great deal of you.',
        ],
        closings: [
          'One breath at a time is enough.',
          'You do not need to solve everything tonight.',
          'Let the worries rest for now; they will wait.',
        ],
      },
      angry: {
        word: 'anger',
        titles: ['Fire and stone', 'A sharp day', 'What burned today', 'The heat of the day'],
        themeTitles: ['{theme}, and the fire beneath', 'Fire and {theme}', '{theme} and a burning heart'],
        openings: [
          'Something today felt unfair, and the fire in you noticed.',
          'Your day had sharp edges.',
          'There was a heat in today, strong and real.',
        ],
        closings: [
          'Your anger is telling you what matters to you.',
          'Let the fire cool slowly; it has said what it needed to.',
          'Tomorrow you can choose what to do with it.',
        ],
      },
      tired: {
        word: 'tiredness',
        titles: ['A long, slow dusk', 'Weary and still here', 'At the end of a long day', 'Permission to rest'],
        themeTitles: ['{theme} at dusk', 'Tired hours and {theme}', '{theme}, and the need to rest'],
        openings: [
          'Today took a lot of your energy.',
          'You reached the end of the day tired, and that says how much you gave.',
          'It was a long day, and you carried it.',
        ],
        closings: [
          'Rest is not a reward; it is a need.',
          'Let tonight be soft and slow.',
          'Tomorrow can wait until you have slept.',
        ],
      },
    },
    themeSentences: ['Your words kept returning to {themes}.', 'Among today’s moments: {themes}.', 'Your day gathered around {themes}.'],
    secondarySentences: [
      (w) => `Beneath it, there was also a thread of ${w}.`,
      (w) => `A little ${w} was there too.`,
      (w) => `And woven through it, some ${w}.`,
    ],
    and: 'and',
  },
  fr: {
    moods: {
      joyful: {
        word: 'joie',
        titles: ['Une journée lumineuse et dansante', 'Des rires au soleil', 'La joie des petites choses', 'Une journée qui pétille'],
        themeTitles: ['{theme} et la joie', 'Joie et {theme}', 'Lumière sur {theme}'],
        openings: [
          'Il y avait de la légèreté dans ta journée, une joie qui voulait se partager.',
          'Quelque chose aujourd’hui t’a fait sourire, et cela brille encore un peu.',
          'Ta journée portait une énergie vive et dansante.',
        ],
        closings: [
          'Garde cette chaleur près de toi : elle t’appartient.',
          'Que cette joie reste avec toi encore un moment.',
          'Les journées comme celle-ci méritent qu’on les garde.',
        ],
      },
      calm: {
        word: 'calme',
        titles: ['Un soir calme et ample', 'Le calme', 'Le calme après la journée', 'Une pause douce'],
        themeTitles: ['{theme} en douceur', 'Heures calmes et {theme}', 'Silence et {theme}'],
        openings: [
          'Ta journée a trouvé un rythme tranquille, lent et ample.',
          'Il y avait du calme dans ta journée, comme une eau au repos.',
          'La journée a avancé doucement, et tu as avancé avec elle.',
        ],
        closings: [
          'Que ce calme soit un endroit où revenir.',
          'Repose-toi dans ce silence : tu l’as bien mérité.',
          'Certaines journées demandent simplement d’être vécues lentement.',
        ],
      },
      tender: {
        word: 'tendresse',
        titles: ['Tout contre le cœur', 'Une journée tendre et chaude', 'Petites tendresses', 'La chaleur partagée'],
        themeTitles: ['Tendresse et {theme}', '{theme}, tout contre le cœur', 'Douceur pour {theme}'],
        openings: [
          'Ta journée était tissée d’attention, donnée et reçue.',
          'Il y avait de la tendresse dans ta journée, douce et chaude.',
          'Tes mots portaient une affection discrète.',
        ],
        closings: [
          'Cette chaleur fait aussi partie de toi.',
          'Laisse-toi envelopper par elle un instant.',
          'L’amour vit souvent dans les plus petits gestes.',
        ],
      },
      hopeful: {
        word: 'espoir',
        titles: ['Vers la lumière', 'Une nouvelle page', 'Le jour où le ciel s’est ouvert', 'De petits pas en avant'],
        themeTitles: ['{theme} et une aube nouvelle', 'Espoir pour {theme}', '{theme}, vers demain'],
        openings: [
          'Quelque chose dans ta journée penchait vers la lumière.',
          'Tu as parlé de ce qui pourrait être, et cela ressemblait à de l’espoir.',
          'Ta journée portait la première lueur de quelque chose de neuf.',
        ],
        closings: [
          'Fais confiance aux petits pas : ils mènent quelque part.',
          'Demain peut grandir de ce que tu as semé aujourd’hui.',
          'Garde cet espoir à portée de main.',
        ],
      },
      melancholy: {
        word: 'tristesse',
        titles: ['Un soir bleu et feutré', 'De la pluie en dedans', 'Le poids de la journée', 'Heures bleues'],
        themeTitles: ['{theme}, en bleu', 'Heures bleues et {theme}', '{theme} sous un ciel gris'],
        openings: [
          'Ta journée était lourde, et tu as laissé ce poids exister.',
          'Il y avait une tristesse discrète dans ta journée, comme une lumière grise et douce.',
          'Une partie de cette journée a pesé sur toi, et c’est permis.',
        ],
        closings: [
          'Prends soin de toi ce soir : la tristesse aussi finit par passer.',
          'Tu n’as pas à tout porter d’un coup.',
          'Même les soirs bleus laissent la place au matin.',
        ],
      },
      anxious: {
        word: 'inquiétude',
        titles: ['Traverser la tempête', 'Une journée agitée', 'Respirer malgré tout', 'Mille fils à la fois'],
        themeTitles: ['{theme} et un esprit agité', '{theme}, un souffle à la fois', 'Respirer avec {theme}'],
        openings: [
          'Ta journée partait dans beaucoup de directions à la fois.',
          'Il y avait de l’agitation dans ta journée, beaucoup à porter.',
          'Cette journée t’a demandé beaucoup.',
        ],
        closings: [
          'Un souffle à la fois, c’est suffisant.',
          'Tu n’as pas besoin de tout résoudre ce soir.',
          'Laisse les inquiétudes se reposer : elles attendront.',
        ],
      },
      angry: {
        word: 'colère',
        titles: ['Le feu et la pierre', 'Une journée à vif', 'Ce qui a brûlé aujourd’hui', 'La chaleur du jour'],
        themeTitles: ['{theme}, et le feu dessous', 'Feu et {theme}', '{theme} et un cœur brûlant'],
        openings: [
          'Quelque chose aujourd’hui t’a semblé injuste, et le feu en toi l’a remarqué.',
          'Ta journée avait des arêtes vives.',
          'Il y avait une chaleur dans ta journée, forte et réelle.',
        ],
        closings: [
          'Ta colère te dit ce qui compte pour toi.',
          'Laisse le feu refroidir doucement : il a dit ce qu’il avait à dire.',
          'Demain, tu pourras choisir quoi en faire.',
        ],
      },
      tired: {
        word: 'fatigue',
        titles: ['Un long crépuscule', 'Fatigue et douceur', 'Au bout d’une longue journée', 'Le droit de se reposer'],
        themeTitles: ['{theme} au crépuscule', 'Jours de fatigue et {theme}', '{theme}, et le besoin de repos'],
        openings: [
          'Cette journée t’a pris beaucoup d’énergie.',
          'Tu arrives au bout de la journée avec de la fatigue, signe de tout ce que tu as donné.',
          'C’était une longue journée, et tu l’as portée.',
        ],
        closings: [
          'Le repos n’est pas une récompense : c’est un besoin.',
          'Que cette nuit soit douce et lente.',
          'Demain peut attendre que tu aies dormi.',
        ],
      },
    },
    themeSentences: ['Tes mots revenaient vers {themes}.', 'Au fil de ta journée : {themes}.', 'Il y avait {themes} dans ta journée.'],
    secondarySentences: [
      (w) => `En dessous, il y avait aussi un fil ${de(w)}.`,
      (w) => `Un peu ${de(w)} était là aussi.`,
      (w) => `Et, mêlé à cela, un peu ${de(w)}.`,
    ],
    and: 'et',
  },
};

/**
 * French typography (decision 0002 and the offline companion): a non-breaking space before : ; ! ?
 * and inside « ».
 */
export function typesetFrench(text: string): string {
  return text
    .replace(/[ \u00a0\u202f]*([:;!?»])/g, '\u00a0$1')
    .replace(/«[ \u00a0\u202f]*/g, '«\u00a0');
}

/**
 * The image description, in English, built only from words the mood reader knows, so that the offline
 * renderer (which reads mood and theme words from the prompt) draws the day's mood and motifs. Each
 * keyword below matches its own mood's stems and nothing else (checked by the unit tests).
 */
export const MOOD_ART: Record<Mood, { keywords: [string, string, string]; movement: string; palette: string }> = {
  joyful: { keywords: ['joy', 'laughter', 'delight'], movement: 'bright dancing shapes', palette: 'honey gold, coral and sage' },
  calm: { keywords: ['calm', 'peace', 'stillness'], movement: 'slow horizontal bands', palette: 'mist, seafoam and slate' },
  tender: { keywords: ['love', 'warmth', 'kindness'], movement: 'soft concentric rings', palette: 'blush, rose and plum' },
  hopeful: { keywords: ['hope', 'growth', 'new beginnings'], movement: 'rising rays', palette: 'dawn gold, apricot and teal' },
  melancholy: { keywords: ['sadness', 'tears', 'nostalgia'], movement: 'falling vertical lines', palette: 'pale ash, dusk blue and ink' },
  anxious: { keywords: ['anxiety', 'worry', 'pressure'], movement: 'jagged crossing lines', palette: 'sand, terracotta and deep indigo' },
  angry: { keywords: ['anger', 'frustration', 'rage'], movement: 'sharp shards', palette: 'ember orange, brick red and deep plum' },
  tired: { keywords: ['tiredness', 'exhaustion', 'sleep'], movement: 'dusky low horizons', palette: 'dusky rose, lavender haze and twilight' },
};

/** Words that draw each theme (keyed by its English name): each matches its own theme's stems only. */
export const THEME_ART: Record<string, string> = {
  'the sea': 'the sea, waves and a beach',
  water: 'water, a lake and a river',
  'the garden': 'a garden with flowers and trees',
  'a walk': 'a walk and a hike',
  'a journey': 'a journey, a train and travel',
  'the night': 'the night, the moon and stars',
  'the rain': 'rain, clouds and a storm',
  'the light': 'sunlight and a summer morning',
  'the mountains': 'mountains, hills and a climb',
  work: 'work, an office and a project',
  'the city': 'a city, streets and a town',
  studies: 'a school, a class and study',
  family: 'family, a mother and a father',
  'the children': 'children, a kid and a baby',
  home: 'home, a house and a kitchen',
  friendship: 'friends and friendship',
  love: 'a partner and a couple',
  music: 'music, a song and a piano',
  words: 'books, reading and a poem',
  art: 'art, an artist and a museum',
  'a companion animal': 'a cat, a dog and pets',
  'the body': 'the body, health and yoga',
  winter: 'winter, snow and cold',
  autumn: 'autumn, a leaf and leaves',
  spring: 'spring and blooms',
};

// Seeded variations of the picture, so that two days of the same mood still differ. None names a mood or a theme.
const COMPOSITIONS = [
  'a wide horizontal composition',
  'a centred composition with open space',
  'layered forms drifting diagonally',
  'overlapping translucent shapes',
  'a composition of soft concentric forms',
  'loose brushwork and scattered marks',
];
const TEXTURES = [
  'aquarelle wash on textured paper',
  'gouache with visible grain',
  'pastel chalk on toned paper',
  'ink and wash',
  'layered oil glazes',
  'risograph grain and flat colour',
];
const ATMOSPHERES = [
  'at the hour before dusk',
  'in the hush of early evening',
  'under a wide pale sky',
  'in late afternoon haze',
  'at first dawn',
  'in the violet hour',
];

type Random = () => number;
const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

const personsWords = (messages: TextTurn[]) =>
  messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');

/** The reading the memory is made of: the person's words only (the agent's would only echo them). */
interface Day {
  reading: MoodReading;
  /** The main themes (at most two), most mentioned first. */
  themes: Theme[];
  seed: number;
}

function readDay(messages: TextTurn[]): Day {
  const words = personsWords(messages);
  const reading = readMood(words);
  return { reading, themes: reading.themes.slice(0, 2), seed: seedOf(`souvenir-memory\n${words}`) };
}

function themeList(themes: Theme[], language: Language): string {
  const names = themes.map((t) => t[language]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} ${TEXTS[language].and} ${names.at(-1)}` : (names[0] ?? '');
}

/** The sentence of the person's that carries the most of the day's mood and themes (a short quote). */
function keyCommentOf(messages: TextTurn[]): string {
  const sentences = messages
    .filter((m) => m.role === 'user')
    .flatMap((m) => m.content.split(/(?<=[.!?…])\s+|\n+/))
    .map((s) => s.trim())
    .filter(Boolean);
  let best = '';
  let bestScore = -1;
  for (const sentence of sentences) {
    const reading = readMood(sentence);
    const score = reading.themes.length + (reading.intensity > 0 ? 2 : 0);
    if (score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  if (best.length <= 160) return best;
  const cut = best.slice(0, 160);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 80))}…`;
}

/** Title and reflection in the conversation's language, from the mood and themes only. */
export function composeMemory(messages: TextTurn[], language: Language): MemoryTexts {
  const { reading, themes, seed } = readDay(messages);
  const rand = createRandom(seed);
  const t = TEXTS[language];
  const mood = t.moods[reading.primary];

  const title = capitalise(
    themes.length > 0 && rand() < 0.5 ? pick(rand, mood.themeTitles).replace('{theme}', themes[0]![language]) : pick(rand, mood.titles),
  );
  const sentences = [pick(rand, mood.openings)];
  if (themes.length > 0) sentences.push(capitalise(pick(rand, t.themeSentences).replace('{themes}', themeList(themes, language))));
  if (reading.secondary && (themes.length === 0 || rand() < 0.5)) {
    sentences.push(pick(rand, t.secondarySentences)(t.moods[reading.secondary].word));
  }
  sentences.push(pick(rand, mood.closings));
  const poeticSummary = sentences.join(' ');
  return language === 'fr'
    ? { title: typesetFrench(title), keyComment: keyCommentOf(messages), poeticSummary: typesetFrench(poeticSummary) }
    : { title, keyComment: keyCommentOf(messages), poeticSummary };
}

/** True when the renderer will read the wanted mood and themes from `prompt`. */
function follows(prompt: string, day: Day): boolean {
  const read = readMood(prompt);
  const drawn = new Set(read.themes.slice(0, day.themes.length));
  return read.primary === day.reading.primary && day.themes.every((theme) => drawn.has(theme));
}

/**
 * The image prompt: the admin's style, then an English description of the day's mood, palette and
 * motifs. If the admin's words would outweigh the day's (the renderer reads both), the day's words are
 * repeated until the day wins.
 */
export function composeImagePrompt(messages: TextTurn[], adminPrompt: string): string {
  const day = readDay(messages);
  const rand = createRandom(day.seed ^ 0x5f3759df);
  const { primary, secondary } = day.reading;
  const art = MOOD_ART[primary];
  const parts = [`The day’s mood: ${art.keywords.join(', ')}, drawn as ${art.movement}.`];
  if (secondary) parts.push(`An undertone of ${MOOD_ART[secondary].keywords.slice(0, 2).join(' and ')}.`);
  if (day.themes.length > 0) parts.push(`Motifs: ${day.themes.map((theme) => THEME_ART[theme.en] ?? '').join('; ')}.`);
  parts.push(`A palette of ${art.palette}${secondary ? `, with touches of ${MOOD_ART[secondary].palette}` : ''}.`);
  parts.push(`${capitalise(pick(rand, COMPOSITIONS))}, ${pick(rand, TEXTURES)}, ${pick(rand, ATMOSPHERES)}.`);
  parts.push(`Variation no. ${100 + Math.floor(rand() * 900)}.`);

  const emphasis = `Above all: ${[art.keywords.join(', '), ...day.themes.map((theme) => THEME_ART[theme.en] ?? '')].join('; ')}.`;
  let prompt = `${adminPrompt.trim()}\n\n${parts.join(' ')}`;
  for (let round = 0; round < 6 && !follows(prompt, day); round++) prompt += ` ${emphasis}`;
  return prompt.slice(0, IMAGE_PROMPT_MAX);
}

export function createOfflineExtractor(): TextProvider {
  return {
    name: 'offline-extractor',
    async extractMemory(input: MemoryTextInput) {
      return composeMemory(input.messages, input.language);
    },
    async imagePrompt(input: ImagePromptInput) {
      return composeImagePrompt(input.messages, input.imagePrompt);
    },
  };
}
