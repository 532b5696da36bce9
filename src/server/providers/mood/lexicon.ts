// Words that carry a day's mood and themes, in English and French. Matching is by prefix on lower-case,
// accent-free words ("tired" matches "tiredness", "fatigu" matches "fatiguée"). Only these curated words
// ever reach a memory's title, reflection or image prompt: nothing is copied verbatim from a conversation.

export const MOODS = ['joyful', 'calm', 'tender', 'hopeful', 'melancholy', 'anxious', 'angry', 'tired'] as const;
export type Mood = (typeof MOODS)[number];

export const MOOD_STEMS: Record<Mood, string[]> = {
  joyful: [
    'happy', 'happi', 'joy', 'glad', 'laugh', 'fun ', 'great', 'wonderful', 'amazing', 'excit', 'delight', 'celebrat', 'smil',
    'heureu', 'joie', 'content', 'rire', 'ri ', 'drole', 'genial', 'super ', 'formidable', 'ravi', 'fete', 'sourire', 'souri',
  ],
  calm: [
    'calm', 'peace', 'quiet', 'relax', 'rest ', 'rested', 'resting', 'still', 'serene', 'gentle', 'slow', 'breath', 'meditat',
    'calme', 'paix', 'paisib', 'tranquil', 'repos', 'detend', 'serein', 'doux', 'douce', 'lent', 'respir', 'medit',
  ],
  tender: [
    'love', 'lovin', 'care ', 'caring', 'hug ', 'hugg', 'kind', 'warm', 'close', 'grateful', 'thank', 'cherish', 'miss ', 'missed', 'missing',
    'amour', 'aime', 'aimer', 'tendre', 'tendresse', 'calin', 'gentil', 'chaleur', 'proche', 'reconnaiss', 'merci', 'manque',
  ],
  hopeful: [
    'hope', 'better', 'forward', 'tomorrow', 'new', 'start', 'chang', 'grow', 'proud', 'brave', 'progress', 'dream',
    'espoir', 'espere', 'mieux', 'demain', 'nouveau', 'nouvelle', 'commenc', 'grandi', 'fier', 'fiere', 'courag', 'progres', 'reve ', 'rever', 'reves',
  ],
  melancholy: [
    'sad', 'cry', 'cried', 'tear', 'lonely', 'alone', 'lost', 'grief', 'griev', 'empty', 'feel down', 'feeling down', 'felt down', 'blue', 'hurt', 'heavy', 'nostalg',
    'triste', 'tristesse', 'pleur', 'larme', 'seul', 'solitude', 'perdu', 'deuil', 'vide', 'mal ', 'blesse', 'lourd', 'nostalg', 'cafard',
  ],
  anxious: [
    'anxi', 'worr', 'stress', 'nervous', 'afraid', 'fear', 'scare', 'panic', 'overwhelm', 'pressure', 'uncertain', 'tense',
    'anxie', 'angoiss', 'inquiet', 'stresse', 'nerveu', 'peur', 'panique', 'deborde', 'pression', 'incertain', 'tendu',
  ],
  angry: [
    'angry', 'anger', 'mad ', 'furious', 'annoy', 'frustrat', 'irritat', 'unfair', 'rage', 'hate',
    'colere', 'enerve', 'furieu', 'agace', 'frustr', 'irrit', 'injust', 'rage', 'deteste',
  ],
  tired: [
    'tired', 'exhaust', 'sleep', 'weary', 'drain', 'burn', 'worn', 'fatigue', 'long day', 'sick', 'ill ',
    'fatigu', 'epuise', 'sommeil', 'dormi', 'crev', 'las ', 'lasse', 'vide', 'malade', 'longue journee',
  ],
};

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

export const MOTIFS = ['waves', 'leaves', 'stars', 'rain', 'mountains', 'sun', 'city', 'path', 'circles', 'music', 'home'] as const;
export type Motif = (typeof MOTIFS)[number];

export interface Theme {
  stems: string[];
  en: string;
  fr: string;
  motif: Motif;
}

/** Things a day is often about: their name in each language and the motif that draws them. */
export const THEMES: Theme[] = [
  { stems: ['sea ', 'seas', 'ocean', 'beach', 'wave', 'mer ', 'ocean', 'plage', 'vague'], en: 'the sea', fr: 'la mer', motif: 'waves' },
  { stems: ['lake', 'river', 'swim', 'water', 'lac', 'riviere', 'nag', 'eau'], en: 'water', fr: 'l’eau', motif: 'waves' },
  { stems: ['garden', 'flower', 'plant', 'tree', 'park', 'forest', 'wood', 'jardin', 'fleur', 'plante', 'arbre', 'parc', 'foret', 'bois'], en: 'the garden', fr: 'le jardin', motif: 'leaves' },
  { stems: ['walk', 'hike', 'run', 'marche', 'promen', 'randonn', 'couru', 'course'], en: 'a walk', fr: 'une promenade', motif: 'path' },
  { stems: ['travel', 'trip', 'journey', 'train', 'flight', 'holiday', 'vacation', 'voyage', 'vacances', 'avion'], en: 'a journey', fr: 'un voyage', motif: 'path' },
  { stems: ['night', 'moon', 'star', 'dream', 'nuit', 'lune', 'etoile', 'soir'], en: 'the night', fr: 'la nuit', motif: 'stars' },
  { stems: ['rain', 'storm', 'cloud', 'grey', 'gray', 'pluie', 'orage', 'nuage', 'gris'], en: 'the rain', fr: 'la pluie', motif: 'rain' },
  { stems: ['sun', 'summer', 'light', 'morning', 'soleil', 'ete ', 'lumiere', 'matin'], en: 'the light', fr: 'la lumière', motif: 'sun' },
  { stems: ['mountain', 'hill', 'climb', 'montagne', 'colline', 'sommet'], en: 'the mountains', fr: 'la montagne', motif: 'mountains' },
  { stems: ['work', 'job', 'office', 'boss', 'meeting', 'colleague', 'project', 'deadline', 'travail', 'boulot', 'bureau', 'patron', 'reunion', 'collegue', 'projet'], en: 'work', fr: 'le travail', motif: 'city' },
  { stems: ['city', 'street', 'town', 'ville', 'rue', 'quartier'], en: 'the city', fr: 'la ville', motif: 'city' },
  { stems: ['school', 'class', 'exam', 'study', 'student', 'ecole', 'cours', 'examen', 'etud', 'lycee', 'fac '], en: 'studies', fr: 'les études', motif: 'city' },
  { stems: ['family', 'mother', 'mom', 'mum', 'father', 'dad', 'parent', 'sister', 'brother', 'famille', 'mere', 'maman', 'pere', 'papa', 'soeur', 'frere'], en: 'family', fr: 'la famille', motif: 'home' },
  { stems: ['child', 'kid', 'son ', 'sons ', 'daughter', 'baby', 'enfant', 'fils', 'fille', 'bebe'], en: 'the children', fr: 'les enfants', motif: 'home' },
  { stems: ['home', 'house', 'kitchen', 'cook', 'maison', 'chez moi', 'cuisin'], en: 'home', fr: 'la maison', motif: 'home' },
  { stems: ['friend', 'ami', 'copain', 'copine', 'pote'], en: 'friendship', fr: 'l’amitié', motif: 'circles' },
  { stems: ['partner', 'husband', 'wife', 'boyfriend', 'girlfriend', 'couple', 'mari ', 'femme', 'copain', 'conjoint'], en: 'love', fr: 'l’amour', motif: 'circles' },
  { stems: ['music', 'song', 'sing', 'concert', 'piano', 'guitar', 'musique', 'chanson', 'chant', 'guitare'], en: 'music', fr: 'la musique', motif: 'music' },
  { stems: ['book', 'read ', 'reading', 'write', 'poem', 'livre', 'lu ', 'lire', 'ecri', 'poeme'], en: 'words', fr: 'les mots', motif: 'music' },
  { stems: ['paint', 'draw', 'art ', 'artist', 'museum', 'peint', 'dessin', 'musee'], en: 'art', fr: 'l’art', motif: 'circles' },
  { stems: ['cat ', 'cats', 'dog', 'pet ', 'pets', 'chat ', 'chien', 'animal'], en: 'a companion animal', fr: 'un animal', motif: 'home' },
  { stems: ['body', 'health', 'doctor', 'sport', 'yoga', 'corps', 'sante', 'medecin', 'sport'], en: 'the body', fr: 'le corps', motif: 'circles' },
  { stems: ['winter', 'snow', 'cold', 'hiver', 'neige', 'froid'], en: 'winter', fr: 'l’hiver', motif: 'stars' },
  { stems: ['autumn', 'fall ', 'leaf', 'leaves', 'automne', 'feuille'], en: 'autumn', fr: 'l’automne', motif: 'leaves' },
  { stems: ['spring', 'printemps', 'bloom', 'floraison'], en: 'spring', fr: 'le printemps', motif: 'leaves' },
];
