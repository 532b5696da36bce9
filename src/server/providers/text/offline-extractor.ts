import type { Language } from '@shared/limits';
import { createRandom } from '../../understanding/seeded-random';
import { readMood, seedOf, understandDay, type MoodReading } from '../mood/analyse';
import type { Mood, Theme } from '../mood/lexicon';
import { IMAGE_PROMPT_MAX } from './image-prompt-max';
import type { ImagePromptInput, MemoryTextInput, MemoryTexts, PartOfDay, TextProvider, TextTurn } from './text-provider';
import type { LetterInput } from './letter-input';
import { offlineExhibitionLetter } from './offline-letter';

/**
 * The embedded extractor: no network, no model. It reads the mood and themes of the person's words
 * (providers/mood) and writes the memory from its own templates and the curated lexicon only — the title,
 * the reflection and the image prompt never copy a word of the conversation, so what the server keeps of
 * a day cannot quote it. Only the key comment is a short quote, and it is never stored.
 *
 * Deterministic: every choice comes from a generator seeded by the person's words, so the same
 * conversation always gives the same memory (and the same artwork); different days give different ones.
 * Two things besides the words may change the choice: the hour the person told their day at (a text that
 * names a time of day is written for each part of it), and the titles they already have (a title is not
 * given twice while another one fits).
 */

/** A text that names a time of day, written for each part of the day. */
type Timed = Record<PartOfDay, string>;
/** A text that fits any hour, or one that names a time of day. */
type Line = string | Timed;

/**
 * The wording for a part of the day. Unknown, a title that names a time is left out (never guessed), and a
 * sentence takes its afternoon wording, which only ever says "today".
 */
function at(line: Line, part: PartOfDay | undefined, kind: 'title' | 'sentence'): string | null {
  if (typeof line === 'string') return line;
  if (part) return line[part];
  return kind === 'title' ? null : line.afternoon;
}
const titlesAt = (lines: Line[], part: PartOfDay | undefined) => lines.map((line) => at(line, part, 'title')).filter((t): t is string => t !== null);

interface MoodTexts {
  /** The mood as a noun, for "a thread of …". */
  word: string;
  titles: Line[];
  /** Titles naming the day's main theme: `{theme}` is replaced by its name. */
  themeTitles: Line[];
  openings: Line[];
  closings: Line[];
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
        titles: [
          { morning: 'A quiet, spacious morning', afternoon: 'A quiet, spacious afternoon', evening: 'A quiet, spacious evening', night: 'A quiet, spacious night' },
          'Stillness',
          { morning: 'The calm of the morning', afternoon: 'An unhurried afternoon', evening: 'The calm after the day', night: 'The calm after the day' },
          'A gentle pause',
        ],
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
        titles: [
          { morning: 'A hushed blue morning', afternoon: 'A hushed blue afternoon', evening: 'A hushed blue evening', night: 'A hushed blue night' },
          'Rain inside',
          'The weight of the day',
          'Quiet blue hours',
        ],
        themeTitles: ['{theme}, in blue', 'Blue hours and {theme}', '{theme} under a grey sky'],
        openings: [
          'Today felt heavy, and you let yourself feel it.',
          'There was a quiet sadness in your day, like a soft grey light.',
          'Some of today weighed on you, and that is allowed.',
        ],
        closings: [
          {
            morning: 'Be gentle with yourself today; sadness also passes.',
            afternoon: 'Be gentle with yourself today; sadness also passes.',
            evening: 'Be gentle with yourself tonight; sadness also passes.',
            night: 'Be gentle with yourself tonight; sadness also passes.',
          },
          'You do not have to carry it all at once.',
          {
            morning: 'Even blue mornings make room for light.',
            afternoon: 'Even blue days make room for light.',
            evening: 'Even blue evenings make room for morning.',
            night: 'Even blue nights make room for morning.',
          },
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
          {
            morning: 'You do not need to solve everything today.',
            afternoon: 'You do not need to solve everything today.',
            evening: 'You do not need to solve everything tonight.',
            night: 'You do not need to solve everything tonight.',
          },
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
        titles: [
          { morning: 'A slow, heavy morning', afternoon: 'A long, slow afternoon', evening: 'A long, slow dusk', night: 'A long, slow night' },
          'Weary and still here',
          { morning: 'Tired from the start', afternoon: 'In the middle of a long day', evening: 'At the end of a long day', night: 'At the end of a long day' },
          'Permission to rest',
        ],
        themeTitles: [
          { morning: '{theme} in the morning', afternoon: '{theme} in the afternoon', evening: '{theme} at dusk', night: '{theme} at night' },
          'Tired hours and {theme}',
          '{theme}, and the need to rest',
        ],
        openings: [
          'Today took a lot of your energy.',
          {
            morning: 'You are tired already, and that says how much you give.',
            afternoon: 'You are tired already, and that says how much you give.',
            evening: 'You reached the end of the day tired, and that says how much you gave.',
            night: 'You reached the end of the day tired, and that says how much you gave.',
          },
          {
            morning: 'It already feels like a long day, and you are carrying it.',
            afternoon: 'It has been a long day so far, and you are carrying it.',
            evening: 'It was a long day, and you carried it.',
            night: 'It was a long day, and you carried it.',
          },
        ],
        closings: [
          'Rest is not a reward; it is a need.',
          {
            morning: 'Let the rest of the day be soft and slow.',
            afternoon: 'Let the rest of the day be soft and slow.',
            evening: 'Let tonight be soft and slow.',
            night: 'Let tonight be soft and slow.',
          },
          {
            morning: 'What is left can wait until you have rested.',
            afternoon: 'What is left can wait until you have rested.',
            evening: 'Tomorrow can wait until you have slept.',
            night: 'Tomorrow can wait until you have slept.',
          },
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
        themeTitles: ['{theme} et la joie', 'La joie et {theme}', 'Lumière sur {theme}'],
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
        titles: [
          { morning: 'Un matin calme et ample', afternoon: 'Un après-midi calme et ample', evening: 'Un soir calme et ample', night: 'Une nuit calme et ample' },
          'Le calme',
          { morning: 'Le calme du matin', afternoon: 'Un après-midi sans hâte', evening: 'Le calme après la journée', night: 'Le calme après la journée' },
          'Une pause douce',
        ],
        themeTitles: ['{theme} en douceur', 'Les heures calmes et {theme}', 'Le silence et {theme}'],
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
        themeTitles: ['La tendresse et {theme}', '{theme}, tout contre le cœur', 'Douceur pour {theme}'],
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
        titles: [
          { morning: 'Un matin bleu et feutré', afternoon: 'Un après-midi bleu et feutré', evening: 'Un soir bleu et feutré', night: 'Une nuit bleue et feutrée' },
          'De la pluie en dedans',
          'Le poids de la journée',
          'Heures bleues',
        ],
        themeTitles: ['{theme}, en bleu', 'Les heures bleues et {theme}', '{theme} sous un ciel gris'],
        openings: [
          'Ta journée était lourde, et tu as laissé ce poids exister.',
          'Il y avait une tristesse discrète dans ta journée, comme une lumière grise et douce.',
          'Une partie de cette journée a pesé sur toi, et c’est permis.',
        ],
        closings: [
          {
            morning: 'Prends soin de toi aujourd’hui : la tristesse aussi finit par passer.',
            afternoon: 'Prends soin de toi aujourd’hui : la tristesse aussi finit par passer.',
            evening: 'Prends soin de toi ce soir : la tristesse aussi finit par passer.',
            night: 'Prends soin de toi cette nuit : la tristesse aussi finit par passer.',
          },
          'Tu n’as pas à tout porter d’un coup.',
          {
            morning: 'Même les matins bleus laissent passer la lumière.',
            afternoon: 'Même les jours bleus laissent passer la lumière.',
            evening: 'Même les soirs bleus laissent la place au matin.',
            night: 'Même les nuits bleues laissent la place au matin.',
          },
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
          {
            morning: 'Tu n’as pas besoin de tout résoudre aujourd’hui.',
            afternoon: 'Tu n’as pas besoin de tout résoudre aujourd’hui.',
            evening: 'Tu n’as pas besoin de tout résoudre ce soir.',
            night: 'Tu n’as pas besoin de tout résoudre cette nuit.',
          },
          'Laisse les inquiétudes se reposer : elles attendront.',
        ],
      },
      angry: {
        word: 'colère',
        titles: ['Le feu et la pierre', 'Une journée à vif', 'Ce qui a brûlé aujourd’hui', 'La chaleur du jour'],
        themeTitles: ['{theme}, et le feu dessous', 'Le feu et {theme}', '{theme} et un cœur brûlant'],
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
        titles: [
          { morning: 'Un matin lent et lourd', afternoon: 'Un long après-midi', evening: 'Un long crépuscule', night: 'Une longue nuit' },
          'Fatigue et douceur',
          { morning: 'La fatigue dès le matin', afternoon: 'Au milieu d’une longue journée', evening: 'Au bout d’une longue journée', night: 'Au bout d’une longue journée' },
          'Le droit de se reposer',
        ],
        themeTitles: [
          { morning: '{theme} au matin', afternoon: '{theme} l’après-midi', evening: '{theme} au crépuscule', night: '{theme} dans la nuit' },
          'Les jours de fatigue et {theme}',
          '{theme}, et le besoin de repos',
        ],
        openings: [
          'Cette journée t’a pris beaucoup d’énergie.',
          {
            morning: 'Tu ressens déjà de la fatigue, signe de tout ce que tu donnes.',
            afternoon: 'Tu ressens déjà de la fatigue, signe de tout ce que tu donnes.',
            evening: 'Tu arrives au bout de la journée avec de la fatigue, signe de tout ce que tu as donné.',
            night: 'Tu arrives au bout de la journée avec de la fatigue, signe de tout ce que tu as donné.',
          },
          {
            morning: 'La journée semble déjà longue, et tu la portes.',
            afternoon: 'La journée a déjà été longue, et tu la portes.',
            evening: 'C’était une longue journée, et tu l’as portée.',
            night: 'C’était une longue journée, et tu l’as portée.',
          },
        ],
        closings: [
          'Le repos n’est pas une récompense : c’est un besoin.',
          {
            morning: 'Que la suite de ta journée soit douce et lente.',
            afternoon: 'Que la suite de ta journée soit douce et lente.',
            evening: 'Que cette nuit soit douce et lente.',
            night: 'Que cette nuit soit douce et lente.',
          },
          {
            morning: 'Le reste peut attendre : prends le temps de te reposer.',
            afternoon: 'Le reste peut attendre : prends le temps de te reposer.',
            evening: 'Demain peut attendre que tu aies dormi.',
            night: 'Demain peut attendre que tu aies dormi.',
          },
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
  flowers: 'flowers, sunflowers and a bouquet',
  'the dog': 'a dog and a puppy',
  'the cat': 'a cat and a kitten',
  'a boat': 'a boat, a sail and a harbour',
  'the birds': 'birds, a seagull and a robin',
  'the canal': 'a canal, a bridge and a quay',
  'a cup of something warm': 'coffee, tea and a latte',
  'the bike': 'a bike and cycling',
  'the sea': 'the sea, waves and a beach',
  water: 'water, a lake and a river',
  'the garden': 'a garden, a park and trees',
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
  'a companion animal': 'pets, a rabbit and a horse',
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

/** The day's reading: its mood as given (read once by the caller and kept with the memory), else read here. */
function readDay(messages: TextTurn[], mood?: MemoryTextInput['mood']): Day {
  const words = personsWords(messages);
  // A mood read by the caller is not read again: only the words' themes and intensity are needed then.
  const reading = mood
    ? { ...readMood(words), primary: mood.primary, secondary: mood.secondary }
    : understandDay(messages.filter((m) => m.role === 'user').map((m) => m.content));
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

export interface ComposeOptions {
  /** The part of the day the person told it in; unknown, no text names a time of day. */
  partOfDay?: PartOfDay;
  /** Titles the person already has: another title is chosen while one of the day's mood and themes is free. */
  avoidTitles?: readonly string[];
  /** The day's mood, when the caller read it already. */
  mood?: MemoryTextInput['mood'];
}

/** Titles compare without case, spacing or French typography: "Une pause douce" is "une  pause douce". */
const titleKey = (title: string) => title.toLocaleLowerCase().replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** Title and reflection in the conversation's language, from the mood and themes only. */
export function composeMemory(messages: TextTurn[], language: Language, options: ComposeOptions = {}): MemoryTexts {
  const { partOfDay } = options;
  const { reading, themes, seed } = readDay(messages, options.mood);
  const rand = createRandom(seed);
  const t = TEXTS[language];
  const mood = t.moods[reading.primary];
  const typeset = (text: string) => (language === 'fr' ? typesetFrench(text) : text);
  const sentence = (line: Line) => at(line, partOfDay, 'sentence')!;
  const themeTitles = (theme: Theme) => titlesAt(mood.themeTitles, partOfDay).map((title) => typeset(capitalise(title.replace('{theme}', () => theme[language]))));
  const moodTitles = titlesAt(mood.titles, partOfDay).map((title) => typeset(capitalise(title)));

  let title = themes.length > 0 && rand() < 0.5 ? pick(rand, themeTitles(themes[0]!)) : pick(rand, moodTitles);
  const taken = new Set((options.avoidTitles ?? []).map(titleKey));
  if (taken.has(titleKey(title))) {
    // Another title of the same mood and themes, in an order of its own so the rest of the memory stays as it was.
    const others = [...themes.flatMap(themeTitles), ...moodTitles];
    const order = createRandom(seed ^ 0x2545f491);
    const free = others.map((candidate) => ({ candidate, rank: order() })).sort((a, b) => a.rank - b.rank).find(({ candidate }) => !taken.has(titleKey(candidate)));
    if (free) title = free.candidate;
  }

  const sentences = [sentence(pick(rand, mood.openings))];
  if (themes.length > 0) sentences.push(capitalise(pick(rand, t.themeSentences).replace('{themes}', () => themeList(themes, language))));
  if (reading.secondary && (themes.length === 0 || rand() < 0.5)) {
    sentences.push(pick(rand, t.secondarySentences)(t.moods[reading.secondary].word));
  }
  sentences.push(sentence(pick(rand, mood.closings)));
  return { title, keyComment: keyCommentOf(messages), poeticSummary: typeset(sentences.join(' ')) };
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
export function composeImagePrompt(messages: TextTurn[], adminPrompt: string, mood?: MemoryTextInput['mood']): string {
  const day = readDay(messages, mood);
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
      return composeMemory(input.messages, input.language, { partOfDay: input.partOfDay, avoidTitles: input.avoidTitles, mood: input.mood });
    },
    async imagePrompt(input: ImagePromptInput) {
      return composeImagePrompt(input.messages, input.imagePrompt, input.mood);
    },
    async exhibitionLetter(input: LetterInput) {
      return offlineExhibitionLetter(input);
    },
  };
}
