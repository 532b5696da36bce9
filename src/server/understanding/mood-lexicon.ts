// Words that carry a day's mood and themes, in English and French. Matching is by prefix on lower-case,
// accent-free words ("tired" matches "tiredness", "fatigu" matches "fatiguée"); a stem ending in a space
// matches the whole word only ("rest " is not "restaurant"), and a stem of several words matches them in a
// row. Only these curated words ever reach a memory's title, reflection or image prompt: nothing is copied
// verbatim from a conversation.

import { MOODS, type Mood } from './labels';

export { MOODS, type Mood };

export const MOOD_STEMS: Record<Mood, string[]> = {
  joyful: [
    'happy', 'happi', 'joy', 'glad', 'laugh', 'fun ', 'great ', 'wonderful', 'amazing', 'excit', 'delight', 'celebrat', 'smil', 'lovely', 'thrill',
    'birth', 'born ', 'newborn', 'wedding', 'overjoy', 'ecstatic',
    'heureu', 'joie', 'joyeu', 'content ', 'contente', 'rire', 'ri ', 'riai', 'rions', 'rigol', 'drole', 'genial', 'super ', 'formidable', 'ravi ', 'ravie', 'fete', 'sourire', 'souri',
    'bonheur', 'naissance', 'accouch', 'mariage', 'merveill', 'magnifique', 'emerveill', 'admis ', 'admise', 'reussi',
  ],
  calm: [
    'calm', 'peace', 'quiet', 'relax', 'rest ', 'rested', 'resting', 'stillness', 'serene', 'gentle', 'slow', 'breath', 'meditat',
    'calme', 'paix', 'paisib', 'tranquil', 'repos', 'detend', 'serein', 'doux', 'douce', 'lent ', 'lente', 'lentement', 'respir', 'medit', 'apais',
  ],
  tender: [
    'love', 'lovin', 'care ', 'caring', 'hug ', 'hugs', 'hugg', 'kindness', 'kindly', 'warm', 'closeness', 'grateful', 'thank', 'cherish', 'miss ', 'missed', 'missing',
    'amour', 'aime', 'aimer', 'tendre', 'tendresse', 'calin', 'gentil', 'chaleur', 'reconnaiss', 'merci', 'manque', 'touche ', 'touchee', 'emu ', 'emue',
  ],
  hopeful: [
    'hope', 'better', 'forward', 'new ', 'beginning', 'chang', 'grow', 'proud', 'brave', 'progress', 'dream',
    'espoir', 'espere', 'mieux', 'nouveau', 'nouvelle', 'grandi', 'fier', 'fiere', 'courag', 'progres', 'reve ', 'rever', 'reves',
  ],
  melancholy: [
    'sad', 'cry ', 'crying', 'cried', 'cries', 'tear', 'lonely', 'alone', 'lost', 'grief', 'griev', 'empty', 'feel down', 'feeling down', 'felt down',
    'feel blue', 'feeling blue', 'felt blue', 'hurt', 'heavy', 'nostalg', 'awful', 'miserable', 'heartbr', 'bad day',
    'funeral', 'buri', 'passed away', 'died', 'death', 'dead ', 'mourn', 'condolen',
    'triste', 'tristesse', 'pleur', 'larme', 'seul ', 'seule', 'solitude', 'perdu', 'deuil', 'vide ', 'mal ', 'blesse', 'lourd', 'nostalg', 'cafard',
    'enterr', 'obseque', 'funerai', 'deced', 'mort ', 'morte', 'condoleanc', 'chagrin', 'malheureu', 'effondre', 'devastat', 'gutted',
  ],
  anxious: [
    'anxi', 'worr', 'stress', 'nervous', 'afraid', 'fear', 'scare', 'panic', 'overwhelm', 'pressure', 'uncertain', 'tense', 'terrif', 'frighten', 'dread', 'nightmare',
    'anxie', 'angoiss', 'inquiet', 'stresse', 'nerveu', 'peur', 'panique', 'deborde', 'pression', 'incertain', 'tendu', 'effray', 'terroris', 'cauchemar', 'trouille',
  ],
  angry: [
    'angry', 'anger', 'mad ', 'furious', 'annoy', 'frustrat', 'irritat', 'unfair', 'rage', 'hate', 'pissed', 'livid', 'outrag',
    'colere', 'enerve', 'furieu', 'agace', 'frustr', 'irrit', 'injust', 'rage', 'deteste', 'marre', 'ras le bol', 'revolt', 'engueul', 'gueul',
  ],
  tired: [
    'tired', 'exhaust', 'sleepy', 'sleepless', 'weary', 'drain', 'burnout', 'burned out', 'burnt out', 'worn', 'fatigue', 'long day', 'sick', 'ill ',
    'fatigu', 'epuise', 'sommeil', 'mal dormi', 'creve', 'lessivee', 'claquee', 'las ', 'lasse', 'videe', 'malade', 'longue journee', 'a bout', 'interminable',
  ],
};

/**
 * Phrases that change what their words would say alone, read before the single words (which they then
 * hide): "happy tears" is joy, not sadness; "couldn't sleep" is tiredness even with its negation;
 * "pas mal" is fine, not pain. Matched on normalised text (accents and apostrophes gone).
 */
export const MOOD_PHRASES: { pattern: RegExp; mood: Mood | null }[] = [
  { pattern: /\b((cried|cry|crying|cries|wept|shed|shedding) )?(happy|joyful) (tears|cry|crying)\b|\btears of (joy|happiness)\b|\b(cry|cried|crying|wept|weeping) (with|for|of) (joy|happiness)\b/g, mood: 'joyful' },
  { pattern: /\b(pleur\w* (des )?)?(larmes?|pleur\w*) de (joie|bonheur)\b/g, mood: 'joyful' },
  { pattern: /\b(never been|couldn t be|could not be|n ai jamais ete aussi|jamais ete aussi) (happier|so happy|heureu\w*)\b|\bover the moon\b|\baux anges\b/g, mood: 'joyful' },
  { pattern: /\b(died|dying|mort|morte|morts) (laughing|de rire)\b|\bmdr\b|\blol\b/g, mood: 'joyful' },
  { pattern: /\b(est|sont|suis) nee?s?\b/g, mood: 'joyful' },
  // A birth is joy even when it is told without a feeling word: "my sister had her baby", "elle a accouché".
  { pattern: /\b(was|were) born\b|\bgave birth\b|\b(had|has|welcomed) (her|his|their|a|our|my) (baby|babies|son|daughter|twins)\b/g, mood: 'joyful' },
  { pattern: /\ba accouche\b|\b(a|ont) eu (son|leur|un|une|sa) (bebe|fils|fille|jumeaux|jumelles)\b/g, mood: 'joyful' },
  { pattern: /\b(nous|m|l) a quitte(e|s|es)?\b/g, mood: 'melancholy' },
  { pattern: /\b(got|get|was|been|were) (into|accepted|admitted|the job|the place)\b|\bpassed (my|the|our|her|his) \w+\b|\b(ai|a|avons|ont) ete (prise?s?|acceptee?s?|admise?s?|retenue?s?)\b/g, mood: 'joyful' },
  { pattern: /\b(yelled|shouted|screamed) at\b|\bm a (saoule|soule)e?\b/g, mood: 'angry' },
  { pattern: /\b(moved|touched) to tears\b|\bemue? aux larmes\b/g, mood: 'tender' },
  { pattern: /\b(couldn t|could not|can t|cannot|didn t|did not|barely) (sleep|slept)\b|\bpas (pu )?(dormi|dormir)\b|\bnuit blanche\b/g, mood: 'tired' },
  { pattern: /\bpas mal\b|\bnot bad\b|\bno worries\b|\bpas de souci\b/g, mood: null },
  // When the day was told is not what it was about: "last night" names no night-time theme.
  { pattern: /\b(last|all|tonight s|every) night\b|\btonight\b|\b(cette|toute la|de la) nuit\b|\bla nuit derniere\b/g, mood: null },
];

/** Crying is joy when the same clause is joyful: "so happy I cried", "tellement heureuse que j'en ai pleuré". */
export const CRYING_STEMS = ['cry ', 'crying', 'cried', 'cries', 'tear', 'pleur', 'larme'];

/** Words that turn the next few words around: "not sad at all", "pas triste", "don't feel happy". */
export const NEGATORS = new Set(['not', 'never', 'no', 't', 'nor', 'without', 'hardly', 'pas', 'jamais', 'ni', 'sans', 'aucun', 'aucune', 'rien', 'nullement']);
/** French "plus" negates only after "ne" ("je ne suis plus triste"); alone it means "more". */
export const NEGATOR_AFTER_NE = 'plus';

/** What each mood looks like: a palette (light to deep) and the movement of its composition. */
export const MOOD_STYLE: Record<Mood, { palette: string[]; en: string; fr: string }> = {
  joyful: { palette: ['#FFF3D6', '#F7C65B', '#F08A4B', '#D1495B', '#5B8E7D'], en: 'bright, dancing', fr: 'lumineuse et dansante' },
  calm: { palette: ['#F1EEE6', '#CFE0DA', '#8FB8C9', '#5E7C8A', '#33495A'], en: 'still, spacious', fr: 'calme et ample' },
  tender: { palette: ['#FBEDE4', '#F2C3B9', '#DE8F8C', '#B56576', '#6D597A'], en: 'soft, warm', fr: 'douce et chaude' },
  hopeful: { palette: ['#FFF4DC', '#F6D186', '#F4A261', '#2A9D8F', '#264653'], en: 'rising, luminous', fr: 'montante et lumineuse' },
  melancholy: { palette: ['#E4E1DA', '#A9B4C2', '#6C7A96', '#3E4C6E', '#232C45'], en: 'hushed, blue', fr: 'feutrée et bleue' },
  anxious: { palette: ['#F4EBDD', '#F2CC8F', '#E07A5F', '#5C6187', '#2B2D42'], en: 'restless, crossing', fr: 'agitée et croisée' },
  angry: { palette: ['#F6E3D0', '#EDA15F', '#C8553D', '#8C2F39', '#2D1E2F'], en: 'fiery, sharp', fr: 'ardente et vive' },
  tired: { palette: ['#F2ECE9', '#D8C3C0', '#A99BA7', '#6B6784', '#35334A'], en: 'dusky, slow', fr: 'crépusculaire et lente' },
};

/**
 * What the built-in renderer can draw. The first group are things a day names (a dog, sunflowers, a boat): drawn
 * only when the day's words name them, never invented. The second are open forms any day may take.
 */
export const THING_MOTIFS = ['flowers', 'dog', 'cat', 'boat', 'birds', 'tree', 'bridge', 'cup', 'bicycle', 'snow', 'window', 'city', 'home', 'music', 'rain'] as const;
export const OPEN_MOTIFS = ['waves', 'leaves', 'stars', 'mountains', 'sun', 'path', 'circles'] as const;
export const MOTIFS = [...OPEN_MOTIFS, ...THING_MOTIFS] as const;
export type Motif = (typeof MOTIFS)[number];

export interface Theme {
  stems: string[];
  en: string;
  fr: string;
  /** The forms that draw it, the most recognisable first; the others when that one was drawn too often lately. */
  motifs: readonly Motif[];
}

/**
 * Things a day is often about: their name in each language and the motifs that draw them. The named things come
 * first, so that on a tie "walked the dog along the canal" draws the dog and the bridge before a path.
 */
export const THEMES: Theme[] = [
  { stems: ['sunflower', 'flower', 'bouquet', 'tulip', 'roses ', 'daisy', 'daisies', 'blossom', 'fleur', 'tournesol', 'tulipe', 'marguerite', 'muguet'], en: 'flowers', fr: 'les fleurs', motifs: ['flowers', 'leaves'] },
  { stems: ['dog', 'dogs', 'puppy', 'puppies', 'doggo', 'chien', 'chiot', 'toutou'], en: 'the dog', fr: 'le chien', motifs: ['dog', 'path'] },
  { stems: ['cat ', 'cats ', 'kitten', 'kitty', 'mon chat', 'le chat', 'ma chatte', 'chaton', 'minou'], en: 'the cat', fr: 'le chat', motifs: ['cat', 'window'] },
  { stems: ['boat', 'sail', 'ferry', 'kayak', 'canoe', 'harbour', 'harbor', 'bateau', 'voilier', 'voile ', 'traversier', 'port '], en: 'a boat', fr: 'un bateau', motifs: ['boat', 'waves'] },
  { stems: ['bird', 'seagull', 'gull ', 'gulls', 'pigeon', 'heron', 'robin', 'oiseau', 'mouette', 'goeland', 'hirondelle', 'merle'], en: 'the birds', fr: 'les oiseaux', motifs: ['birds', 'tree'] },
  { stems: ['canal', 'bridge', 'pont ', 'ponts', 'quay', 'quai', 'ecluse'], en: 'the canal', fr: 'le canal', motifs: ['bridge', 'waves'] },
  { stems: ['coffee', 'cafe ', 'cafes', 'latte', 'cappuccino', 'espresso', 'tea ', 'teas ', 'teapot', 'croissant', 'cafeteria', 'tisane'], en: 'a cup of something warm', fr: 'une tasse chaude', motifs: ['cup', 'window'] },
  { stems: ['bike', 'bikes', 'bicycle', 'cycling', 'cycled', 'velo', 'velos', 'bicyclette'], en: 'the bike', fr: 'le vélo', motifs: ['bicycle', 'path'] },
  { stems: ['sea ', 'seas', 'ocean', 'beach', 'wave ', 'waves', 'mer ', 'plage', 'vague'], en: 'the sea', fr: 'la mer', motifs: ['waves', 'boat', 'birds'] },
  { stems: ['lake', 'river', 'swim', 'water', 'lac ', 'lacs', 'riviere', 'fleuve', 'nage', 'eau ', 'eaux'], en: 'water', fr: 'l’eau', motifs: ['waves', 'boat', 'bridge'] },
  { stems: ['garden', 'plant', 'tree', 'park ', 'parks', 'forest', 'wood ', 'woods', 'jardin', 'plante', 'arbre', 'parc ', 'parcs', 'foret', 'bois '], en: 'the garden', fr: 'le jardin', motifs: ['tree', 'leaves', 'flowers'] },
  // Not "marche" alone: « ça marche » is "it works", and a walk that never happened was written into a memory.
  { stems: ['walk', 'hike', 'hiking', 'jog', 'for a run', 'marcher', 'marche dans', 'balade', 'promen', 'randonn', 'couru'], en: 'a walk', fr: 'une promenade', motifs: ['path', 'tree', 'mountains'] },
  { stems: ['travel', 'trip ', 'trips', 'journey', 'train ', 'trains', 'flight', 'holiday', 'vacation', 'voyage', 'vacances', 'avion'], en: 'a journey', fr: 'un voyage', motifs: ['path', 'birds', 'mountains'] },
  { stems: ['night', 'moon', 'star ', 'stars', 'starry', 'nuit', 'lune', 'etoile'], en: 'the night', fr: 'la nuit', motifs: ['stars', 'window'] },
  { stems: ['rain', 'storm', 'cloud', 'grey', 'gray', 'pluie', 'pleut', 'orage', 'nuage', 'gris'], en: 'the rain', fr: 'la pluie', motifs: ['rain', 'window'] },
  { stems: ['sun ', 'sunny', 'sunlight', 'sunshine', 'sunset', 'sunrise', 'summer', 'soleil', 'l ete', 'en ete', 'cet ete', 'lumiere', 'ensoleill'], en: 'the light', fr: 'la lumière', motifs: ['sun', 'flowers', 'birds'] },
  { stems: ['mountain', 'hill ', 'hills', 'climb', 'montagne', 'colline', 'sommet'], en: 'the mountains', fr: 'la montagne', motifs: ['mountains', 'path'] },
  { stems: ['work ', 'workplace', 'job', 'office', 'boss', 'meeting', 'colleague', 'project', 'deadline', 'travail', 'boulot', 'bureau', 'patron', 'reunion', 'collegue', 'projet'], en: 'work', fr: 'le travail', motifs: ['city', 'window', 'cup'] },
  { stems: ['city', 'street', 'town ', 'ville', 'rue ', 'rues', 'quartier'], en: 'the city', fr: 'la ville', motifs: ['city', 'bridge', 'window'] },
  { stems: ['school', 'class ', 'classes', 'exam', 'study', 'student', 'ecole', 'cours ', 'examen', 'etud', 'lycee', 'fac '], en: 'studies', fr: 'les études', motifs: ['window', 'city', 'tree'] },
  {
    stems: [
      'family', 'mother', 'mom ', 'moms', 'mum ', 'father', 'dad ', 'dads', 'parent', 'sister', 'brother', 'grandmother', 'grandma', 'grandfather', 'grandpa', 'niece', 'nephew', 'aunt', 'uncle', 'cousin',
      'famille', 'mere ', 'maman', 'pere ', 'papa', 'soeur', 'frere', 'grand mere', 'grand pere', 'mamie', 'papi', 'papy', 'neveu', 'tante', 'oncle',
    ],
    en: 'family',
    fr: 'la famille',
    motifs: ['home', 'circles', 'tree'],
  },
  { stems: ['child', 'kid ', 'kids', 'son ', 'sons ', 'daughter', 'baby', 'babies', 'enfant', 'fils', 'fille ', 'filles', 'bebe'], en: 'the children', fr: 'les enfants', motifs: ['home', 'sun', 'circles'] },
  { stems: ['home', 'house', 'kitchen', 'cook', 'maison', 'chez moi', 'cuisin'], en: 'home', fr: 'la maison', motifs: ['home', 'window', 'cup'] },
  { stems: ['friend', 'ami ', 'amie', 'amis', 'amitie', 'copain', 'copine', 'pote'], en: 'friendship', fr: 'l’amitié', motifs: ['circles', 'cup', 'birds'] },
  { stems: ['partner', 'husband', 'wife', 'boyfriend', 'girlfriend', 'couple', 'mari ', 'ma femme', 'conjoint'], en: 'love', fr: 'l’amour', motifs: ['circles', 'flowers', 'home'] },
  { stems: ['music', 'song', 'sing ', 'singing', 'sang ', 'concert', 'piano', 'guitar', 'musique', 'chanson', 'chante', 'guitare'], en: 'music', fr: 'la musique', motifs: ['music', 'circles'] },
  { stems: ['book', 'read ', 'reading', 'write', 'poem', 'livre', 'lu ', 'lire', 'ecri', 'poeme'], en: 'words', fr: 'les mots', motifs: ['music', 'window', 'cup'] },
  { stems: ['paint', 'draw ', 'drawing', 'drew ', 'art ', 'artist', 'museum', 'peint', 'dessin', 'musee'], en: 'art', fr: 'l’art', motifs: ['circles', 'flowers', 'window'] },
  { stems: ['pet ', 'pets', 'hamster', 'rabbit', 'horse', 'animal', 'lapin', 'cheval'], en: 'a companion animal', fr: 'un animal', motifs: ['home', 'tree'] },
  { stems: ['body', 'health', 'doctor', 'sport', 'yoga', 'corps', 'sante', 'medecin'], en: 'the body', fr: 'le corps', motifs: ['circles', 'path'] },
  { stems: ['winter', 'snow', 'cold', 'hiver', 'neige', 'froid'], en: 'winter', fr: 'l’hiver', motifs: ['snow', 'stars', 'mountains'] },
  { stems: ['autumn', 'leaf', 'leaves', 'automne', 'feuille'], en: 'autumn', fr: 'l’automne', motifs: ['leaves', 'tree'] },
  { stems: ['spring', 'printemps', 'bloom', 'floraison'], en: 'spring', fr: 'le printemps', motifs: ['flowers', 'birds', 'leaves'] },
];
