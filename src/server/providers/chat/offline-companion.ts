import type { Language } from '@shared/limits';
import type { ChatProvider, ChatReplyInput, ChatTurn } from './index';

/**
 * The embedded companion: no network, no model. Reflective listening by hand — it picks up the
 * person's own words (a feeling word, else a short phrase), reflects them back and asks one open,
 * kind question; after a few exchanges it invites them to make today's memory.
 *
 * Deterministic: the reply depends only on the conversation (a hash of it seeds every choice).
 * Varied: the turn index rotates the templates, and a reply already given in the conversation is never repeated.
 */

type Tone = 'heavy' | 'light';

interface Feeling {
  tone: Tone;
  en: string[];
  fr: string[];
}

// The person's own word is quoted back, so French agreement (fatigué/fatiguée) takes care of itself.
const FEELINGS: Feeling[] = [
  { tone: 'heavy', en: ['tired', 'exhausted', 'drained', 'worn out', 'sleepy'], fr: ['fatigué', 'fatiguée', 'épuisé', 'épuisée', 'crevé', 'crevée', 'lessivé', 'lessivée'] },
  { tone: 'heavy', en: ['sad', 'down', 'unhappy', 'heartbroken', 'blue'], fr: ['triste', 'malheureux', 'malheureuse', 'déprimé', 'déprimée', 'abattu', 'abattue'] },
  { tone: 'heavy', en: ['anxious', 'worried', 'stressed', 'nervous', 'overwhelmed', 'scared', 'afraid'], fr: ['anxieux', 'anxieuse', 'inquiet', 'inquiète', 'stressé', 'stressée', 'angoissé', 'angoissée', 'débordé', 'débordée', 'peur'] },
  { tone: 'heavy', en: ['angry', 'frustrated', 'annoyed', 'furious', 'irritated'], fr: ['en colère', 'énervé', 'énervée', 'frustré', 'frustrée', 'agacé', 'agacée', 'furieux', 'furieuse'] },
  { tone: 'heavy', en: ['lonely', 'alone', 'isolated'], fr: ['seul', 'seule', 'isolé', 'isolée'] },
  { tone: 'heavy', en: ['confused', 'lost', 'stuck'], fr: ['perdu', 'perdue', 'confus', 'confuse', 'bloqué', 'bloquée'] },
  { tone: 'light', en: ['happy', 'glad', 'joyful', 'excited', 'cheerful'], fr: ['heureux', 'heureuse', 'content', 'contente', 'joyeux', 'joyeuse', 'ravi', 'ravie'] },
  { tone: 'light', en: ['calm', 'peaceful', 'relaxed', 'serene', 'rested'], fr: ['calme', 'apaisé', 'apaisée', 'serein', 'sereine', 'détendu', 'détendue', 'reposé', 'reposée'] },
  { tone: 'light', en: ['proud', 'accomplished'], fr: ['fier', 'fière'] },
  { tone: 'light', en: ['grateful', 'thankful', 'loved', 'hopeful', 'relieved'], fr: ['reconnaissant', 'reconnaissante', 'aimé', 'aimée', 'soulagé', 'soulagée', 'pleine d’espoir', 'plein d’espoir'] },
];

// "Are you a bot?" — the companion answers honestly.
const ASKS_WHAT_IT_IS = {
  en: /\b(are you (an? )?(ai|bot|robot|human|real|person|machine|chatgpt)|who are you|what are you)\b/i,
  fr: /(es[- ]tu|êtes[- ]vous|t'es|tu es) (une? )?(ia|robot|bot|humain|humaine|réel|réelle|vrai|vraie|personne|machine)|qui es[- ]tu|qu'es[- ]tu/i,
};

const STOPWORDS = new Set(
  (
    'i me my mine we our you your it its is am are was were be been being the a an and or but so to of in on at for with ' +
    'that this these those there here then than just really very too also not no yes do did does have has had today ' +
    'je j me m moi tu te t toi il elle on nous vous ils elles le la les l un une des du de d et ou mais donc car ' +
    'à au aux en dans sur pour par avec que qu qui ce c cet cette ces ça est suis es sont était été être ai as a avons ' +
    'avez ont ne n pas plus très trop aussi oui non aujourd hui'
  ).split(' '),
);

type Texts = {
  greeting: (name: string) => string;
  remembered: (title: string) => string;
  honesty: (agent: string) => string;
  openers: Record<Tone | 'neutral', string[]>;
  feelingReflections: ((w: string) => string)[];
  phraseReflections: ((p: string) => string)[];
  emptyReflections: string[];
  feelingQuestions: string[];
  questions: string[];
  concernQuestions: string[];
  helpPointer: string;
  invitations: string[];
  reminders: string[];
};

const TEXTS: Record<Language, Texts> = {
  en: {
    greeting: (name) => (name ? `Thank you for being here, ${name}.` : 'Thank you for being here.'),
    remembered: (title) => `I still have “${title}” from last time; today is a page of its own.`,
    honesty: (agent) =>
      `To be honest with you: I’m ${agent}, running as Souvenir’s offline companion. I’m not an AI model or a person, just a gentle listener built into the app that reflects your words back to you.`,
    openers: {
      heavy: ['Thank you for telling me.', 'That sounds like a lot to carry.', 'I’m glad you shared that with me.', 'That sounds heavy.', 'Let’s take this gently.'],
      light: ['That’s lovely to hear.', 'What a nice thing to share.', 'I can feel some warmth in that.', 'That sounds good.', 'I’m glad for you.'],
      neutral: ['Thank you for sharing that.', 'I’m listening.', 'I see.', 'Thank you.', 'Let’s stay with that for a moment.'],
    },
    feelingReflections: [
      (w) => `You said you feel “${w}”.`,
      (w) => `“${w}” seems to be part of how today felt.`,
      (w) => `I hear “${w}” in what you wrote.`,
      (w) => `Feeling “${w}” is worth pausing on.`,
      (w) => `So there is something “${w}” in you today.`,
    ],
    phraseReflections: [
      (p) => `You wrote: “${p}”.`,
      (p) => `I’m holding on to your words: “${p}”.`,
      (p) => `“${p}” — thank you for sharing that.`,
      (p) => `I hear you: “${p}”.`,
      (p) => `Let me say your words back, gently: “${p}”.`,
    ],
    emptyReflections: ['Every day leaves something behind, even a quiet one.', 'Sometimes the words take a moment to come, and that’s fine.'],
    feelingQuestions: [
      'What do you think brought that on?',
      'When did you notice it most today?',
      'How did the rest of your day sit alongside it?',
      'What would feel kind towards yourself right now?',
      'What would you like to tell me about it?',
    ],
    questions: [
      'What would you like to remember about this moment?',
      'What did that mean to you?',
      'If today had a colour, what would it be?',
      'Who or what was with you in that moment?',
      'What part of it would you like to tell me more about?',
      'How did you feel, there and then?',
    ],
    concernQuestions: [
      'How are you holding up right now?',
      'What has been weighing on you the most?',
      'Is there someone you trust who you could talk to about this?',
      'What would help you feel even a little lighter tonight?',
      'I’m here with you. What would you like to tell me?',
    ],
    helpPointer: 'If it ever feels like too much, the “Need help now?” button in this chat has people you can talk to, at any hour.',
    invitations: [
      'Whenever you feel ready, you can turn today into a memory with the button below our conversation. Or would you like to tell me a little more first?',
      'We have gathered a few pieces of your day. When it feels right, the button below can turn them into today’s memory. What else would you like to add?',
    ],
    reminders: [
      'Your memory for today is waiting whenever you are ready, with the button below. Is there anything else on your mind?',
      'Remember, you can make today’s memory at any time with the button below. What would you like to hold on to?',
    ],
  },
  fr: {
    greeting: (name) => (name ? `Merci d’être là, ${name}.` : 'Merci d’être là.'),
    remembered: (title) => `Je garde encore «\u00a0${title}\u00a0» de la dernière fois\u00a0; aujourd’hui est une page à part.`,
    honesty: (agent) =>
      `Pour être honnête avec toi : je suis ${agent}, dans la version hors ligne de Souvenir. Je ne suis ni une IA ni une personne, juste une écoute douce intégrée à l’application, qui te renvoie tes propres mots.`,
    openers: {
      heavy: ['Merci de me le confier.', 'Cela fait beaucoup à porter.', 'Je suis content que tu m’en parles.', 'Cela semble lourd.', 'Prenons cela doucement.'],
      light: ['Ça fait plaisir à entendre.', 'Quelle belle chose à partager.', 'Je sens de la douceur dans ce que tu dis.', 'Ça a l’air bien.', 'Je suis content pour toi.'],
      neutral: ['Merci de partager cela.', 'Je t’écoute.', 'Je vois.', 'Merci.', 'Restons un instant là-dessus.'],
    },
    feelingReflections: [
      (w) => `Tu dis te sentir « ${w} ».`,
      (w) => `« ${w} » : c’est une partie de ta journée.`,
      (w) => `J’entends « ${w} » dans ce que tu écris.`,
      (w) => `Se sentir « ${w} », ça mérite qu’on s’y arrête.`,
      (w) => `Il y a donc quelque chose de « ${w} » en toi aujourd’hui.`,
    ],
    phraseReflections: [
      (p) => `Tu as écrit : « ${p} ».`,
      (p) => `Je garde tes mots : « ${p} ».`,
      (p) => `« ${p} » : merci de me le confier.`,
      (p) => `Je t’entends : « ${p} ».`,
      (p) => `Je te relis doucement : « ${p} ».`,
    ],
    emptyReflections: ['Chaque journée laisse une trace, même une journée calme.', 'Parfois les mots mettent un moment à venir, et c’est très bien ainsi.'],
    feelingQuestions: [
      'D’après toi, qu’est-ce qui a fait naître cela ?',
      'À quel moment de la journée l’as-tu le plus ressenti ?',
      'Comment le reste de ta journée s’est-il passé à côté de cela ?',
      'Qu’est-ce qui serait doux pour toi, là, maintenant ?',
      'Que voudrais-tu m’en dire ?',
    ],
    questions: [
      'Qu’aimerais-tu garder de ce moment ?',
      'Qu’est-ce que cela représente pour toi ?',
      'Si ta journée avait une couleur, laquelle serait-ce ?',
      'Qui ou quoi était avec toi à ce moment-là ?',
      'De quelle partie aimerais-tu me parler davantage ?',
      'Comment te sentais-tu, à ce moment-là ?',
    ],
    concernQuestions: [
      'Comment tiens-tu le coup, là, maintenant\u00a0?',
      'Qu’est-ce qui pèse le plus sur toi en ce moment\u00a0?',
      'Y a-t-il quelqu’un de confiance à qui tu pourrais en parler\u00a0?',
      'Qu’est-ce qui pourrait te rendre la soirée un tout petit peu plus légère\u00a0?',
      'Je suis là avec toi. Qu’aimerais-tu me dire\u00a0?',
    ],
    helpPointer: 'Si cela devient trop lourd, le bouton «\u00a0Besoin d’aide maintenant\u00a0?\u00a0» de cette conversation te donne des personnes à qui parler, à toute heure.',
    invitations: [
      'Quand tu te sentiras prêt·e, tu pourras transformer cette journée en souvenir avec le bouton sous notre conversation. Ou veux-tu m’en dire un peu plus d’abord ?',
      'Nous avons rassemblé quelques morceaux de ta journée. Quand cela te semblera juste, le bouton ci-dessous en fera le souvenir du jour. Qu’aimerais-tu ajouter ?',
    ],
    reminders: [
      'Ton souvenir du jour t’attend quand tu veux, avec le bouton ci-dessous. Y a-t-il autre chose qui te traverse l’esprit ?',
      'Tu peux créer le souvenir de ta journée à tout moment avec le bouton ci-dessous. Qu’aimerais-tu garder ?',
    ],
  },
};

/** When the arc invites the person to make the memory (user turn numbers). */
const INVITE_TURN = 3;
const REMIND_EVERY = 3;
const PHRASE_MAX_WORDS = 10;

/** FNV-1a: a small, stable hash, so the same conversation always gives the same reply. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const pick = <T>(items: readonly T[], index: number): T => items[((index % items.length) + items.length) % items.length]!;

const normalize = (text: string) => text.toLowerCase().replace(/['’]/g, '’');

const containsWord = (text: string, word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${normalize(word).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').test(normalize(text));

function findFeeling(text: string, language: Language): { word: string; tone: Tone } | null {
  // Both lexicons: people often mix languages; the reply still follows the chosen language.
  const order: Language[] = language === 'fr' ? ['fr', 'en'] : ['en', 'fr'];
  for (const lang of order) {
    for (const feeling of FEELINGS) {
      for (const word of feeling[lang]) {
        if (containsWord(text, word)) return { word, tone: feeling.tone };
      }
    }
  }
  return null;
}

/** A short phrase of the person's own: the richest sentence, cut to a few words ending on a meaningful one. */
function findPhrase(text: string): string | null {
  const sentences = text
    .split(/[.!?…\n]+/)
    .map((s) => s.trim().replace(/^[,;:—–\-\s]+|[,;:—–\-\s]+$/g, ''))
    .filter(Boolean);
  let best: { words: string[]; score: number } | null = null;
  for (const sentence of sentences) {
    const words = sentence.split(/\s+/).filter(Boolean);
    const score = words.filter((w) => isContentWord(w)).length;
    if (score > 0 && (!best || score > best.score)) best = { words, score };
  }
  if (!best) return null;
  const words = best.words;
  // A short sentence is quoted whole; a long one by its last few meaningful words.
  let end = words.length;
  if (words.length > PHRASE_MAX_WORDS) while (end > 0 && !isContentWord(words[end - 1]!)) end--;
  const start = Math.max(0, end - PHRASE_MAX_WORDS);
  const phrase = words.slice(start, end).join(' ').replace(/^["“«\s]+|["”»\s,;:]+$/g, '');
  if (!phrase) return null;
  return start > 0 ? `…${phrase}` : phrase;
}

function isContentWord(word: string): boolean {
  const bare = normalize(word).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  if (bare.length < 3) return false;
  return !bare.split(/[’-]/).every((part) => STOPWORDS.has(part) || part.length < 3);
}

/** The whole reply, decided from the conversation alone. */
export function composeReply(input: {
  messages: ChatTurn[];
  language: Language;
  agentName: string;
  firstName: string;
  /** The safety layer's verdict (a crisis never reaches the companion: the layer answers it). */
  safety?: ChatReplyInput['safety'];
  /** The latest memory's title (continuity): mentioned once, as the day begins, on an untroubled turn. */
  recentMemoryTitle?: string | null;
}): string {
  const t = TEXTS[input.language];
  const userMessages = input.messages.filter((m) => m.role === 'user');
  const turn = userMessages.length;
  const last = userMessages.at(-1)?.content ?? '';
  const seed = hash(input.messages.map((m) => `${m.role}:${m.content}`).join('\n'));
  // Stable across the conversation, so consecutive turns walk through the templates instead of jumping.
  const base = hash(userMessages[0]?.content ?? '');
  const said = new Set(input.messages.filter((m) => m.role === 'assistant').map((m) => m.content.trim()));
  const worried = input.safety !== undefined && (input.safety.level === 'concern' || input.safety.earlierCrisis);
  const pointed = [...said].some((reply) => reply.includes(t.helpPointer));

  const candidates = (variant: number): string => {
    const k = base + turn + variant;
    if (worried) {
      // A hard moment: no quoting, no invitation to make a memory; a warm word, one gentle question, and
      // once in the conversation where help is.
      const parts = [turn === 1 ? t.greeting(input.firstName) : pick(t.openers.heavy, k), pick(t.concernQuestions, k)];
      if (!pointed) parts.push(t.helpPointer);
      return parts.join(' ');
    }
    if (ASKS_WHAT_IT_IS.en.test(last) || ASKS_WHAT_IT_IS.fr.test(last)) {
      return [t.honesty(input.agentName), pick(t.questions, k)].join(' ');
    }
    const feeling = findFeeling(last, input.language);
    const phrase = feeling ? null : findPhrase(last);
    const opener = pick(t.openers[feeling?.tone ?? 'neutral'], k + (seed % 2));
    const reflection = feeling
      ? pick(t.feelingReflections, k)(feeling.word)
      : phrase
        ? pick(t.phraseReflections, k)(phrase)
        : pick(t.emptyReflections, k);
    const parts: string[] = turn === 1 ? [t.greeting(input.firstName)] : [opener];
    if (turn === 1 && input.recentMemoryTitle) parts.push(t.remembered(input.recentMemoryTitle));
    parts.push(reflection);
    if (turn === INVITE_TURN) parts.push(pick(t.invitations, k));
    else if (turn > INVITE_TURN && (turn - INVITE_TURN) % REMIND_EVERY === 0) parts.push(pick(t.reminders, k));
    else parts.push(pick(feeling ? t.feelingQuestions : t.questions, k * 3 + (seed % 5)));
    return parts.join(' ');
  };

  // Never say the same thing twice in one conversation: walk to the next variant (still deterministic).
  let reply = candidates(0);
  for (let variant = 1; said.has(reply) && variant < 40; variant++) reply = candidates(variant);
  return reply;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });

/** A written reply streamed word by word, spaces kept, so that it arrives like a typed one. */
export async function* streamWords(text: string, options: { delayMs: number; signal: AbortSignal }): AsyncGenerator<string> {
  const chunks = text.match(/\S+\s*/g) ?? [text];
  for (let i = 0; i < chunks.length; i++) {
    if (options.signal.aborted) return;
    if (i > 0) await sleep(options.delayMs, options.signal);
    yield chunks[i]!;
  }
}

export function createOfflineCompanion(options: { delayMs: number }): ChatProvider {
  return {
    name: 'offline-companion',
    streamReply(input) {
      return streamWords(composeReply(input), { delayMs: options.delayMs, signal: input.signal });
    },
  };
}
