// The offline crisis assessor: decides from the words alone whether a message, and the conversation it ends,
// shows suicidal crisis. It runs on every turn, with or without an AI provider, so it is pure, synchronous and
// keeps nothing: the text is read, matched and dropped, never logged.
//
// How it reads (docs/safety-assessor.md has the longer story):
//   1. normalise: lower case, accents off, one apostrophe, letters repeated 3+ times cut to 2, contractions and
//      SMS forms spelled out ("jveux" → "je veux", "im" → "i am", "kms" → "kill myself"), key words with one
//      typo put right ("suicde" → "suicide", "mourrir" → "mourir");
//   2. mask idioms and look-alikes ("dying to see", "mort de rire", "film about suicide") so no rule sees them;
//   3. match a table of rules built from word families (who × wanting × dying, "better off without me",
//      "not wake up", means, farewells, self-harm…), each with what may undo it: a negator just before,
//      someone else as the subject, a self-harm told as long past.
// Both languages are matched at once: people mix them in one message whatever the interface says.

import { createHmac, randomBytes } from 'node:crypto';
import type { SafetyLevel } from '@shared/safety';
import { CONTEXT_TURNS, safetyModel, scoreMessage, type SafetyModelFile, type SafetyScore, type SafetyThresholds } from '../understanding/safety-model';

export interface SafetyTurn {
  role: 'user' | 'assistant';
  content: string;
}
export type SafetySignal =
  | 'ideation'
  | 'indirect'
  | 'plan'
  | 'means'
  | 'self-harm'
  | 'farewell'
  | 'hopelessness'
  | 'unsafe-answer'
  | 'denial'
  | 'learned';
export interface MessageAssessment {
  level: SafetyLevel;
  signals: SafetySignal[];
}
export interface ConversationAssessment {
  /** The level for the reply now being written. */
  level: SafetyLevel;
  /** The last user message alone. */
  last: MessageAssessment;
  /** An earlier user message (before the last) was assessed crisis. */
  earlierCrisis: boolean;
  /** The last message minimises or takes back an earlier crisis ("no I'm fine", "je rigolais", "forget it"). */
  denial: boolean;
  /**
   * Not a crisis, but too close to one to guess: the companion should ask directly whether the person is thinking
   * of ending their life, and the answer decides (docs/decisions/0092-ask-when-unsure.md). False once the
   * companion has asked in this conversation.
   */
  unsure: boolean;
  signals: SafetySignal[];
}

// ─── Normalisation ──────────────────────────────────────────────────────────────────────────────────────────

/** Whole tokens spelled out: English contractions without their apostrophe, SMS and chat forms in both languages. */
const EXPANSIONS: Record<string, string> = {
  // English contractions typed without an apostrophe
  im: 'i am', iam: 'i am', ive: 'i have', dont: 'do not', doesnt: 'does not', didnt: 'did not', cant: 'can not',
  cannot: 'can not', wont: 'will not', wouldnt: 'would not', couldnt: 'could not', shouldnt: 'should not',
  isnt: 'is not', arent: 'are not', wasnt: 'was not', werent: 'were not', havent: 'have not', hasnt: 'has not',
  hadnt: 'had not', aint: 'am not', youre: 'you are', theyre: 'they are', thats: 'that is', whats: 'what is',
  theres: 'there is', itll: 'it will', youd: 'you would', theyd: 'they would', everyones: 'everyone is',
  // English chat forms
  wanna: 'want to', wana: 'want to', wan: 'want', wantto: 'want to', gonna: 'going to', gona: 'going to',
  gunna: 'going to', finna: 'going to', gotta: 'got to', tryna: 'trying to', kinda: 'kind of', sorta: 'sort of',
  lemme: 'let me', dunno: 'do not know', idk: 'i do not know', idc: 'i do not care', u: 'you', ur: 'you are',
  r: 'are', rn: 'right now', tn: 'tonight', tonite: 'tonight', '2nite': 'tonight', cuz: 'because', coz: 'because',
  cos: 'because', bc: 'because', bcuz: 'because', ppl: 'people', every1: 'everyone', evry1: 'everyone',
  evryone: 'everyone', some1: 'someone', no1: 'no one', noone: 'no one', nobdy: 'nobody', anymor: 'anymore',
  nemore: 'anymore', tmrw: 'tomorrow', tmr: 'tomorrow', tomoro: 'tomorrow', '2moro': 'tomorrow', '2day': 'today',
  abt: 'about', pls: 'please', plz: 'please', b: 'be', wud: 'would', wuld: 'would', shud: 'should', cud: 'could',
  jus: 'just', jst: 'just', wit: 'with', wiv: 'with', h8: 'hate', gr8: 'great', '4ever': 'forever', '4eva': 'forever',
  dat: 'that', nuthin: 'nothing',
  // dropped final g: "thinkin", "cuttin"
  thinkin: 'thinking', cuttin: 'cutting', goin: 'going', tryin: 'trying', feelin: 'feeling', livin: 'living',
  hurtin: 'hurting', gettin: 'getting', doin: 'doing', sayin: 'saying', nothin: 'nothing', somethin: 'something',
  wantin: 'wanting', plannin: 'planning', jumpin: 'jumping', burnin: 'burning', harmin: 'harming', endin: 'ending',
  // short key words typed wrong: too short to guess by edit distance, too common to miss
  wnat: 'want', wamt: 'want', wnt: 'want', whant: 'want', watn: 'want', wnana: 'want to', klil: 'kill', dieing: 'dying',
  dyin: 'dying', killin: 'killing', myslef: 'myself', mysef: 'myself',
  lmao: 'lol', lmfao: 'lol', rofl: 'lol', haha: 'lol', hahaha: 'lol', hehe: 'lol', xd: 'lol',
  // Internet euphemisms for suicide: written to slip past filters, they mean it
  kms: 'kill myself', kys: 'kill yourself', ctb: 'kill myself', sewerslide: 'suicide', sewercide: 'suicide',
  suicied: 'suicide', selfdelete: 'kill myself',
  // French SMS: subject glued to its verb, dropped letters
  jai: 'je ai', jen: 'je en', jme: 'je me', jte: 'je te', jle: 'je le', jsuis: 'je suis', jsui: 'je suis',
  chuis: 'je suis', chui: 'je suis', chu: 'je suis', chus: 'je suis', jss: 'je suis', jveux: 'je veux',
  jveu: 'je veux', jvx: 'je veux',
  jvais: 'je vais', jvai: 'je vais', jpeux: 'je peux', jpeu: 'je peux', jpx: 'je peux', jsais: 'je sais',
  jsai: 'je sais', jsp: 'je sais pas', chais: 'je sais', jpense: 'je pense', jcrois: 'je crois', jfais: 'je fais',
  jdois: 'je dois', jvoudrais: 'je voudrais', jaimerais: 'je aimerais', jaurais: 'je aurais', javais: 'je avais',
  jetais: 'je etais', jarrive: 'je arrive', jarrete: 'je arrete', jaime: 'je aime', jpp: 'je en peux plus',
  jmen: 'je me en', jmerite: 'je merite', cest: 'ce est', ct: 'ce etait', cetait: 'ce etait', sest: 'se est',
  nen: 'ne en', nai: 'ne ai', nest: 'ne est', netais: 'ne etais', mendormir: 'me endormir', tkt: 'te inquiete pas',
  tqt: 'te inquiete pas', tinquiete: 'te inquiete', pk: 'pourquoi', pq: 'pourquoi', pourkoi: 'pourquoi',
  pcq: 'parce que', pck: 'parce que', psk: 'parce que', pask: 'parce que', parceque: 'parce que', qd: 'quand',
  qnd: 'quand', kan: 'quand', ke: 'que', koi: 'quoi', kwa: 'quoi', tt: 'tout', tte: 'toute',
  bcp: 'beaucoup', pr: 'pour', ds: 'dans', vx: 'veux', ve: 'veux', veu: 'veux', veus: 'veux', jamai: 'jamais',
  jame: 'jamais', tjr: 'toujours', tjrs: 'toujours', toujour: 'toujours', envi: 'envie', moa: 'moi', mwa: 'moi',
  toa: 'toi', oci: 'aussi', ajd: 'aujourdhui', auj: 'aujourdhui', aujd: 'aujourdhui', dmain: 'demain',
  mdr: 'lol', ptdr: 'lol', xptdr: 'lol', gt: 'je etais', plu: 'plus', tro: 'trop',
};

/** "'d", "'ll"… after a word: the contraction spelled out. "n't" is handled apart (can't, won't, ain't). */
const SUFFIXES: [string, string][] = [["'m", 'am'], ["'re", 'are'], ["'ve", 'have'], ["'ll", 'will'], ["'d", 'would'], ["'s", 's']];
const NOT_STEMS: Record<string, string> = { ca: 'can', wo: 'will', ai: 'am', sha: 'shall' };
/** Words before which "'s" is "is" ("it's goodbye"), elsewhere a possessive ("dad's gun"). */
const IS_BEFORE_S = new Set(['it', 'that', 'what', 'there', 'he', 'she', 'who', 'here', 'everyone', 'everything', 'this', 'life', 'nobody', 'noone']);
const PRONOUN = /^(?:i|you|we|they|he|she|it|could|would|should|must|might|that|there|what|who)$/;
const SPACED_CONTRACTIONS: Record<string, { after: RegExp; word: string }> = {
  m: { after: /^i$/, word: 'am' },
  ve: { after: PRONOUN, word: 'have' },
  ll: { after: PRONOUN, word: 'will' },
  re: { after: PRONOUN, word: 'are' },
  d: { after: /^(?:i|you|we|they|he|she|it)$/, word: 'would' },
  s: { after: /^(?:it|that|what|there|he|she|who|here)$/, word: 'is' },
};
/** A word looked up in one of the tables above: only the table's own entries ("constructor" is no expansion). */
const own = <T>(table: Record<string, T>, key: string): T | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);

/** French elision: the letter before the apostrophe is a whole word ("j'ai" → "je ai", "l'acte" → "le acte"). */
const ELISIONS: Record<string, string> = {
  j: 'je', m: 'me', t: 'te', l: 'le', n: 'ne', s: 'se', d: 'de', c: 'ce', qu: 'que', jusqu: 'jusque',
  lorsqu: 'lorsque', puisqu: 'puisque', presqu: 'presque', quelqu: 'quelque',
};

/** Several words people write as one thing, rewritten before the rules read them. */
const PHRASES: [RegExp, string][] = [
  // "can't stop thinking about it" affirms; read as "keep" so the "not" does not pass for a negation
  [phrase('can not stop|can not help|ne peux pas me empecher de|peux pas me empecher de|ne arrive pas a arreter de|arrive pas a arreter de|ne arrete pas de|arrete pas de|ne cesse pas de|ne cesse de|cesse pas de'), 'keep'],
  [phrase('no longer|any longer'), 'nolonger'],
  // chat fillers that only soften ("fr", "smh", "no cap"): dropped, so they never stand between words that matter
  [/ (?:fr fr|fr|smh|no cap|fml|istg|tbh|ngl|lowkey|deadass)(?= )/g, ''],
  [phrase('no more'), 'anymore'],
  // "y" is "why" opening an English question ("y cant i just die"), never the "y" of "y a" / "j'y pense"
  [/(?<=[.,] )y(?= (?:can|do|does|is|are|am|would|should|did|not|me|i|you|will|must|bother|the|this|that) )/g, 'why'],
  [phrase('any more'), 'anymore'],
  // Québec "pu" is "plus" ("j'ai pu le goût de vivre") when a wish or a strength follows, not "pouvoir" ("j'ai pu venir")
  [/(?<= )pu(?= (?:envie|le gout|gout|rien|capable|la force|de force|vivre|exister|jamais|personne|la|de raison))/g, 'plus'],
  [phrase('de plus en plus'), 'increasingly'],
  [phrase('plus que jamais'), 'morethanever'],
  [phrase('si jamais'), 'si'],
  [phrase('sewer slide|sewer side|toaster bath|self deletion'), 'suicide'],
  [phrase('self delete|commit die|unalive myself|neck myself|rope myself'), 'kill myself'],
  [phrase('unaliving myself'), 'killing myself'],
  [phrase('unalived myself'), 'killed myself'],
  [phrase('be unalive|be unalived'), 'be dead'],
  [phrase('unalive'), 'die'],
  [phrase('unalived'), 'died'],
  [phrase('unaliving'), 'dying'],
  [phrase('six feet under|6 feet under|6ft under'), 'dead'],
  [phrase('self harm|self harming|self harmed|selfharm|selfharming|self harms|self injury|self injuring'), 'selfharm'],
];

function phrase(alternatives: string): RegExp {
  return new RegExp(`(?<= )(?:${alternatives})(?= )`, 'g');
}

/**
 * Words whose typos matter: written with a letter doubled or missing they still mean the same. A token that squeezes
 * (runs of a letter to one) to one of them is that word. None may squeeze to another real word ("noose" → "nose").
 */
const KEY_FORMS = [
  'die', 'dies', 'died', 'dying', 'dead', 'kill', 'kills', 'killed', 'killing', 'myself', 'suicide', 'suicides',
  'suicided', 'suicidal', 'suicider', 'suicidee', 'suicidaire', 'suicidaires', 'mourir',
  'crever', 'tuer', 'better', 'without', 'anymore', 'wake', 'sleep', 'pills', 'alive', 'live', 'living', 'vivre',
  'veux', 'envie', 'overdose', 'overdosed', 'disappear', 'disparaitre', 'reveiller', 'endormir', 'exister',
  'exist', 'scarifie', 'scarifier', 'scarifiee', 'scarification', 'rope', 'corde', 'pendre', 'veines',
  'wrists', 'poignets', 'goodbye', 'adieu', 'want', 'never', 'jamais', 'plus',
];
/** One edit away (letters swapped, dropped, added, changed) from these still counts, for words of 6+ letters. */
const FUZZY_FORMS = ['suicide', 'suicidal', 'suicider', 'suicidaire', 'myself', 'mourir', 'overdose', 'disparaitre', 'scarifier', 'disappear'];
/** Real words one edit from a key word: "courir" (to run) must never read as "mourir". */
const PROTECTED = new Set(['courir', 'nourrir', 'nourir', 'pourrir', 'pourir', 'mourut', 'herself', 'himself', 'itself', 'disappears', 'disappeared']);

const squeeze = (word: string) => word.replace(/(.)\1+/g, '$1');
const SQUEEZED = new Map<string, string>();
for (const form of KEY_FORMS) if (!SQUEEZED.has(squeeze(form))) SQUEEZED.set(squeeze(form), form);
const FUZZY_SQUEEZED = FUZZY_FORMS.map((form) => [squeeze(form), form] as const);
const KEY_SET = new Set(KEY_FORMS);

/** At most one edit apart: a letter changed, added, dropped, or two neighbours swapped ("suicdie"). Linear time. */
function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function canonical(token: string): string {
  if (KEY_SET.has(token) || token.length < 3) return token;
  const squeezed = squeeze(token);
  const known = SQUEEZED.get(squeezed);
  if (known) return known;
  if (token.length >= 5 && !PROTECTED.has(token) && !PROTECTED.has(squeezed)) {
    for (const [form, word] of FUZZY_SQUEEZED) if (withinOneEdit(squeezed, form)) return word;
  }
  return token;
}

function expandRawToken(raw: string, previous: string | undefined): string[] {
  const token = raw.replace(/^'+|'+$/g, '');
  if (!token) return [];
  if (token.includes("'")) {
    const notForm = /^(\w+)n't$/.exec(token);
    if (notForm) return [NOT_STEMS[notForm[1]!] ?? notForm[1]!, 'not'];
    const elision = /^(\w+)'(.+)$/.exec(token);
    if (elision && ELISIONS[elision[1]!]) return [ELISIONS[elision[1]!]!, ...expandRawToken(elision[2]!, ELISIONS[elision[1]!])];
    for (const [suffix, word] of SUFFIXES) {
      if (!token.endsWith(suffix)) continue;
      const stem = token.slice(0, -suffix.length);
      return [...expandRawToken(stem, previous), suffix === "'s" && IS_BEFORE_S.has(stem) ? 'is' : word];
    }
    return expandRawToken(token.replace(/'/g, ''), previous);
  }
  // "g" is "j'ai" in French texting, unless it follows a number ("20 g de paracétamol")
  if (token === 'g') return previous && /^\d+$/.test(previous) ? ['g'] : ['je', 'ai'];
  if (token === 'c' && previous !== 'u') return ['ce', 'est'];
  // "TS" is a suicide attempt after an article ("j'ai fait une TS"), otherwise "tous"
  if (token === 'ts') return previous && ['une', 'des', 'ma', 'sa', 'premiere', 'derniere', '1'].includes(previous) ? ['tentative', 'de', 'suicide'] : ['tous'];
  // "2" and "4" for "to" and "for" between words ("i want it all 2 stop"), never beside a number or a unit
  if ((token === '2' || token === '4') && previous && /^[a-z]+$/.test(previous) && !/^(?:at|by|of|x|or|and|the|take|took|taken|ate|swallowed|only|than|to|for)$/.test(previous)) {
    return [token === '2' ? 'to' : 'for'];
  }
  // a contraction typed with a space instead of the apostrophe: "i m", "i ve", "it s"
  const spaced = previous ? own(SPACED_CONTRACTIONS, token) : undefined;
  if (spaced && previous && spaced.after.test(previous)) return [spaced.word];
  const expansion = own(EXPANSIONS, token) ?? (token.length > 2 ? own(EXPANSIONS, squeeze(token)) : undefined);
  if (expansion && !(token === 'kms' && previous && /^\d+$/.test(previous))) return expansion.split(' ');
  return [canonical(token)];
}

/** Text → tokens: words, and "." / "," for the ends of sentences and clauses. */
function tokenise(text: string): string[] {
  const cleaned = text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[’‘`´ʼ′]/g, "'")
    // laughing faces say "joking": kept as a word, idioms rules read it
    .replace(/[😂🤣😹😆😅💀☠]/gu, ' lol . ')
    // a face hidden in shame says "I could die of embarrassment"
    .replace(/[🙈🫣🤦😳]/gu, ' cringe . ')
    .replace(/\p{Extended_Pictographic}/gu, ' , ')
    .replace(/(\p{L})\1{2,}/gu, '$1$1')
    .replace(/\bw\/o\b/g, ' without ')
    .replace(/[.!?;…\n\r]+/g, ' . ')
    .replace(/[,:()[\]{}«»"“”|/\\*_~=+<>—–]+/g, ' , ')
    .replace(/-/g, ' ')
    .replace(/[^a-z0-9' .,]+/g, ' ');
  const tokens: string[] = [];
  for (const raw of cleaned.split(/\s+/)) {
    if (!raw) continue;
    if (raw === '.' || raw === ',') {
      tokens.push(raw);
      continue;
    }
    const last = tokens[tokens.length - 1];
    if (raw === 't' && last && own(EXPANSIONS, `${last}t`)) {
      tokens.pop();
      tokens.push(...own(EXPANSIONS, `${last}t`)!.split(' '));
      continue;
    }
    tokens.push(...expandRawToken(raw, last));
  }
  let joined = ` . ${tokens.join(' ')} . `;
  for (const [pattern, replacement] of PHRASES) joined = joined.replace(pattern, replacement);
  return joined.split(' ').filter(Boolean);
}

// ─── Word families ──────────────────────────────────────────────────────────────────────────────────────────
// Alternatives are regular-expression pieces over normalised tokens (accent-free, lower case, one space).

const FAMILIES: Record<string, string[]> = {
  /** Words that may sit between a verb and what it governs without changing its sense. */
  ADV: [
    'just', 'really', 'simply', 'fucking', 'fking', 'fkn', 'freaking', 'literally', 'honestly', 'actually', 'truly',
    'seriously', 'so', 'kind of', 'sort of', 'already', 'finally', 'quietly', 'peacefully', 'now', 'all', 'even',
    'also', 'still', 'sometimes', 'often', 'always', 'genuinely', 'badly', 'desperately', 'only', 'quite', 'ever',
    'go', 'juste', 'vraiment', 'simplement', 'tellement', 'trop', 'tant', 'limite', 'carrement', 'enfin', 'deja',
    'aussi', 'tout', 'putain', 'grave', 'serieux', 'serieusement', 'sincerement', 'franchement', 'parfois', 'souvent',
    'toujours', 'encore', 'seulement', 'bien', 'presque', 'increasingly', 'morethanever', 'bordel', 'moi', 'like',
    'lowkey', 'ngl', 'tbh', 'fr', 'maybe', 'perhaps', 'right now', 'tonight', 'today', 'go and', 'curl up and',
    'lie down and', 'crawl into a hole and', 'peut etre', 'genre', 'ce soir', 'maintenant', 'aller', 'me coucher et',
    'me allonger et', 'partir et', 'so much', 'so badly', 'more than anything',
  ],
  NEG: ['not', 'never', 'nolonger', 'ne', 'pas', 'jamais', 'plus', 'point', 'guere'],
  /** Wanting, wishing, intending, deserving: what turns "die" into a wish. Third-person forms too (the subject decides). */
  WANT: [
    'want to', 'want 2', 'wants to', 'wanted to', 'wish to', 'wish i could', 'wished i could', 'would like to',
    'would love to', 'ready to', 'deserve to', 'deserves to', 'should', 'need to', 'plan to', 'planning to',
    'planning on', 'plan on', 'intend to', 'hope to', 'hoping to', 'long to', 'tempted to', 'urge to', 'urges to',
    'desire to', 'decided to', 'have decided to', 'can not wait to', 'like nothing more than to', 'want nothing more than to', 'keep wanting to', 'choose to', 'would rather', 'rather', 'prefer to', 'let me',
    'pray to', 'praying to', 'wanting to', 'talks about wanting to', 'talking about wanting to',
    'veux', 'veut', 'voulais', 'voulait', 'voudrais', 'voudrait', 'voudrai', 'aimerais', 'aimerait', 'aimerai', 'souhaite',
    'souhaiterais', 'souhaiterait', 'ai envie de', 'envie de', 'a envie de', 'ai besoin de', 'besoin de',
    'merite de', 'merites de', 'devrais', 'devrait', 'dois', 'doit', 'prefererais', 'prefere', 'reve de',
    'ai hate de', 'hate de', 'suis pret a', 'suis prete a', 'pret a', 'prete a', 'ai decide de', 'decide de',
    'pense a', 'pensais a', 'songe a', 'compte', 'laisse moi', 'laissez moi', 'laissez nous', 'cherche a',
  ],
  /** Thinking, fantasising, feeling like: what turns a gerund ("dying") into a thought of dying. */
  THINK: [
    'thinking about', 'thinking of', 'think about', 'thought about', 'thought of', 'thoughts of', 'thoughts about',
    'considering', 'contemplating', 'fantasizing about', 'fantasising about', 'dreaming of', 'dreaming about',
    'dream of', 'dream about', 'obsessed with', 'feel like', 'felt like', 'feeling like', 'keep thinking about',
    'started thinking about', 'ideas of',
  ],
  /** Dying, said as something one could want (infinitive), in both languages. */
  DIE: [
    'die', 'pass away', 'perish', 'stop living', 'stop existing', 'stop breathing', 'stop being alive', 'stop being here',
    'arreter de etre en vie', 'cesser de etre en vie', 'arreter de etre la', 'arreter de respirer', 'cease to exist',
    'cease existing', 'end everything', 'be dead', 'be gone(?= [.,]| forever| for good)', 'rope(?= [.,])', 'leave this world', 'leave this earth',
    'go to sleep forever', 'sleep forever', 'sleep and never wake up', 'disappear forever', 'disappear for good',
    'disappear permanently', 'not exist', 'not be alive', 'not be here anymore', 'end it all', 'end it(?= [.,]| tonight| today| now| soon| for good| once and for all| forever)',
    'end things(?! with)', 'mourir', 'crever', 'creve', 'etre mort', 'etre morte', 'etre morts', 'etre mortes',
    'deceder', 'en finir(?! avec (?!la vie|tout|moi|ma vie|cette vie|ce monde|le monde|le existence|mes jours))',
    'arreter de vivre', 'cesser de vivre', 'arreter de exister', 'cesser de exister', 'quitter ce monde',
    'quitter la vie', 'partir pour toujours', 'partir a jamais', 'disparaitre pour toujours', 'disparaitre a jamais',
    'disparaitre definitivement', 'disparaitre pour de bon', 'disparaitre de ce monde', 'disparaitre de la surface',
    'dormir pour toujours', 'dormir pour le eternite', 'dormir a jamais', 'me endormir pour toujours',
    'me endormir pour de bon', 'me endormir et ne plus me reveiller', 'ne plus exister', 'ne plus etre la', 'walk into traffic', 'step into traffic', 'run into traffic', '(?:walk|step|run) in front of (?:a|the) (?:car|bus|truck|lorry|train)',
  ],
  /** The same, after thinking or feeling (gerund or noun). */
  DYING: [
    'dying', 'being dead', 'not being here', 'not being alive', 'not existing', 'not waking up', 'ending it all',
    'ending it(?! with)', 'ending things(?! with)', 'suicide', 'committing suicide', 'disappearing forever',
    'ending everything', 'sleeping forever', 'jumping(?= [.,])', 'overdosing', 'giving up on life', 'how to (?:end it|kill myself|die|end my life)(?= [.,]| tonight| quickly| painlessly)',
    'ways to (?:die|end it|kill myself|end my life)', '(?:stepping|jumping|falling|walking|throwing myself) (?:off|in front|onto|into traffic|under)', 'walking into traffic',
  ],
  /** Killing oneself: the reflexive makes it first-person already. English, then French. */
  KILL_SELF: [
    'kill myself', 'killing myself', 'killed myself', 'kills myself', 'kill my self', 'off myself', 'offing myself',
    'end myself', 'ending myself', 'hang myself', 'hanging myself', 'hanged myself', 'hung myself',
    'shoot myself(?! in the foot)', 'shooting myself(?! in the foot)', 'shot myself(?! in the foot)', 'drown myself',
    'drowning myself', 'poison myself', 'poisoning myself', 'murder myself', 'top myself', 'do myself in',
    'throw myself (?:off|under|in front of|from|out of)', 'take my (?:own )?life(?! back| in| seriously| into)',
    'taking my (?:own )?life(?! back| in| seriously| into)', 'end my (?:own )?life', 'ending my (?:own )?life',
    'end it all', 'ending it all', 'commit suicide', 'committing suicide', 'suicide myself', 'let myself die',
    'starve myself to death', 'drink myself to death', 'gas myself', 'electrocute myself', 'slit my (?:wrists?|throat)',
    'cut my (?:wrists?|throat)(?! on| by)', 'bleed myself out', 'set myself on fire',
  ],
  KILL_SELF_FR: [
    'me tuer', 'me tuerai', 'me tuerais', 'me suicider', 'me suiciderai', 'me suiciderais', 'me suicide', 'me suicidee', 'me pendre', 'me pends', 'me flinguer', 'me buter',
    'me foutre en le air', 'me supprimer', 'me noyer', 'me defenestrer', 'me jeter (?:sous|du|de|par|dans le vide|devant|depuis)',
    'me tirer une balle', 'me mettre une balle', 'me faire sauter (?:la cervelle|le caisson)',
    'me ouvrir les veines', 'me couper les veines', 'me trancher les veines', 'me taillader les veines',
    'me donner la mort', 'me oter la vie', 'me enlever la vie', 'mettre fin a mes jours', 'mettre fin a ma vie',
    'mettre un terme a ma vie', 'mettre un terme a mes jours', 'mettre fin a mon existence', 'en finir avec la vie',
    'en finir avec ma vie', 'me laisser mourir', 'me empoisonner', 'me immoler', 'me faire ecraser',
    'me suis (?:[a-z]+ ){0,2}(?:suicidee?|pendue?)(?! [a-z]+ (?:personnage|film|roman))',
  ],
  /** What "don't want to" / "ne plus" negate when the wish is to stop living. */
  LIVE: [
    'live(?= [.,]| anymore| nolonger| like this| this life| in this world| on this earth| another day| through this| for much longer| much longer)',
    'be alive', 'exist', 'be here (?:anymore|nolonger|much longer|for much longer|tomorrow)', 'be on this earth',
    'be in this world', 'go on(?= [.,]| like this| anymore| living| with life)', 'keep going(?= [.,]| like this| anymore)',
    'keep living', 'continue living', 'carry on(?= [.,]| like this| anymore| living)', 'wake up(?= [.,]| tomorrow| again| anymore| in the morning| ever)',
    'vivre(?= [.,]| comme ca| ainsi| dans ce monde| cette vie| un jour de plus| une minute de plus| encore| plus longtemps| avec cette douleur| dans cette douleur| sur cette terre)',
    'exister', 'etre en vie', 'etre vivante?', 'continuer a vivre', 'me reveiller(?= [.,]| demain| le matin| le lendemain| du tout)',
  ],
  /** What "can't" negates when life itself is at stake. */
  BEAR_LIFE: [
    'go on(?= [.,]| like this| anymore| living| with life| much longer)', 'keep going(?= [.,]| like this| anymore| much longer)',
    'live(?= [.,]| like this| anymore| with myself| this way| in this pain| with this pain| nolonger)', 'do life',
    'be alive', 'keep living', 'carry on(?= [.,]| like this| anymore| living)', 'continue(?= [.,]| like this| living)',
    'vivre(?= [.,]| comme ca| ainsi| avec cette douleur| dans cette douleur)', 'continuer(?= [.,]| comme ca| ainsi| a vivre)',
    'continuer a vivre',
  ],
  /** What "can't" negates when the person is at the end of their strength, not of life. */
  BEAR: [
    'take it(?= [.,]| anymore| nolonger| much longer| much more)', 'take this(?= [.,]| anymore| nolonger| much longer)',
    'take much more', 'take anymore', 'take anything anymore', 'do this(?= [.,]| anymore| nolonger| much longer)',
    'do it anymore', 'handle (?:this|it|anything|life)(?= [.,]| anymore| nolonger)', 'cope(?= [.,]| anymore| with anything| with life)',
    'deal with (?:this|it|anything|life)(?= [.,]| anymore| nolonger)', 'bear (?:it|this)(?= [.,]| anymore)',
    'stand (?:it|this)(?= [.,]| anymore)', 'breathe(?= [.,])', 'hold on(?= [.,]| much longer| anymore)',
    'supporter (?:ca|cette vie|tout ca)', 'tenir(?= [.,]| le coup| longtemps)',
  ],
  MEANS_PILLS: [
    'pills?', 'tablets?', 'meds', 'medications?', 'medicines?', 'painkillers?', 'sleeping pills', 'paracetamol',
    'acetaminophen', 'tylenol', 'ibuprofen', 'aspirin', 'insulin', 'antidepressants?', 'sleeping tablets',
    'medicaments?', 'medocs?', 'cachets?', 'comprimes?', 'pilules?', 'somniferes?', 'anxiolytiques?',
    'antidepresseurs?', 'doliprane', 'xanax', 'lexomil', 'benzos?', 'opioids?', 'oxys?', 'codeine',
  ],
  OTHERS_SELF: ['himself', 'herself', 'themselves', 'themself', 'yourself', 'yourselves'],
};

// ─── Rule compiler ──────────────────────────────────────────────────────────────────────────────────────────
// A template is a row of items separated by spaces:
//   word        a word (a regular-expression piece without spaces)
//   {FAMILY}    one of the family's alternatives          {a b|c}   inline alternatives (may hold spaces)
//   [a|b c]     optional alternatives                     ~N        up to N words of anything
//   @N          up to N softening words or negators       %N        up to N words, across commas
//   ^ / $       the start / end of a clause

function splitItems(template: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of template) {
    if (char === '{' || char === '[' || char === '(') depth += 1;
    if (char === '}' || char === ']' || char === ')') depth -= 1;
    if (char === ' ' && depth === 0) {
      if (current) items.push(current);
      current = '';
    } else current += char;
  }
  if (current) items.push(current);
  return items;
}

const alternation = (name: string) => `(?:${FAMILIES[name]!.join('|')})`;

/** Where the group opened at `open` closes; templates are checked when the module loads, so a typo fails at once. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{' || text[i] === '[') depth += 1;
    if (text[i] === '}' || text[i] === ']') depth -= 1;
    if (depth === 0) return i;
  }
  throw new Error(`Unbalanced group in safety template: ${text}`);
}

/** Alternatives of a group: family names expand, nested {a|b} groups become (?:a|b). */
function inline(inner: string): string {
  const parts: string[] = [];
  let current = '';
  let parens = 0; // inside a lookahead written in the template, "|" belongs to it
  for (let i = 0; i < inner.length; i++) {
    const char = inner[i]!;
    if (char === '(') parens += 1;
    if (char === ')') parens -= 1;
    if (char === '{') {
      const close = closing(inner, i);
      current += `(?:${inline(inner.slice(i + 1, close))})`;
      i = close;
    } else if (char === '|' && parens === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts.map((part) => (FAMILIES[part] ? alternation(part) : part)).join('|');
}
const GAP_SOFT = `(?:${alternation('ADV')}|${alternation('NEG')}) `;

/** Templates compile once; soft gaps are captured so a negator found there can be told from one in a phrase. */
function compile(template: string): RegExp {
  let source = '';
  let anchored = false;
  for (const item of splitItems(template)) {
    if (item === '^') anchored = true;
    else if (item === '$') source += '(?=[.,] )';
    else if (/^~\d+$/.test(item)) source += `((?:[a-z0-9]+ ){0,${item.slice(1)}})`;
    else if (/^%\d+$/.test(item)) source += `((?:(?:[a-z0-9]+|,) ){0,${item.slice(1)}})`;
    else if (/^@\d+$/.test(item)) source += `((?:${GAP_SOFT}){0,${item.slice(1)}})`;
    else if (item.startsWith('{')) {
      const close = closing(item, 0);
      const after = item.slice(close + 1);
      // "{a|b}?" would leave the word's space behind and never match: optional groups are written [a|b]
      if (after.startsWith('?')) throw new Error(`Optional groups are written [a|b] in safety templates: ${template}`);
      source += `(?:${inline(item.slice(1, close))})${after} `;
    } else if (item.startsWith('[')) source += `(?:(?:${inline(item.slice(1, closing(item, 0)))}) )?`;
    else source += `${item} `;
  }
  return new RegExp(`${anchored ? '(?<= [.,] )' : '(?<= )'}${source}`, 'dg');
}

const matches = (pattern: RegExp, stream: string): boolean => {
  pattern.lastIndex = 0;
  const found = pattern.test(stream);
  pattern.lastIndex = 0;
  return found;
};

// ─── Rules ──────────────────────────────────────────────────────────────────────────────────────────────────

type RuleLevel = 'crisis' | 'concern' | 'weak';
interface Rule {
  level: RuleLevel;
  signals: SafetySignal[];
  patterns: RegExp[];
  /** A negator just before ("I would never…", "je ne veux pas…") makes it a reassurance: concern at most. */
  negatable?: boolean;
  /** Only a negated form means anything ("don't want to live"): without a negator the rule does not fire. */
  needsNegation?: boolean;
  /** When someone else is the subject (a friend, a character): the level it then gets. Unset: not checked. */
  others?: 'concern' | 'none';
  /** Told as long past and not since ("when I was 15", "il y a des années") → concern. */
  past?: boolean;
  /** About someone else already: none when the sentence is about a story, a film, a book. */
  fiction?: boolean;
  /** Said of the writer: the sentence holds "I", "me", "my" or "right now", "lately" (else a general statement). */
  personal?: boolean;
  /** A means or a gift given an everyday reason in the same sentence ("for my back", "we're moving") is not one. */
  everyday?: boolean;
  /** "Ugh I want to die, I sent it to the whole company 🙈": beside embarrassment, a wish to die is a figure of speech. */
  hyperbole?: boolean;
}

const rule = (level: RuleLevel, signals: SafetySignal[], templates: string[], options: Omit<Rule, 'level' | 'signals' | 'patterns'> = {}): Rule => ({
  level,
  signals,
  patterns: templates.map(compile),
  ...options,
});

const IDEATION: Omit<Rule, 'level' | 'signals' | 'patterns'> = { negatable: true, others: 'concern', past: true };

/** Idioms and look-alikes, masked before any rule reads the text. Each says why it is harmless. */
const IDIOMS: RegExp[] = [
  // "this commute is killing me", "you're killing me 😂", "that joke killed me", "kill me now (another meeting)"
  'killing me', 'kills me', 'killed me', 'kill me now', 'shoot me now', '{would|will|going to|is going to|gonna} kill me(?! myself)',
  // "dying to see", "dying for a coffee", "to die for", "I'd die for my kids"
  'dying {to|for}', 'to die for', '{die|dies|died|dying} {my|her|his|the|our|your|it} ~1 {hair|clothes|shirt|jeans|beard|eyebrows|fabric|eggs|roots|red|blue|pink|black|blonde|green|purple}', 'die hard', 'die for {you|him|her|them|my|a|the|this|that|it|love}',
  '{die|died|dying|dead} {of|from|with} {laughter|laughing|embarrassment|shame|boredom|cringe|curiosity|thirst|hunger|heat|cuteness|envy|jealousy|excitement|lol}',
  '{died|dying|die|dead} laughing', '{nearly|almost} died', 'i am {dead|dying}(?= [.,]| lol| here)', 'dead inside(?= lol)',
  'dead {tired|serious|set|beat|wrong|right|end|ends|line|silent|on my feet|to me|ass}', 'deadass', 'drop dead', 'over my dead body',
  '{phone|battery|laptop|computer|car|plants?|tablet|charger|headphones|printer|wifi|router|engine|tv|screen|ipad|iphone|mobile} ~2 {dead|died|dying|die}',
  // "killed it at my presentation", "killing time", "could kill for a coffee", "I killed the spider"
  'killed it', 'kill it(?= [.,]| at| on| today| tonight| out there)', 'killing it', '{kill|killing|kills} {time|the time}',
  '{could|would} kill for', 'kill for {a|an|some}', 'killer', 'kill two birds',
  '{kill|killed|killing} {the|a|that|this|those|these|all the|every} ~1 {spiders?|fly|flies|bugs?|mosquito|mosquitoes|wasps?|boss|engine|lights?|mood|vibe|process|app|game|weeds?|plants?|battery|conversation|zombies?|monsters?|dragon|enemies|enemy|ants?|cockroach|mouse|rats?}',
  '{bored|scared|frightened|worried|sick|tickled|freezing|starving|loved?|love her|love him|love you|love it|loves? them|annoyed} to death',
  '{working|work|worked} myself to death', '{kill|killed|killing} myself {laughing|to|trying|working|at work|at the gym|over|with work|for this|on this}',
  '{nearly|almost} killed myself {on|in|at|falling|tripping|slipping|skiing|cycling|when|with|by}', 'could kill myself for',
  'cut myself {shaving|cooking|chopping|slicing|gardening|opening|on|with the|by accident|accidentally|while|a slice|some slack|a break|off|short}',
  'hurt myself {at|playing|running|lifting|skiing|falling|by accident|accidentally|on the|in the|when i fell|while|at the gym|training|my back|my knee|my ankle|my wrist|my shoulder|my leg|my foot}',
  '{burned|burnt|burn} myself {on the|cooking|with the kettle|with the iron|with the oven|with the pan|with hot|with the stove|while}',
  '{overdosed|overdose|overdosing|od} on {coffee|caffeine|sugar|netflix|chocolate|tv|candy|carbs|cheese|work|love}',
  '{jump|jumped|jumping} ~3 into the {water|sea|lake|river|pool|ocean}', 'bungee', 'cliff diving', '{jump|skipping} rope',
  'rope {swing|course|bridge|ladder|climbing}', '{skydive|skydiving|skydived|parachute|parachutisme|saut en parachute|trampoline|piscine|pool|plongeoir|diving board|plongee|diving} %8 {jump|sauter}', '{jump|sauter} %8 {skydive|skydiving|parachute|parachutisme|trampoline|piscine|pool|plongeoir|diving board}', 'suicide {squad|mission|doors?|run|sprints?|burpees?|drills?|king|kings}',
  // Suicide as a subject of study, art or care: "a film about suicide prevention", "Durkheim's Le Suicide"
  '{suicide|suicides|suicidal|selfharm} {prevention|awareness|hotline|helpline|line|rates?|statistics|stats|research|risk|lifeline|training|first aid}',
  '{film|movie|documentary|book|novel|article|podcast|talk|lecture|class|course|training|essay|paper|study|show|episode|series|play|song|conference|workshop|seminar|report|chapter|documentaire|livre|roman|serie|episode|piece|chanson|conference|formation|atelier|cours|expose|debat|emission|reportage|article|these|memoire} ~3 {about|on|sur|du|de le|traitant du|qui parle du|parlant du|autour du} ~2 {suicide|suicides|selfharm|suicidal|scarification|scarifications}',
  'durkheim ~4 suicide', 'suicide ~4 durkheim', 'le suicide {de|d} durkheim', 'camus ~6 suicide', 'suicide ~6 camus',
  '{prevention|journee mondiale} {de le|du|contre le} suicide', 'taux de suicide', 'numero ~3 prevention ~2 suicide',
  // French: "mort de rire", "je meurs de faim", "ennuyeux à mourir", "tuer le temps", "la mort dans l'âme"
  '{mourir|meurs|meurt|meure|mourais|mourait|mort|morte|morts|mortes|crever|creve|crevais|crevait|failli mourir} de {rire|faim|soif|chaud|froid|honte|ennui|peur|envie|impatience|fatigue|jalousie|curiosite|plaisir|lol|trouille}',
  '{ennuyeux|ennuyeuse|chiant|chiante|belle|beau|bete|long|longue|ennuyer|ennuie|ennuye|ennuyee|lent|lente|triste|jolie|joli|drole} a mourir',
  '{tuer|tue|tues|tuent|tuant} le temps', 'la mort dans le ame', '(?<!dose |quantite |dosage )mortel', '(?<!dose |quantite |dosage )mortelle', 'mortels',
  '{tue|tues|tuee|tuees|tuer|tuons|tuez} {a la tache|au travail|au boulot|au taf|a le ouvrage|a le effort}',
  'me tue {a|pour} {le|vous|te|leur|lui|les} {dire|repeter|expliquer}', 'me tue a {dire|repeter|expliquer}',
  '{ca|cela|ce|tu|vous|il|elle|ils|elles|cette|ton|ta|son|sa|mon|ma} me {tue|tues|tuent|tuez}(?! [a-z])',
  '{va|vont|allait|allaient|vas|allez} me tuer', 'crever les yeux', 'pneu creve', 'suis {creve|crevee|creves|crevees}',
  'suis {mort|morte|morts|mortes}(?= [.,]| lol| de)', 'plutot mourir', '{prefere|prefererais|would rather|rather} {mourir|crever|die|be dead} {que|qu|than|plutot}(?! de vivre| vivre| de continuer| continuer| feel| live| go on| keep| be like| continue| wake| spend another| suffer| de souffrir| souffrir| de me reveiller| de ressentir| ressentir)',
  'mourir pour {toi|vous|lui|elle|eux|mes enfants|ma famille|mes idees|mon pays}', 'saut a le elastique', 'a le elastique', 'me jeter a le eau',
  // "se pendre au cou de quelqu'un" is a hug; "pendue au téléphone", a long call
  '{pendu|pendue|pendus|pendues|pendre|pends|pend} {au cou|a son cou|au telephone|a ses levres|a mes basques}',
  'corde a sauter', 'sur la corde raide', 'se jeter a le eau', 'faire le mort', 'mort de rire',
].map(compile);

/** Third person or fiction is not the writer's crisis: "the character kills himself in the novel". */
const FICTION = new Set([
  'character', 'characters', 'novel', 'book', 'film', 'movie', 'series', 'show', 'episode', 'play', 'story',
  'protagonist', 'hero', 'heroine', 'villain', 'game', 'anime', 'manga', 'song', 'lyrics', 'poem', 'chapter',
  'season', 'roman', 'personnage', 'personnages', 'livre', 'serie', 'piece', 'histoire', 'heros', 'heroine',
  'jeu', 'chanson', 'poeme', 'chapitre', 'saison', 'bd', 'tragedy', 'tragedie', 'shakespeare', 'romeo', 'juliet',
  'juliette', 'hamlet', 'ophelia', 'documentary', 'documentaire', 'podcast', 'article', 'news', 'journal', 'actor',
  'acteur', 'actrice', 'actress', 'scene', 'finale', 'plot', 'intrigue', 'author', 'auteur', 'writer', 'ecrivain',
]);

const RULES: Rule[] = [
  // ── Explicit ideation ──
  // "I want to die", "je veux mourir", "g envie de mourir", "I just wanna dieee", "je veux en finir"
  rule('crisis', ['ideation'], ['{WANT} @3 {DIE}', '{THINK} @2 {DYING}'], { ...IDEATION, hyperbole: true }),
  // "gonna end it tonight", "je vais en finir": intending to end it is a plan, where "going to die" is a fear
  rule('crisis', ['ideation'], ['{going to|am going to|about to|will|vais|je vais|compte|ai decide de|decided to} @2 {end it(?= [.,]| tonight| today| now| soon| for good| once and for all| all)|end things(?! with)|en finir(?! avec (?!la vie|tout|moi|ma vie))|do it tonight|le faire ce soir}'], IDEATION),
  // "I'm going to kill myself", "kms", "je vais me suicider", "ending my life": the reflexive says who
  rule('crisis', ['ideation'], ['{KILL_SELF}'], IDEATION),
  // "elle va me tuer" is someone else's hyperbole, not the writer's wish: none when another subject leads
  rule('crisis', ['ideation'], ['{KILL_SELF_FR}'], { ...IDEATION, others: 'none' }),
  // Suicide named as one's own thought: "thinking about suicide", "je pense au suicide", "I feel suicidal"
  rule('crisis', ['ideation'], [
    '{think|thinking|thought|thoughts|considering|contemplating|pense|pensais|pensees|idees|songe} @2 {about|of|au|a le|de} @1 {suicide|le suicide}',
    '{am|feel|feeling|felt|been|get|getting|so|very|really|pretty|kinda|extremely|super|always|still|became|become|was|were|used to be|have been|had been|suis|sens|sentais|etais|devenue?|ai ete} @2 {suicidal|suicidaire|suicidaires}',
    '{suicidal|suicidaires?} {thoughts?|ideation|ideations|feelings?|urges?|again|tonight|lately|thinking}',
    '{idees|pensees|envies|pulsions|tendances|idee} {suicidaires?|de suicide|de mort|noires}',
    'suicide {is|has been|keeps|est} ~2 {on my mind|in my head|dans ma tete}',
  ], IDEATION),
  // Death or suicide judged good or the only way: the writer's own view only ("death sounds peaceful right now"),
  // not a statement about the world ("dying is peaceful for most patients")
  rule('crisis', ['ideation'], [
    'suicide ~3 {only|best|last|seule|meilleure|derniere} ~1 {way|option|solution|answer|choice|exit|issue|way out|sortie}',
    '{suicide|death|dying|being dead|la mort|le suicide|mourir} ~1 {is|seems|looks|sounds|feels|would be|will be|est|semble|parait|me semble|serait|sera} ~3 {good|nice|peaceful|appealing|tempting|like a relief|better|easier|like the answer|comforting|douce|doux|reposant|reposante|tentant|tentante|un soulagement|une delivrance|une liberation|mieux|la solution|attirant|attirante}',
  ], { ...IDEATION, personal: true }),
  // Past attempts: crisis when recent, concern when told as long past ("when I was 16")
  rule('crisis', ['ideation', 'self-harm'], [
    '{tried|attempted|try|tryed|trying|attempt|attempting} {to|de} ~1 {die|end it|mourir}',
    '{attempted|attempt|attempts|tentative|tentatives} {suicide|de suicide}', 'suicide {attempt|attempts}',
    '{ai|ai fait|fait|refait|fais} {une|des|ma|mes} ~1 tentatives? de suicide', '{ai essaye|ai tente|essaye|tente} {de|d} {me tuer|me suicider|mourir|en finir}',
  ], IDEATION),

  // ── Indirect ideation ──
  // "I don't want to live anymore", "je ne veux plus vivre", "j'ai plus envie de vivre": negating life is the signal
  rule('crisis', ['indirect'], ['{WANT} @3 {LIVE}', '{want|wanna|feel like|feel like i want to} @2 {living|being alive|existing}', 'ai @2 envie de @1 {LIVE}'], { needsNegation: true, others: 'concern', past: true }),
  // "I can't go on", "je ne peux plus continuer comme ça", "I can't live like this anymore"
  rule('crisis', ['indirect'], ['{can|could|peux|pourrai|pourrais|arrive} @3 {BEAR_LIFE}', 'arrive @2 a {vivre|continuer}(?= [.,]| comme ca)'], { needsNegation: true, others: 'concern' }),
  rule('crisis', ['indirect'], [
    // "everyone would be better off without me", "ils seraient mieux sans moi": the others are the subject, "me" the one gone
    '{better|happier|easier|simpler|lighter|nicer|calmer} ~2 without me', '{better|happier|easier|simpler|lighter} ~2 without ~4 like me',
    '{mieux|plus heureux|plus heureuse|plus heureuses|plus simple|plus facile} sans ~4 comme moi', 'without me ~3 {better|happier|easier|simpler|lighter}', 'better off if i ~3 {dead|gone|here|around|alive|born|exist|existed|died}',
    '{better|easier|simpler} for {everyone|everybody|them|you|my family|all} if i ~3 {dead|gone|here|around|alive|born|exist|existed|died|disappeared}',
    '{would|will|be|is|are} ~2 {better|easier|simpler|happier|lighter|fine|better off} ~2 if i ~3 {dead|gone|here|around|alive|born|exist|existed|died|disappeared}',
    '{mieux|plus heureux|plus heureuse|plus heureuses|plus simple|plus facile|plus leger|plus legere|bien mieux} sans moi',
    '{serait|seraient|sera|seront|ce serait} ~3 {mieux|plus simple|plus facile|plus heureux|plus heureuse|soulages|soulagee?s?|tranquilles?|en paix|liberee?s?|contente?s?} ~2 si je ~4 {plus la|pas la|morte?|disparaissais|mourais|partais|existais plus|existais pas|la plus|en vie|ne existais}',
    'si je {ne etais|etais} ~1 {plus|pas} {la|en vie} ~3 {mieux|plus simple|plus facile|soulage|soulages|soulagement}',
    // "nobody would miss me", "personne ne me regretterait"; "nobody would notice if I was gone" but not "…if I skipped
    // class": what would go unnoticed is the writer's absence
    '{no one|nobody|noone|nobody would|no one would} ~3 {miss me|notice i am gone|notice i was gone|remember me|come to my funeral|cry at my funeral}',
    '{no one|nobody|noone|anyone|would anyone} ~3 {notice|care|mind|miss me} ~1 {if|when} i ~1 {was gone|were gone|died|disappeared|vanished|was dead|were dead|killed myself|was not here|were not here|did not wake up|never came back|left forever|stopped existing|was not around|were not around|ended it}',
 'if i {died|was gone|were gone|disappeared|killed myself|was dead|were dead} ~4 {no one|nobody|anyone|would care|would notice|would miss}',
    'personne ne ~2 {regretterait|regrettera|remarquerait|remarquera|verrait|apercevrait|rendrait compte|rendra compte|soucierait} ~3 {si je {disparaissais|mourais|mourrais|partais pour toujours|partais pour de bon|etais morte?|me tuais|me suicidais|ne me reveillais pas|ne etais plus la|etais plus la|ne existais plus}|de mon absence|ma absence|ma mort|ma disparition|que je {suis|serais|etais} {partie?|morte?|plus la}}',
    'personne ne {viendrait|viendra} a mon enterrement', 'personne ne me {manquerait|pleurerait}',
    'personne ne me {regretterait|regrettera|pleurerait|pleurera}',
    // "I'd be doing everyone a favour if I died", "I want the world to forget I existed"
    '{favour|favor|favours|favors|service} ~3 {if i|en} {died|disappeared|was gone|killed myself|was dead|mourant|disparaissant|me tuant|me suicidant}', 'rendrais service ~4 {en mourant|en disparaissant|si je mourais|si je disparaissais|en me tuant}',
    '{forget|oublie|oublier|oublient} %2 {i existed|i ever existed|that i existed|that i ever existed|que je ai existe|que je existais|que je ai jamais existe|comme si je ne avais jamais existe|comme si je avais jamais existe}',
    // grief that wants to follow: "since my wife passed I just want to be with her again", "je veux juste le rejoindre"
    '{passed|passed away|died|dead|gone|lost|heaven|parti|partie|mort|morte|decede|decedee|disparu|disparue|au ciel|perdu|perdue} %12 {want|wanna|wish|long|need} ~2 {to be with|to join|be with|join|to see|see} ~1 {her|him|them} ~2 {again|in heaven|up there|wherever|soon}',
    '{passed|passed away|died|dead|gone|lost|heaven|parti|partie|mort|morte|decede|decedee|disparu|disparue|au ciel|perdu|perdue} %12 {veux|voudrais|aimerais|hate de|envie de|besoin de} ~2 {le rejoindre|la rejoindre|les rejoindre|etre avec lui|etre avec elle|etre avec eux}', 'si je {mourais|meurs|mourrais|disparaissais|disparais|me tuais|me tue|me suicidais|me suicide|etais morte?} ~5 {personne|qui|ne remarquerait|ne verrait}',
    '{if|si} {i die|i died|i was dead|je meurs|je mourais|je mourrais|je etais morte?} ~4 {for the best|better|mieux comme ca|tant mieux|pour le mieux|fine by me|so be it|tant pis|good riddance|bon debarras|le mieux}',
  ]),
  rule('crisis', ['indirect'], [
    'better off dead', 'be better dead',
    // "I wish I was dead", "I'd rather be dead", "j'aimerais être morte", "je préférerais ne pas exister"
    '{wish|hope|want to|would rather|rather|prefer to|wishing} @2 {i was|i were|i am|to be|be|being|i could be|i would be} @1 {dead|gone(?! from| for| on| by| before| with| to| in)|not here anymore|not alive|never born}',
    '{wish|wished} i {was|were|had} never {been born|born|existed}', 'wish i did not exist', 'wish i {could|would} {stop existing|not exist|cease to exist|vanish forever|disappear forever}',
    '{aimerais|voudrais|prefererais|souhaiterais|prefere} ~2 {etre morte?|etre morts|ne pas exister|ne plus exister|ne jamais etre nee?|ne pas etre nee?|disparaitre pour toujours|ne plus etre la|ne plus etre en vie}',
    '{aurais|aurait} ~2 {du|pu|prefere|mieux} ~2 ne {jamais|pas} {naitre|etre nee?|exister}', 'jamais du naitre', 'regrette ~1 {de|d} etre {ne|nee} ',
    // "I don't want to wake up", "I hope I don't wake up tomorrow", "je voudrais m'endormir et ne plus me réveiller"
    '{hope|hoping|wish|pray|praying} i {do not|never|will not|would not|wont|dont|did not} wake up(?! late| early| at| in time| on time| before| for| with| to| too)', 'wish i {could|would} {not|never} wake up',
    '{sleep|asleep|bed} and {not|never} wake up', 'never wake up again', 'not wake up {again|anymore|ever|ever again}',
    '{not|never} {want|wanna} to wake up(?! early| at| for| so| before| on| in the| to)',
    '{want to|wish i could|would like to|wish to|veux|voudrais|aimerais|envie de|souhaite} @2 {sleep|dormir|go to sleep|me endormir} {forever|for ever|pour toujours|a jamais|pour le eternite|eternellement}',
    'ne {plus|jamais} @1 me reveiller', 'ne pas me reveiller(?= [.,]| demain| le lendemain| du tout| ce matin)', 'me endormir pour {toujours|de bon|ne plus}',
    'ne plus jamais ouvrir les yeux', 'plus jamais me reveiller',
    // "nothing to live for", "no reason to live", "lost the will to live", "plus aucune raison de vivre"
    '{nothing|no reason|no one|nobody|no point} ~1 to {live|stay alive|keep living|keep going|be alive} for', '{please|pls|plz|just|can} {someone|somebody|anyone} ~1 kill me(?! now)',
    '{veux|voudrais|aimerais|souhaite|envie} que {ma vie|mon existence|tout ca} ~1 {se arrete|se termine|finisse|cesse|prenne fin}',
    '{standing|sitting|am|i am|je suis|suis} {at|on|au|sur} {the edge|the ledge|le bord|le rebord}(?= [.,]| of the roof| of the bridge| du pont| du toit| du vide| right now| now| maintenant| je vais| and)', '{not|never} {see|find|have} {a|any} {reason|point} to {live|keep living|go on|stay alive|be alive|exist}', 'no reason ~3 to {live|be alive|keep living|stay alive|go on}',
    '{no|lost the|lost my|lost all|any} {will|desire|wish|reason} to live', '{not|nothing} worth living', 'life ~2 not worth ~1 {living|it}',
    '{what is the|no|any|see the} point {of|in} ~1 {living|life(?= [.,]| anymore| if| when| itself)|being alive|going on|existing|waking up|staying alive}',
    '{tired|sick|exhausted|weary} of {living|being alive|existing|breathing|life(?= [.,]| itself| in general| anymore)|being here(?= [.,]| anymore| on earth| in this world)}',
    'done with {living|being alive|existing|life(?= [.,]| itself| anymore)}',
    '{give|giving|gave|given} up on {life|living}', 'hate being alive', 'why am i {still alive|alive|still here(?= [.,]| on earth| in this world| alive)}', 'why {do|should|would} i @2 {keep living|go on living|stay alive|live}',
    '{do not|dont|not} deserve to {live|be alive|exist|be here}', 'should not {be alive|exist|be here|have been born|be on this earth}',
    '{not sure|not know} {if|whether} i {want to|can} {live|go on|keep going|keep living|be alive|survive}',
    '{not know|not sure} how {much longer|long} i can {go on|keep going|live|hold on|do this|survive}',
    '{want|wanna|need} {it all|everything|this life|my life|all of it|life} to {end|stop|be over}',
    '{plus|pas|aucune|plus aucune|pas de|plus de|aucun} {de raison|raison|de raisons|raisons} de {vivre|continuer a vivre|rester en vie|exister|continuer(?= [.,])}', 'rien pour quoi vivre', 'plus {le gout|gout} {de vivre|a la vie|de la vie}',
    'la vie ne vaut {pas|plus} ~2 {la peine|le coup}', 'ne vaut pas la peine de etre vecue', 'ma vie ne vaut plus la peine',
    'pourquoi {je suis|suis je|je vis|je vis encore|suis je encore|je suis encore|est ce que je suis} ~1 {en vie|vivante?|la(?= [.,])|encore la(?= [.,])}',
    '{a quoi bon|a quoi ca sert de|a quoi sert de|sert a rien de|ca sert a rien de|aucun interet a} ~1 {vivre|continuer|exister|me lever le matin}',
    '{merite|merites} pas de vivre', 'ne devrais pas {etre en vie|exister|etre la(?= [.,])|etre nee?|vivre}',
    '{fatigu[a-z]*|lasse?|marre|epuis[a-z]*|degout[a-z]*|use|usee|ecoeur[a-z]*|tanne|tannee|ecoeure} {de vivre|de la vie|de exister|de etre en vie|de respirer}', 'en peux plus de {vivre|la vie|exister|etre en vie}',
    '{veux|voudrais|aimerais|envie} que tout {se arrete|se termine|finisse|cesse|soit fini}',
    '{ne vais pas|vais pas|ne tiendrai pas|tiendrai pas} tenir ~1 {jusqu a demain|jusque a demain|cette nuit|la nuit|longtemps|plus longtemps}',
    '{plus|pas} la force de {vivre|continuer|exister}', '{my life|ma vie|mon existence} ~2 {needs to|has to|should|must|doit|devrait|va devoir|needs|has got to} {end|stop|be over|se arreter|finir|se terminer|prendre fin|cesser}',
    '{faudrait|faut|faudra|devrais|voudrais|veux|aimerais|souhaite|prefererais|mieux vaut|vaudrait mieux|vaut mieux|serait mieux} que je {meure|meurs|creve|disparaisse|sois morte?|me tue|me suicide|ne sois plus la|ne existe plus|ne existe pas|parte pour toujours}',
    '{can not|could not} wait to {die|be dead|not exist|not be here}', '{supporte|supporter|tolere} plus ~1 de {etre en vie|vivre|exister|respirer|etre la(?= [.,])}', 'can not {stand|bear|take} {being alive|living|existing|life|my life}(?= [.,]| anymore| nolonger)',
    '{raison|raisons} de {continuer a vivre|rester en vie|continuer(?= [.,])} ~1', 'sais pas si je veux ~1 {vivre|continuer a vivre|etre en vie|exister}',
    '{not|won t|will not} make it through {the night|tonight|this night|the week}',
    '{why|pourquoi} {can not|cant|je peux pas|je ne peux pas|peux pas} ~1 [i] ~1 {die|be dead|not exist|disappear forever|mourir|crever|disparaitre}(?= [.,])',
    'why i {should|would} {stay|keep going|go on|stick around|bother}(?= [.,]| alive| here| in this world)', '{why|pourquoi} {should|would|do} i {stay|stay here|stick around|keep going|go on|rester|continuer}(?= [.,]| alive| here| in this world)', 'why {bother|keep} {living|going on|staying alive|being alive|existing}',
    'pourquoi {continuer a vivre|vivre encore|rester en vie|je continuerais a vivre|je resterais en vie|je continuerais(?= [.,])}',
    '{pray|praying|hope|hoping|want|wish|prie|priais|espere|veux|demande|supplie} ~3 {god|dieu|the lord|le seigneur|death|la mort|the universe|jesus} ~2 {takes me|take me|to take me|me reprenne|me prenne|me rappelle|me emporte|vienne me chercher|comes for me|come for me|calls me home|call me home}',
    '{if|si} ~3 {hit me|killed me|ran me over|run me over|took me|me ecrasait|me renversait|me tuait|me emportait} ~6 {relieved|relief|happy|glad|fine|okay|ok|soulagee?|content|contente|heureuse?|pas grave|tant mieux|wouldn t mind|would not mind|not mind|derangerait pas}',
    '{would not|wouldn t|wouldnt} {mind|care} ~1 {dying|being dead|if i died|not waking up|if i did not wake up}', '{me derangerait pas|me deplairait pas|me ferait rien} de {mourir|ne pas me reveiller|crever}',
    'suicide ~3 {crossing my mind|crosses my mind|on my mind|in my head|in my thoughts|comes to mind|comes back|me trotte|me traverse}', '{done|finished|through} {living|existing|being alive|with being alive}',
    '{not think|doubt|not sure} ~2 {i will|i ll|i can|i am going to|i ll be able to} {make it|survive|last|get through} ~1 {through the night|tonight|the night|the week|until morning|much longer|another day|till morning}',
    '{ne passerai pas|passerai pas|vais pas passer|ne vais pas passer|tiendrai pas|ne tiendrai pas} ~1 {la nuit|cette nuit|la semaine|le week end|demain}',
    '{going to|vais|je vais|heading to|on my way to|en route pour} ~3 {the bridge|le pont|au pont|a la riviere|a la mer|a la falaise|aux rails|au toit|a la gare|sur le pont|the river|la riviere|the sea|la mer|the cliff|la falaise|the tracks|les rails|the roof|le toit|the station|la gare} ~5 {not coming back|never coming back|won t come back|will not come back|reviens pas|reviendrai pas|ne reviendrai pas|reviendrai plus|jamais revenir|ne reviendrai jamais}',
    '{serait|would be|sera|ce serait|ca serait|it would be|it d be|ce sera|it will be} ~2 {plus simple|plus facile|mieux|easier|simpler|better|a relief|un soulagement|plus doux} ~1 {de mourir|to die|if i died|de en finir|to end it|de disparaitre|de ne plus exister|not to exist|de ne plus etre la|to just die|de me tuer|to kill myself}',
    '{death|dying|being dead|la mort|mourir|etre morte?} ~2 {would be|is|serait|est|sera|sounds} ~1 {better|mieux|preferable|preferable a|easier|plus simple} ~2 {than this|than living|que ca|que cette vie|que de vivre|que vivre}',
    '{la mort|death|dying|mourir|le suicide|suicide} %8 {envie de y aller|je la veux|je le veux|i crave it|i long for it|je la souhaite|je la desire|i would welcome it|je y pense tout le temps}',
    'no way i am {still going to|going to|gonna|still gonna} be {here|around|alive}', '{sleep|asleep} and {stay asleep|never wake|not wake}', 'fall asleep forever',
    '{crois pas|pense pas|ne crois pas|ne pense pas} que je {vais|puisse|pourrai|pourrais} {survivre|tenir} ~4 {journee|nuit|jour|semaine|soir}',
    '{sortirait|sortiraient|porterait|porteraient|serait|seraient|irait|iraient} ~3 {bien|mieux|tres bien|parfaitement bien} ~1 si je ~2 {plus la|etais plus la|ne etais plus la|etais partie?|disparaissais|mourais|etais morte?}',
    '{going to|gonna|will|vais|je vais} {end|mettre fin a|en finir avec} {this|the|my|cette|la|ma} {pain|suffering|douleur|souffrance} ~3 {once and for all|for good|permanently|forever|tonight|une bonne fois pour toutes|pour de bon|definitivement|ce soir}',
    '{checking out|check out} {for good|permanently|of life|of this life}', '{want|need} {it all|everything|all of it} over(?= [.,])',
    '{not|won t|will not|not going to|not gonna} be {here|around|alive} {next week|next month|next year|for christmas|for my birthday|by friday|by the end of the week|by sunday}',
    '{not|never|can not|could not} see myself {alive|surviving|being alive|making it} ~3 {in|by|next|past|beyond|to|until|through|much longer}',
    '{not|never|can not|could not} see myself {living|growing old|getting old|here} {past|beyond|to see|until|much longer|that long|another year}',
    'ne me vois pas {en vie|vivante?|survivre|tenir} ~2 {dans|jusque|plus longtemps|longtemps|encore}', 'ne me vois pas {vivre|vieillir} {jusque|plus longtemps|longtemps|encore longtemps|vieille?}',
    '{won t|will not|not} be a {burden|problem|weight} ~1 {much longer|for long|for much longer|anymore soon|soon}', 'ne serai bientot plus un {fardeau|poids|probleme}',
    '{want|wanna|need|veux|voudrais} ~2 {it|this|ca|tout ca} to {end|stop|be over} ~3 {for good|forever|permanently|pour toujours|a jamais|definitivement}',
    '{want|wanna|need|wish} ~2 {to end|end|ending} {my|the|this} {suffering|pain} ~2 {permanently|for good|forever|once and for all}',
    '{mettre fin|en finir avec} ~1 {a mes souffrances|mes souffrances|a ma souffrance|ma souffrance|a cette souffrance} ~2 {pour de bon|definitivement|pour toujours|a jamais}',
    '{veux|voudrais|aimerais} ~2 {plus|ne plus|jamais} {etre la(?= [.,]| pour personne| dans ce monde| sur terre)|etre ici|etre de ce monde|etre sur cette terre}',
    '{letter|letters|note|notes|lettre|lettres|mot|mots|message|messages|video} %6 {for after|pour apres|when i am gone|after i am gone|after i die|quand je serai partie?|quand je ne serai plus|apres ma mort|explaining why(?= [.,]| i did| i had to| i chose| i couldn t| i could not)|to explain why(?= [.,]| i did| i had to| i chose)|pour expliquer pourquoi(?= [.,]| je suis partie?| je le ai fait| je ai fait ca)|pour expliquer mon geste|pour expliquer mon choix}',
    // "I'm scared of what I might do", "j'ai peur de faire une connerie": euphemisms for acting on it
    '{scared|afraid|terrified|frightened} of what i {might|could|will|would|am going to} do', '{do|doing|done} something to myself', '{me faire|me fasse|me fais|me ferai} quelque chose(?= [.,]| ce soir| cette nuit| de grave| de irreparable)',
    '{not strong enough|too weak|too tired|pas assez forte?|trop faible|trop fatiguee?} {to|pour} {keep living|go on|live|carry on|continuer a vivre|vivre|keep going|continuer(?= [.,])}', 'not trust myself {tonight|right now|alone|anymore|not to}',
    'peur de ce que je {pourrais|vais|risque de} faire', '{peur de|vais|envie de|risque de|pourrais} {faire|commettre} {une|des} {connerie|conneries|betise|betises}',
    '{peur de|vais|envie de|pret a|prete a|pense a|risque de|tente de|failli} passer a le acte', '{ce soir|cette nuit|demain|aujourdhui|maintenant} ~2 {je passe|je passerai} a le acte', 'je {passe|passerai} a le acte {ce soir|cette nuit|demain|maintenant}', 'do something {stupid|drastic} {to myself|tonight|today}',
    '{scared|afraid} i {will|might|ll|would|am going to} do something {stupid|drastic}',
  ], { others: 'concern', negatable: false }),
  // "I want to disappear forever", "disparaître à jamais"; also someone praying to be taken
  rule('crisis', ['indirect'], [
    '{want|wanna|wish|veux|voudrais|aimerais|envie de|just want} ~2 {to disappear|disappear|disparaitre|to vanish|vanish} ~1 {forever|for good|permanently|for ever|from this world|from the world|from the earth|from existence|pour toujours|a jamais|definitivement|pour de bon|de ce monde|de la surface}',
    '{want|wish|hope|pray|praying|hoping} ~1 {someone|somebody|something|god|a car|a bus|a truck|death|the universe|they|he|she|it} ~2 {kill me|kills me|take me|takes me|end me|ends me|hit me|hits me|run me over|runs me over}',
    '{hope|hoping|wish} i {get|got} {hit|run over|killed}', 'hope ~2 {plane|avion} {crashes|se ecrase}', 'hope i die',
    '{veux|voudrais|aimerais|souhaite|prie pour|espere} que {quelqu un|quelque un|on|il|elle|dieu|la mort|une voiture|un camion} {me tue|me emporte|vienne me chercher|me ecrase|me renverse}',
    '{espere|esperais} {mourir|ne pas me reveiller|crever|que je meure|que je vais mourir}', 'vivement que je {meure|creve|disparaisse}',
    'si seulement je pouvais {mourir|disparaitre|ne plus exister|ne pas me reveiller}', 'if only i could {die|disappear forever|not wake up|stop existing}',
  ], { others: 'concern', past: true }),

  // ── Plans, means, preparation ──
  rule('crisis', ['plan'], [
    '{planning|planned|plan|plans|preparing|prepared|prepare|organising|organizing|writing|preparer|organise|organiser|planifie|planifier|prevois} ~1 {my|mon|ma} {suicide|death|exit|mort|depart|own death|funeral|enterrement|funerailles}',
    '{imagining|imagine|picture|picturing|thinking about|visualising|visualizing|pense a|reve de} ~1 {my|mon|mes} {own funeral|funeral|enterrement|funerailles|death|mort}(?! of| de)',
    '{close to|near to|near|about to|on the verge of|this close to|so close to|on the edge of|a deux doigts de|a deux doigts d|pres de|sur le point de} ~1 {ending it|ending my life|ending things|killing myself|doing it|giving up on life|suicide|en finir|me tuer|me suicider|passer a le acte|le faire|tout arreter pour de bon}',
    // seeing oneself dead or dying: "I keep picturing myself hanging", "je m'imagine pendue"
    '{picture|picturing|imagine|imagining|see|seeing|visualise|visualize|visualising|visualizing} myself {hanging|dead|jumping|falling|in a coffin|drowning|bleeding out|on the tracks}',
    '{me imagine|me vois|me visualise|me imaginais} {pendue?|morte?|sauter|me jeter|dans un cercueil|me noyer|sur les rails|me vider de mon sang}',
    '{rope|noose|corde|noeud coulant} ~2 {tied|is tied|ready|set up|hung|hanging|attachee?|accrochee?|prete?|nouee?|en place|installee?}',
    '{knife|blade|razor|couteau|lame|rasoir} ~1 {to|against|on|into|sur|contre} {my|mon|ma|mes} {wrists?|throat|veins?|poignets?|gorge|veines?}',
    '{i will be|i ll be|i am going to be|i am gonna be|je serai|je vais etre|je vais me mettre|je vais me coucher} ~1 {on the tracks|on the rails|on the train tracks|sur les voies|sur les rails|sous le train}',
    '{do it|doing it|le faire} ~6 {when|while|quand|pendant que} ~2 {everyone|no one|nobody|tout le monde|personne|they|my parents|mes parents|ils} ~3 {away|out|gone|asleep|home|at work|dort|dorment|parti|partis|absent|absents|au travail|sera la}',
    // a night or a day chosen to end it: "tonight is the night i end it", "c est ce soir que j en finis"
    '{tonight|today|tomorrow|this|ce soir|aujourd hui|demain|cette nuit} {is|s|will be|c est|est} the {night|day} {i|that i} {end it|ll end it|finally end it}(?= [.,]|$)',
    '{c est|ce sera} {ce soir|cette nuit|aujourd hui|demain} que {je|j} {en finis|en finirai|vais en finir}',
  ], { negatable: true, others: 'concern', past: true }),
  rule('crisis', ['plan', 'means'], [
    // a stockpile, or a dose already taken
    '{stockpiled|stockpiling|stockpile|hoarding|hoarded|saving up|saved up|been saving|been collecting|collecting|counted|counting|saving} ~3 {MEANS_PILLS}',
    '{saved|saving|kept|keeping|put aside|set aside|hidden|hid|stocked up|collected|gathered} ~1 enough ~3 {MEANS_PILLS}',
    '{mis de cote|garde|gardes|stocke|stockes|accumule|accumules|amasse|economise|cache|caches|compte|recompte|collectionne} ~3 {MEANS_PILLS}',
    // fixed on a means: looking at it, holding it, thinking about it
    '{keep|kept|been|sit|sitting|am} {looking at|staring at|holding|thinking about|checking} ~3 {MEANS_PILLS|gun|rope|noose|razor|blade|blades|bridge|pistol|rifle}',
    '{pense|pensais|songe|think|thinking} {au pont|a la corde|aux cachets|aux medicaments|au vide|au train|aux rails|au fusil|a la lame|aux lames|a la voie ferree}(?! de| du)',
    '{MEANS_PILLS|gun|rope|noose|razor|blade|blades|corde|fusil|pistolet|arme|lame|lames} %10 {y pense|je regarde|je fixe|je garde pour|for later|just in case|au cas ou|pour plus tard}',
    '{regarde|fixe|contemple|tiens|serre|caresse} ~3 {la corde|le fusil|le pistolet|les medicaments|les medocs|les cachets|la lame|les lames|le rasoir|le vide}',
    // at a height and thinking of jumping
    '{if i|si je} {jumped|jump|jumping|fell|sautais|me jetais|tombais} ~4 {floor|storey|story|roof|bridge|building|balcony|window|cliff|etage|toit|pont|immeuble|balcon|fenetre|falaise|haut}',
    // "I'm going to jump", "je vais sauter": a jump with nothing after it, said as an intent
    '{going to|gonna|about to|want to|ready to|vais|veux|envie de|pret a|prete a|suis prete? a} @1 {jump|sauter|me jeter}(?= [.,]| now| tonight| maintenant| ce soir| tonight)',
    '{bridge|roof|rooftop|ledge|balcony|window|cliff|building|tower|floor|storey|overpass|car park|parking garage|pont|toit|balcon|fenetre|falaise|immeuble|viaduc|rebord|tour|etage|parking} ~8 {sauter|sauterais|sauterai|jump|jumping|jump from|jump off|me jeter|me jetterais|me lancer|sauter dans le vide}(?! de joie| for joy| a le elastique)',
    '{use it|use them|turn it} on myself', '{me en servir|me en servir|le utiliser|la utiliser|les utiliser|le retourner|la retourner} {sur moi|contre moi}', '{MEANS_PILLS} %8 {take them all|swallow them all|take all of them|swallow all of them|tous les prendre|toutes les prendre|tous les avaler|toutes les avaler|les prendre tous|les prendre toutes|les avaler tous|les avaler toutes}',
    'enough {MEANS_PILLS} to', '{MEANS_PILLS|rope|noose|gun|razor|blades?|corde|lames?|fusil|pistolet} ~3 {ready|lined up|laid out|counted out|set aside|all set|prets?|pretes?|alignes|alignees|prepares|preparees|de cote}', '{assez|suffisamment} de {MEANS_PILLS} pour', '{MEANS_PILLS} ~3 {to die|to end it|to kill me|for tonight|pour mourir|pour en finir|pour ce soir}',
    // a handful is a dose, not a treatment: eight or more, or words for many ("I took 2 pills for my head" is care)
    '{took|taken|swallowed|have taken|just took|ate|downed|take|swallow} {all(?! my| the)|all of(?! my| the)|the whole|a whole|a bunch of|too many|loads of|lots of|a lot of|so many|every|handfuls of|a handful of|[89]|[1-9][0-9]+|twenty|thirty|forty|fifty|hundred|the rest of} ~2 {MEANS_PILLS}',
    '{pris|avale|prendre|avaler|pris toute|avale toute} {toute la boite|trop de|plein de|[89]|[1-9][0-9]+|une boite|la boite|les boites|deux boites|une plaquette|toute ma} ~3 {MEANS_PILLS}',
    '{pris|avale} {toute|toutes} {ma|mes|la|les} ~1 {boite|boites|plaquette|plaquettes|reserve}', '{avale|pris} {une|la} {plaquette|boite} {entiere|complete}',
    '{taken|took|swallowed|pris|avale} ~2 {way more|far more|more|too many|way too many|too much|beaucoup trop|bien trop|trop} [of my] ~1 {MEANS_PILLS}',
    // "all my pills" is an overdose, unless it is the day's treatment ("I took all my meds this morning")
    '{took|taken|swallowed|have taken|just took|downed|take|swallow|taking|swallowing|pris|avale|prendre|avaler} {all my|all the|tous mes|toutes mes|tous les|toutes les} ~1 {MEANS_PILLS}(?! this morning| today| as prescribed| on time| like i should| with breakfast| with dinner| every| each| daily| ce matin| aujourdhui| comme prescrit| comme prevu| a le heure| du jour| de la journee| tous les| chaque)',
    '{swallow|take|taking|swallowing|took|swallowed|avaler|prendre|avale|pris} {everything|tout ce} ~7 {medicine cabinet|medicine cupboard|pharmacie|armoire a pharmacie|medicine|medicines|meds|pills|medicaments|medocs|cachets}',
    '{swallow|take|taking|swallowing|took|swallowed|avaler|prendre|avale|pris} {all|tout} ~7 {medicine cabinet|medicine cupboard|pharmacie|armoire a pharmacie}',
    '{want to|going to|gonna|will|might|to|about to|planning to|plan to|i} {overdose|od}(?! on)', '{overdosed|od d|oded}(?! on)',
    '{faire|fait|ai fait} une {overdose|surdose|od}', 'intoxication volontaire',
    // method research: "how many pills would it take", "dose mortelle", "painless way to die"
    'how {many|much} ~2 {MEANS_PILLS} ~3 {would it take|does it take|it takes|it would take|to take|would kill|would be lethal|is lethal|is fatal}',
    'how {many|much} ~3 {to die|to kill me|to kill myself|is lethal|is fatal|to overdose|to od|to not wake up|to never wake up}',
    '{looked up|looking up|googled|googling|searched|searching|researching|researched|reading about|read about|cherche|recherche|regarde|renseigne|renseignee} ~3 {how|ways|methods|comment|combien|moyens|methodes|facons|le moyen} ~4 {to die|to kill|to end it|to overdose|it takes|would take|kill myself|of dying|mourir|me tuer|en finir|se tuer|se suicider|pour ne pas se reveiller|pour ne plus se reveiller|pour mourir|mortelle|lethal|fatal|suicide}',
    '{lethal|fatal|deadly} {dose|amount|overdose}', 'dose {mortelle|letale|fatale}', 'combien de ~4 {pour mourir|pour en finir|faut il pour mourir|pour me tuer|pour y rester|pour ne pas se reveiller|pour ne plus se reveiller|pour ne pas me reveiller|pour y passer|pour que ce soit fatal|pour une overdose}',
    '{painless|easiest|quickest|fastest|best|surest|quietest|quiet|peaceful|simplest|least painful} {way|ways|method|methods} ~1 {to die|to kill myself|to end it|to end my life|of dying|to commit suicide}',
    '{moyen|facon|maniere|methode} ~4 {de mourir|pour mourir|de me tuer|de me suicider|de en finir|pour en finir|de se suicider|de se tuer}',
    'how {to|do i|can i|would i|should i} {kill myself|commit suicide|hang myself|end my life|tie a noose|overdose|die painlessly|slit my wrists}',
    'comment {me|se} {tuer|suicider|pendre|foutre en le air}', 'comment {mourir|en finir} sans',
    // rope, noose
    '{rope|noose|cord|belt|corde|ceinture} ~4 {neck|ceiling|beam|rafter|hook|hold my weight|strong enough|cou|plafond|poutre|crochet|mon poids|assez solide}',
    '{rope|noose|cord} ~8 {tie it|to tie|hang it|to hang|hang myself|around my}',
    'corde ~6 {accrocher|accroche|attacher|pendre|noeud|suspendre}',
    '{tied|tie|tying|made|make|making|bought|have|got|ready|prepared|set up} [a|the|my] noose', 'noose {is|ready|up|hanging}',
    'noeud coulant', '{accroche|accrocher|attache|attacher|fixe|fixer|prepare|preparer} ~2 {corde|noeud}',
    // heights, trains, traffic, guns, blades, cars
    '{jump|jumping|throw myself|leap|leaping|sauter|saute|me jeter|me lancer} {off|from|of|du|de la|de le|d|depuis le|depuis la|par la|d un|de une} ~2 {bridge|building|roof|rooftop|balcony|cliff|window|tower|parking garage|overpass|ledge|pont|toit|immeuble|balcon|falaise|fenetre|viaduc|tour|haut|pont de|quai}',
    '{on|at|over} the {edge|ledge} of ~1 {the|a|this|my} ~1 {roof|bridge|building|cliff|balcony}', '{au bord|sur le rebord|sur le parapet} {du|de le|de la|d un|d une} ~1 {pont|toit|vide|falaise|immeuble|balcon|fenetre}',
    '{jump|step|walk|throw myself|lie down|lay down|run|stand|lying} {in front of|onto|under|on|in the path of} {a|the|an} ~1 {train|tracks|bus|truck|lorry|subway|metro|traffic|oncoming traffic|tram|lorry}',
    '{me jeter|me coucher|me allonger|sauter|me mettre|me lancer} {sous|devant|sur} {un|le|les|une|la} ~1 {train|metro|rer|camion|voiture|bus|rails|voies|tram|tramway}',
    '{gun|pistol|rifle|revolver|barrel|shotgun} ~2 {to|in|against|into} my {head|mouth|temple|chest}', 'bullet {in|through} my {head|brain|skull}',
    '{load|loaded|loading} ~2 {gun|pistol|rifle|revolver|shotgun} ~4 {for me|myself|end|my head|tonight}',
    '{canon|pistolet|fusil|arme|revolver} ~2 {sur|contre|dans} {ma|la} {tempe|tete|bouche}', 'balle dans ~1 {la|ma} tete',
    '{THINK|WANT|going to|gonna|will|vais} ~2 {drive|driving|crash|crashing|steer|steering|swerve|swerving|veer|veering} ~4 {into|off|in front of} ~2 {tree|wall|truck|lorry|pole|river|cliff|bridge|oncoming|traffic|barrier|pillar|lake|sea}',
    '{drive|crash|steer|swerve|drove|crashing} ~3 {into|off} {a|the|an} ~1 {wall|tree|bridge|river|cliff|truck|lorry|pole|oncoming|barrier|pillar} ~3 {on purpose|deliberately|and end|so i die|to die|to end}',
    '{foncer|me crasher|me planter|precipiter} ~2 {dans|contre} {un|le|une|la} ~1 {mur|arbre|camion|pilier|pile de pont|platane} ~3 {expres|volontairement|pour}',
    'walk into the {sea|ocean|river|lake|water} {and|until} ~3 {not|never|drown}',
    '{only way|the only thing|seule facon|seul moyen|seule maniere|seule chose} %8 {stop living|to die|die|dying|death|arreter de vivre|de mourir|mourir|la mort|en finir|end it|ending it|ending my life|kill myself|me tuer|de me tuer|de arreter de vivre|not exist|ne plus exister}',
    '{no way out|only way out|only option|only solution|only answer|only escape|seule issue|seule solution|seule option|seule sortie|qu une solution|que une solution|qu une issue|que une issue} ~3 [,] [except|but|than|c est|ce est|sauf|que] ~1 {dying|death|die|suicide|killing myself|mourir|la mort|le suicide|en finir|me tuer}',
    '{death|dying|suicide|killing myself|ending it|mourir|la mort|le suicide|en finir|me tuer} ~2 {is|seems|feels like|looks like|est|semble|me semble|serait|would be|c est|ce est} ~2 {the only|my only|the best|my best|the last|la seule|ma seule|la meilleure|la derniere|ma derniere|ma meilleure} ~1 {way out|way|option|solution|answer|choice|exit|escape|issue|sortie|porte de sortie}', 'marcher dans ~1 {la mer|le lac|la riviere|la seine|le fleuve} {jusqu|et ne}',
  ], { negatable: true, others: 'concern', past: true }),

  // ── Farewell and preparation ──
  rule('crisis', ['farewell'], [
    '{goodbye|farewell|suicide|final|last} {letter|letters|note|notes|message|messages|video|post}(?! from| before| of the| for today| for now| until| on| about| i got| i sent you about)',
    '{mon dernier message|ma derniere lettre|mon dernier mot|mes derniers mots|my last words}(?! avant| de la journee| pour aujourd hui| du jour| de le annee| from| before| for today)',
    '{lettres?|mots?|messages?} {de|d} adieux?', 'this is ~1 goodbye', 'it is goodbye', 'goodbye {everyone|world|forever|all|cruel world|everybody|for good}',
    'adieu {tout le monde|a tous|le monde|pour toujours|a toutes|mes amis}', 'ce est un adieu', 'dis adieu a ~1 tout le monde', 'said my goodbyes',
    '{won t|will not|not|not going to|not gonna} be {here|around|alive} {much longer|for long|for much longer|anymore|by tomorrow|by morning|by then|by the weekend|to see|next year|after tonight|after this}',
    '{ne serai|serai} ~1 plus {la|en vie|vivante?|parmi vous|de ce monde}', 'quand {tu|vous} {liras|lirez|lira} {ceci|ce message|ces mots|ca|cette lettre}',
    '{when|by the time} {you|someone|they|u|anyone} {read|reads|find|finds|see|sees} this ~3 {gone|dead|not be here|will be|be gone|not be around|over}',
    'after i {am gone|die|have gone|ve gone|kill myself} ~3 {please|look after|take care|give|make sure|tell}', 'when i am gone ~3 {please|look after|take care|give|make sure|tell}',
    '{if|when|si} {i am|je suis|je ne suis} ~1 {gone|dead|not here|not around|plus la|morte?|partie?} ~2 {by morning|tomorrow|by tomorrow|tonight|in the morning|by then|demain|demain matin|ce soir}',
    '{no one|nobody|plus personne|personne} ~2 {will have to|won t have to|will not have to|aura a|aura plus a|n aura plus a|ne aura plus a|aura bientot plus a} {deal with me|put up with me|worry about me|take care of me|me supporter|me subir|se occuper de moi|se inquieter pour moi|me supporter bientot}',
    'take care of my ~2 {for me|when i am gone|after i am gone|after i die|when i die|after i go}',
    '{prends|prenez|prendre} soin de ~3 {pour moi|quand je ne serai plus la|apres moi|apres ma mort|quand je serai partie?}',
    '{giving|given|gave|give|going to give} away ~2 {all|most|everything|everything i own|my stuff|all my|my belongings|my possessions|my things}',
    '{giving|given|gave|give} {all|most} ~1 my {stuff|things|belongings|possessions|clothes|books|games|plants|records} away',
    '{donne|donner|ai donne|distribue|distribuer|ai distribue|vends|vendre|ai vendu} ~1 {toutes mes affaires|tout ce que je possede|mes affaires|tous mes biens|mes biens|toutes mes choses}(?! de [a-z])',
    '{will not|won t|not} need {them|it|my things|my stuff|these|anything} {anymore|nolonger|where i am going|after tonight|after this}', 'en aurai plus besoin', 'en aurai bientot plus besoin',
    '{last|final} {night|day|time} {on earth|alive|on this earth|you will hear from me}', '{you|u} will not hear from me ~1 {again|anymore}', 'won t hear from me {again|anymore}',
    '{derniere|dernier} {nuit|jour|soir|message} {sur terre|en vie|vivante?|de ma vie}', 'entendrez plus parler de moi', 'entendras plus parler de moi',
    '{writing|wrote|written|made|updated|rediger|redige|ecrit|fait|ecris|ecrire} ~2 {will|testament} ~6 {will not be here|won t be here|not be around|ne serai plus|serai plus la|pas longtemps|bientot}',
  ], { others: 'concern', everyday: true }),

  // ── Self-harm ──
  rule('crisis', ['self-harm'], [
    '{cut|cutting|cuts|carve|carved|carving|carving into|slash|slashed|slashing} myself', 'selfharm(?! awareness| prevention)', '{selfharm|sh} again',
    '{relapsed|relapse|relapsing} ~2 {selfharm|sh|cutting|cut}', '{did|doing|do} sh(?= [.,]| again| last| today| yesterday| tonight)',
    '{urge|urges|want|wanna|need|tempted} to {sh|selfharm|cut(?= [.,]| myself| again| my (?:arms?|wrists?|legs?|thighs?|skin))}',
    '{started|start|been|keep|kept|back to|went back to|go back to} cutting(?! my hair| hair| the| back| down| ties| off| class| classes| carbs| sugar| corners| out| in)',
    'cutting again', 'cut again(?= [.,])', '{cut|cutting|slit|slitting|slash|slashing|slashed|carved|carving} ~1 my {wrists?|arms?|thighs?|veins?|skin|legs?|stomach}(?! on| by| open on| off)',
    '{burned|burnt|burn|burning} myself {on purpose|deliberately|intentionally|again|with a lighter|with a cigarette|with lighter|with cigarettes|with matches}',
    '{hurt|hurting|harm|harmed|harming|punish|punishing|hit|hitting|punched|punching|scratched|scratching|bit|biting|starving|starve} myself {on purpose|deliberately|intentionally|again|until|till|to feel|so i|because i deserve}',
    '{want|wanna|wanted|going|need|urge|urges|tempted|feel like|felt like} ~2 {hurt|hurting|harm|harming|cut|cutting|burn|burning|punish|punishing} myself',
    '{been|keep|kept|started|start} {hurting|harming|cutting|burning|punishing} myself', '{razor|razors|blade|blades} ~3 {wrists?|arms?|thighs?|skin|veins?|legs?}',
    'bleed ~1 on purpose', '{cut|cutting|coupe|coupee} {deep|deeper|too deep|profondement|trop profond|trop profondement}(?! into the| dans le| la viande)',
    '{burned|burnt|cut|scratched|hit|punched|bit|carved} my {arm|arms|wrist|wrists|leg|legs|thigh|thighs|skin|hand|hands|stomach} {on purpose|deliberately|intentionally} ~1 [again]',
    '{won t stop|will not stop|does not stop|ne arrete pas de|arrete pas de} {bleeding|saigner}', 'ca saigne {beaucoup|enormement|partout|trop}', '{wrists?|veins?|poignets|veines} ~2 {bleeding|are bleeding|won t stop bleeding|saignent|saigne|en sang}', '{arms?|wrists?|legs?|thighs?|body|skin|stomach|bras|poignets|cuisses|jambes|ventre|corps|peau} ~4 {covered in|full of|plein de|pleins de|pleines de|couverts? de|couvertes? de} ~1 {cuts|fresh cuts|coupures|entailles|brulures|burns}', '{been|keep|kept|started|start|i} {burning|cutting|scratching|hitting|carving|burn|carve} ~1 my {arms?|wrists?|thighs?|legs?|skin|stomach|hands?|body}(?! on the| on a| cooking| while| by accident| with the| with hot)',
    '{burn|burned|burnt|burning} ~1 my {arms?|wrists?|thighs?|legs?|skin|hands?} with ~1 {lighters?|cigarettes?|matches|match|a lighter|a cigarette}', '{scratch|scratched|scratching|pick|picked|picking|bite|bit|biting|hit|hitting|punch|punched|punching|cut|cutting|burn|burning|bang|banged|banging} ~4 {until|till|til|untill} ~2 {bleed|bleeds|bled|bleeding|bruise|bruised|bruises|it hurts|they bleed|it bleeds|blood|raw}',
    '{gratte|griffe|frappe|mords|coupe|tape|grattee|griffee} ~4 {jusque a le sang|jusque au sang|jusque a saigner|jusque a avoir des bleus}',
    'me {scarifie|scarifier|scarifies|scarifiee|scarifiais|scarifiait}', 'me suis ~1 {scarifie|scarifiee}', '{scarification|scarifications|scarifier|scarifie|scarifiee}',
    'me {mutile|mutiler|mutilais}', 'me suis ~1 {recoupe|recoupee|rescarifie|rescarifiee|remutile|remutilee}', 'me {recouper|recoupe|rescarifier|rescarifie}', '{recut|re cut|cut myself again}', 'automutil[a-z]*', 'me fais du mal(?! a penser| a ressasser| a regarder| a lire| en )', 'me faire du mal(?! a penser| en )',
    'me suis fait du mal(?= [.,]| expres| volontairement| encore| de nouveau| a nouveau| hier| ce soir| cette nuit)',
    'me {couper|coupe|coupais}(?= [.,]| les bras| les poignets| les cuisses| les jambes| les veines| le bras| la cuisse| expres| encore| volontairement| de nouveau| a nouveau| tous les| chaque| avec)',
    'me suis ~1 {coupe|coupee|brule|brulee|taillade|tailladee} {les bras|les poignets|les cuisses|les jambes|les veines|le bras|la cuisse|le poignet|expres|volontairement|encore|de nouveau|a nouveau|avec une lame|avec un rasoir|avec une cigarette|avec un briquet}',
    'me suis ~1 {ouvert|ouverte|tranche|tranchee|taillade|tailladee|coupe|coupee} les veines', 'me {bruler|brule|brulais}(?= [.,]| expres| volontairement| avec (?:une|des|mes|la|le|un|les) (?:cigarettes?|briquets?|allumettes?))', 'me taillader', '{lame|lames} ~3 {poignets?|bras|cuisses?|veines?|peau}',
    '{recommence|rechute|replonge} ~2 {les scarifications|la scarification|me couper|me scarifier|me faire du mal|automutilation}',
  ], { negatable: true, others: 'concern', past: true }),
  // Hurting oneself with no intent word: often an accident, sometimes not; the listener asks
  rule('concern', ['self-harm'], ['{hurt|harmed|hit|punched} myself(?! laughing)', 'me suis fait du mal', 'me suis {coupe|coupee}(?= [.,])', 'me frappe ~2 {la tete|contre}'], { negatable: true, others: 'none' }),

  // ── Someone else's crisis: concern, so the reply can help the writer help them ──
  rule('concern', [], [
    '{kill|kills|killed|killing|hang|hanged|hung|hangs|hanging|shot|shoot|shoots|drown|drowned|cut|cuts|cutting|hurt|hurts|hurting|harm|harming|harms|die|died|dies|end|ended|off|offed|overdosed} {OTHERS_SELF}',
    '{took|take|takes|taking|ended|end|ends|ending} {his|her|their} ~1 {own life|life}', '{died|dies|death} {by|of|from} suicide', '{suicided|suicide|suicides}',
    'se {suicide|suicider|suicidee|tuer|tue|pendre|pend|scarifie|scarifier|mutile|mutiler|noyer|flinguer|defenestrer|jeter sous|ouvrir les veines}', 'se est ~1 {suicide|suicidee|tue|tuee|pendu|pendue|jete|jetee|donne la mort|noye|noyee|defenestre|defenestree}',
    '{a mis|mettre|mis|met} fin a ses jours', 'se donner la mort', 'se {fait|faire} du mal(?! a penser)', '{ses|tes} idees {suicidaires|noires}',
  ], { fiction: true }),

  // ── Hopelessness and distress: concern ──
  rule('concern', ['hopelessness'], [
    '{can|could|peux|arrive} @3 {BEAR}',
  ], { needsNegation: true, others: 'none' }),
  rule('concern', ['hopelessness'], [
    'en peux @1 plus', 'peux plus(?= [.,])',
    'nothing {matters|really matters|makes sense|has meaning}(?! more| as much| but| except| to me but)', '{wonder|wondering|ask myself} ~2 {what the point|what is the point|why i bother|why i am here|why i am alive}',
    'point of {anything|it all|any of this|trying|everything}', '{nobody|no one} {would notice|notices|sees|would see|would care about|gives a} ~1 me', 'no one to talk to', 'nobody to talk to', 'not know who to talk to',
    '{nothing|rien|plus rien} ~2 {brings me joy|makes me happy|me fait plaisir|me rend heureuse?|gives me joy|interests me|me interesse|me donne envie}', 'i am [so|really|very|clinically|severely|deeply] depressed(?! about| that| because of the)',
    '{suis|je suis} {en depression|depressive?|en pleine depression}', '{so|very|really|extremely|incredibly|painfully|unbearably} lonely', 'me sens {tellement|si|trop|completement} seule?',
    '{not know|sais pas|ne sais pas} {why|pourquoi} {i keep going|i bother|i continue|i go on|je continue|je me bats|je me leve|je tiens}', 'wish i could @2 {disappear|vanish}(?! into| in a| under)',
    '{arrive|peux} plus a faire face', '{tout|everything|life|la vie|ma vie|my life} {est|is|semble|seems|feels|me semble} ~1 {inutile|pointless|meaningless|useless|vain|vaine|absurde|sans but}',
    '{fatigu[a-z]*|epuis[a-z]*|las|lasse|usee?} de tout(?= [.,]| ca)', 'me sens ~2 {engourdie?|anesthesiee?|eteinte?|morte? interieurement}', 'vide de sens', 'sans aucun sens', 'i want out(?= [.,])', 'want out of {life|this life|existence|everything}',
    '{crying|cry|cried} {every day|every night|all the time|all day|constantly|for no reason}', 'pleure {tous les jours|tous les soirs|tout le temps|sans arret|sans raison|sans savoir pourquoi}',
    '{not|never} feel anything ~1 {anymore|nolonger|at all}', 'feel nothing anymore', '{can barely|can not|can hardly} get out of bed', '{arrive a peine|arrive plus|peux plus} a me lever',
    '{life|everything|la vie|tout|my life|ma vie} {feels|is|est|semble|feels so|is so} ~1 {heavy|too heavy|unbearable|lourde|trop lourde|insupportable|tellement lourde}', '{arrive|peux} plus a respirer',
    'i am struggling {a lot|so much|so hard|badly|to cope|to keep going|mentally|every day|really bad|so bad}', 'personne a qui parler', '{sais pas|sais plus} a qui parler', 'what is @1 the point(?= [.,]| anymore| of anything| of it all| of it| of trying| in trying| of any of this)',
    '{no|any} point(?= [.,]| anymore| in anything| in trying| to anything| in any of this)', 'see the point ~2 {anymore|nolonger|of anything|in anything}', 'see the point(?= [.,])',
    '{life|everything|it all|my life} {is|feels|seems} ~1 {pointless|meaningless|hopeless|empty|over}', 'no way out', 'hopeless(?! at| with| in)', 'no hope', 'lost all hope', 'no future',
    'give up(?= [.,]| on everything| on myself| on me)', 'giving up(?= [.,]| on everything| on myself)', 'want to give up', 'gave up on everything',
    '{i feel|i am|i felt|i have been feeling|feeling|i just feel|i always feel|i have become|i became|i feel like|i am just|i am such} ~3 {empty|numb|hollow|worthless|useless|trapped|burden|failure|nothing|loser|waste of space|disappointment|broken|pathetic}(?! at (?!everything|life|being)| with| compared| when it comes| to cook| to do)',
    'dead inside', 'i feel dead', '{hate|despise|loathe} {myself|my life|who i am|being me|my existence}',
    'i am ~2 {a burden|a failure|a waste|worthless|useless|a disappointment|a mistake|pathetic|nothing}(?! at| in| with| when| compared| like)',
    '{burden|weight} {to|on|for} {everyone|everybody|my family|them|you|others|people}', '{nobody|no one|noone} {cares|loves me|would care|understands|wants me|likes me}', 'nobody cares',
    '{so|all|completely|totally|utterly} alone(?= [.,]| in this| in the world)', '{i am|i keep|life is|everything is|my life is} ~1 {falling apart|breaking down}',
    'end of my {rope|tether}', 'breaking point', 'rock bottom', 'i am ~1 not {ok|okay|alright|all right|fine}(?= [.,]| at all| really)', '{tired|exhausted|weary|worn out} of {everything|it all|fighting|trying|pretending|being me|being like this|struggling|this life|waking up}',
    '{done|sick} with everything', 'sick of everything', '{trapped|stuck} ~2 {no way|forever|with no}', 'want to disappear(?! into| in a| under| for the weekend)', 'wish i could {disappear|vanish}(?! into| in a| under)', 'want to vanish',
    'dark thoughts', '{going to|gonna|will} die(?= [.,])', 'feel like i am dying', 'think about death', 'thinking about death', 'obsessed with death',
    'not {afraid|scared} {of|to} {die|dying|death} anymore', '{not know|not sure} how much {more|longer} ~3 i can {take|handle|cope|bear|stand|do}',
    '{want|wish|need} ~2 {the pain|it|this|the hurt|the suffering|the thoughts|my brain|my mind} to {stop|end|go away|be over|shut up}',
    '{hate|hating} {who i have become|what i have become|the person i am|the person i have become|being me|me(?= [.,])}', 'wanted to die', 'i am drowning(?! in)', 'scared of myself',
    // French
    '{drowning|me noie|je me noie|noyee?} {in|dans} ~1 {sadness|grief|despair|sorrow|tristesse|chagrin|desespoir|larmes}', '{nobody|no one|personne} {notices|notice|ne remarque|ne le remarque|ne voit|ne le voit}',
    '{feel|feeling|i am} {so|really|very|pretty} low', 'au plus bas', 'plus bas que terre', '{not|do not|dont} care about anything ~1 [anymore]', '{done|tired of} fighting', 'arrete de me battre',
    '{want|need} {it|this} over(?= [.,])',
    '{nothing|rien} ~2 {to look forward to|left for me|left to wait for|a attendre|attendre de la vie}', 'plus rien a attendre',
    'suis @1 {a bout|au bout du rouleau|a bout de forces|epuisee? de tout|au fond du trou|foutue?|detruite?|brisee?}', 'suis vide(?= [.,]| a le interieur| de tout)', 'a bout de forces',
    'au bout du rouleau', 'je craque', 'vais craquer', 'je sature', 'a quoi bon(?= [.,]| tout ca| tout| la vie| essayer| me battre| faire des efforts| se battre| continuer)', '{ca|cela|tout ca|tout} ~1 sert a rien(?= [.,])', 'ne sert a rien(?= [.,])', 'sers a rien',
    '{rien|plus rien} ne a {de sens|plus de sens|aucun sens}', 'rien ne a plus de sens', 'ne a {aucun|pas de|plus de} sens', 'me sens ~2 {vide|morte?|inutile|nulle?|piegee?|seule? au monde|de trop|comme un fardeau|comme un poids}',
    'ressens plus rien', 'ne ressens rien', 'morte? a le interieur', 'me {deteste|hais|degoute|meprise}', 'suis {un fardeau|un poids|une charge|un boulet|de trop|une merde|un echec|une ratee?|nulle?(?= [.,])|inutile}',
    'ne vaux rien', 'vaux rien', '{etre|suis|me sens comme|sentiment de etre} {un fardeau|un poids|une charge|un boulet}', 'rien ne va(?= [.,]| plus)',
    '{veux|voudrais|aimerais} ~2 que {la douleur|ca|tout ca|la souffrance|les pensees|mon cerveau} ~1 {se arrete|cesse|finisse|passe|se taise|se taisent}', '{sais pas|ne sais pas} combien de temps {je vais|je peux} {tenir|supporter}', 'personne ne ~1 {me aime|se soucie de moi|me comprend|veut de moi|se interesse a moi}', 'tout le monde se en {fiche|fout|moque} de moi',
    'seule? au monde', '{vois|voit} {pas|plus} ~1 {de issue|le bout du tunnel|le interet|le sens|de sortie|de lumiere|de avenir}', '{aucune|pas de|sans} issue', 'sans espoir', 'plus de espoir',
    'aucun espoir', 'desesperee?', 'je abandonne', 'baisse les bras', 'plus gout a rien', 'plus envie de rien', 'envie de rien(?! faire)', '{epuisee?|fatiguee?|marre|lasse?} de me battre',
    'suis {tellement|si|trop|completement|toute} seule?(?= [.,]| au monde| dans la vie)', 'touche le fond', 'je coule', 'je sombre',
    '{veux|voudrais|aimerais|envie de} ~1 disparaitre(?! sous| dans| au fond de mon lit| en vacances| pour les vacances)', 'deteste ma vie', 'ma vie est ~1 {nulle|pourrie|un enfer|un cauchemar|foutue|ratee|finie}', 'marre de tout',
    '{ne tiens|tiens} plus', 'tiens plus le coup', 'plus la force', '{vais|vas} mourir(?= [.,])', 'je meurs(?= [.,]| a petit feu| de le interieur| interieurement)',
    'impression de mourir', 'me sens mourir', 'envie de tout {lacher|plaquer|arreter|abandonner}(?! et partir| pour partir| pour aller| et aller| pour voyager| et voyager| et recommencer)', 'tout {lacher|arreter|abandonner}(?= [.,])', 'pense ~2 a la mort',
    'me fais plus confiance',
  ], { negatable: true, others: 'none' }),

  // ── Words of a farewell that mean nothing alone ("goodbye", "I love you all") but a farewell when two meet ──
  rule('weak', ['farewell'], [
    '{sorry|so sorry|forgive me} for everything', '{desolee?|pardon} pour tout', '{pardonnez|pardonne} moi(?= [.,]| pour tout| tous)', 'please forgive me(?= [.,])',
    '{i love you all|love you all|love you guys|i love you so much all of you}', 'je vous aime [tous|toutes|fort|tellement|tous tres fort](?= [.,])', '{tell|dites} ~3 {i love them|i loved them|que je les aime|que je les aimais}',
    '^ ~1 {goodbye|bye|adieu|farewell|au revoir}(?= [.,])', '{goodbye|adieu|bye} ~1 {$|all|tous|a tous}', 'thank you for everything', 'merci pour tout', 'take care of yourselves', 'prenez soin de vous',
    'checking out(?= [.,]| tonight)', '{me tire|je me tire|je me casse} {ce soir|cette nuit|pour de bon|pour toujours}', '{going to|gonna|will|vais} {let go|lacher prise}(?= [.,]| tonight| pour de bon| for good| ce soir)',
    'lache prise pour de bon',
  ], { everyday: true }),

  // ── Possible means and plans that mean nothing alone ("I bought a rope" for a tent) but everything after distress ──
  rule('weak', ['means'], [
    '{have|got|bought|buy|found|get|picked up|collected|holding|hold|grabbed|took out|ordered|hid|hidden|keep|kept} ~3 {MEANS_PILLS|rope|razor|razors|blade|blades|gun|pistol|rifle|knife|charcoal|noose|cord|belt|ladder}',
    '{ai|avoir|j ai|je ai} ~1 {achete|trouve|recupere|garde|prepare|sorti|cache|vole|commande|rassemble|sous la main} ~3 {corde|MEANS_PILLS|lames?|rasoir|pistolet|fusil|arme|couteau|charbon|ceinture|escabeau}',
    // having a rope or a gun at hand (not pills: nearly every home has some)
    '{ai|have|got|there is|il y a|y a} ~1 {une|la|des|les|mes|un|le|a|the|some|my|ma|mon} ~1 {corde|cordes|rope|noose|gun|fusil|pistolet|arme|lames de rasoir|razor blades|revolver|knife|couteau|blade|lame}',
    '{MEANS_PILLS|rope|gun|razor|blades?|knife|corde|lames?|pistolet|fusil|arme|couteau} ~3 {right here|in front of me|next to me|in my hand|in my pocket|on my desk|on the table|ready|beside me|a cote de moi|devant moi|dans ma main|dans ma poche|sur la table|prets?|pretes?|sous la main}',
    '{am|i am|je suis|suis} {on|at|standing on|sitting on|sur|au|a} ~1 {the|a|le|un|la} ~1 {bridge|roof|rooftop|ledge|tracks|platform|cliff|edge|pont|toit|rebord|rails|quai|falaise|viaduc|bord}',
    '{dad s|dad|father s|my|his|the|papa|mon pere|de mon pere} ~1 {gun|guns|rifle|pistol|shotgun|fusil|pistolet|arme}', 'noose',
  ], { others: 'none', everyday: true }),
  rule('weak', ['plan'], [
    '{i have|i ve got|i got} a plan(?= [.,]| now| already| for tonight| this time)', 'ai un plan(?= [.,]| maintenant| deja| pour ce soir)', 'know how i {will|would|am going to} do it', 'sais comment je {vais|le ferai|ferai}', 'i have {decided|made my decision|made up my mind}',
    'ai pris ma decision', '{want to|going to|gonna|will|about to|tempted to|envie de|vais|urge to} {use it|use them|do it|take them all|swallow them|les prendre toutes?|les avaler|me en servir|le utiliser|la utiliser|les utiliser}', 'ai decide(?= [.,])', '{picked|chosen|set|chose|pick} {a|the} {date|day|time|night}', '{choisi|fixe} {la date|le jour|le moment|la nuit}',
    '{for when|pour quand|pour le jour ou|pour le moment ou} ~1 {i am ready|i will be ready|je serai pret|je serai prete|le moment viendra|the time comes|it gets too much|ce sera trop|je craquerai}',
    'ai tout {prevu|organise|prepare|planifie}', 'if anything {happens|were to happen|should happen} to me', 'se il me arrive quelque chose', '{will not|won t|not} be around(?= [.,])',
    'how easy it would be', '{a quel point|combien} ce serait facile', 'ce serait si facile', '{so|very|really|i am|i m} tempted(?= [.,])', '{ai|j ai} {trop|tellement|vraiment} envie(?= [.,])', 'suis tellement tentee?', 'suis tentee?(?= [.,])',
    '{written|wrote|ecrit|fini} {my|mes} {letters|notes|lettres|mots}(?! of| de)', '{ready to go|pret a partir|prete a partir}(?= [.,]| now| maintenant)', '{planned|figured out|worked out|decided|chosen|prevu|decide|choisi} {how|comment} ~3 {do it|le faire|ferai}', 'have {planned|prepared|organised|organized} everything', 'everything is {ready|planned|prepared|in place}', 'tout est {pret|prevu|organise|en place}',
    'tonight is the night', '{ce sera|ce est pour|ca sera} ce soir', 'it will be tonight', '^ ~1 i am ready $', '^ ~1 je suis prete? $', 'said goodbye to everyone',
    'dit au revoir a tout le monde', '{writing|wrote|written|made|updated} {my|a} will', '{redige|rediger|ecrit|fait} mon testament', 'affairs in order', 'ordre dans mes affaires',
  ], { everyday: true }),
];

// ─── Negation, person and tense around a match ──────────────────────────────────────────────────────────────

const NEGATORS = new Set(['not', 'never', 'nolonger', 'ne', 'pas', 'jamais', 'plus', 'point', 'guere', 'nor', 'ni']);
/** Words that complete a French "ne": a phrase holding them carries its own negation ("je ne sers à rien"). */
const NEGATION_PARTNERS = new Set(['rien', 'personne', 'aucun', 'aucune', 'nothing', 'nobody', 'none', 'que']);
const CLAUSE_BREAKS = new Set(['.', ',', 'but', 'mais', 'though', 'although', 'cependant', 'pourtant', 'because', 'parce', 'car', 'so', 'donc', 'and', 'et']);
const FIRST_SUBJECTS = new Set(['i', 'je', 'moi']);
const FIRST_OBJECTS = new Set(['me', 'myself']);
const OTHER_SUBJECTS = new Set([
  'he', 'she', 'they', 'we', 'you', 'il', 'elle', 'ils', 'elles', 'nous', 'vous', 'tu', 'someone', 'somebody',
  'people', 'everyone', 'friend', 'friends', 'brother', 'sister', 'mom', 'mum', 'mother', 'dad', 'father', 'son',
  'daughter', 'cousin', 'boyfriend', 'girlfriend', 'husband', 'wife', 'partner', 'colleague', 'coworker', 'roommate',
  'classmate', 'patient', 'client', 'student', 'character', 'protagonist', 'hero', 'heroine', 'ami', 'amie', 'pote',
  'copain', 'copine', 'frere', 'soeur', 'mere', 'pere', 'fils', 'fille', 'mari', 'femme', 'collegue', 'personnage',
  'heros', 'quelqu', 'gens', 'aunt', 'uncle', 'tante', 'oncle', 'neighbour', 'neighbor', 'voisin', 'voisine', 'kid', 'child',
  'enfant', 'bestie', 'bff', 'grandma', 'grandpa', 'granny', 'mamie', 'papi', 'grandmother', 'grandfather', 'teen', 'ado',
]);
const OBJECT_MARKERS = new Set([
  'to', 'with', 'for', 'at', 'about', 'told', 'tell', 'asked', 'ask', 'take', 'call', 'called', 'text', 'texted', 'see', 'saw', 'love', 'miss', 'hug',
  'avec', 'pour', 'dit', 'demande', 'appele', 'vu', 'aime', 'chez', 'de', 'sans',
]);
const POSSESSIVES = new Set(['my', 'his', 'her', 'their', 'the', 'our', 'mon', 'ma', 'mes', 'son', 'sa', 'ses', 'le', 'la', 'les', 'notre', 'leur']);
const PERSONAL = new Set(['i', 'me', 'my', 'myself', 'mine', 'je', 'me', 'moi', 'mon', 'ma', 'mes', 'now', 'tonight', 'lately', 'maintenant', 'ce soir', 'soir', 'moment']);
const IMPERSONAL = new Set(['faut', 'faudrait', 'faudra', 'fallait', 'vaut', 'vaudrait', 'serait', 'est', 'etait', 'semble', 'y', 'reste', 'suffit', 'suffirait']);
/** Verb forms that give a third-person subject away when the subject itself is out of sight ("veut mourir"). */
const THIRD_FORMS = new Set(['wants', 'veut', 'veulent', 'voudrait', 'voudraient', 'aimerait', 'aimeraient', 'souhaiterait', 'doit', 'devrait', 'deserves', 'needs', 'plans', 'hopes', 'merite']);
const REPORTING = new Set(['told', 'tell', 'tells', 'telling', 'said', 'says', 'asked', 'ask', 'asking', 'dared', 'wants', 'wanted', 'want', 'urged', 'encouraged']);
const REPORTING_FR = new Set(['dit', 'dis', 'disent', 'disait', 'demande', 'demandent', 'conseille', 'ordonne']);
/** "I don't think I would ever…", "je ne pense pas que je…": a denial reaching across the subject. */
const BELIEF_NEGATION = / (?:not|never) (?:think|believe|imagine|reckon|see myself)(?: that)?(?: i)?(?: would| will| could)? (?:ever )?$| (?:pense|crois|imagine|vois) pas (?:que )?(?:je )?$|^ (?:never|jamais) $/;

/**
 * A negator in the rule's soft gaps ("veux pas mourir"), or just before it in the same clause ("I would never…",
 * "je ne…"), stopping at the subject. Negators written into a phrase ("ne plus me réveiller") are not gaps.
 */
function hasNegation(tokens: string[], start: number, gaps: readonly (readonly [number, number])[]): boolean {
  for (const [from, to] of gaps) {
    for (let i = from; i < to; i++) if (NEGATORS.has(tokens[i]!) && !(tokens[i] === 'plus' && tokens[i + 1] === 'que')) return true;
  }
  for (let i = start - 1, seen = 0; i >= 0 && seen < 4; i--, seen++) {
    const token = tokens[i]!;
    if (CLAUSE_BREAKS.has(token)) break;
    if (NEGATORS.has(token) && !(token === 'plus' && (tokens[i + 1] === 'que' || tokens[i + 1] === 'de'))) return true;
    if (FIRST_SUBJECTS.has(token)) break;
  }
  const before = ` ${tokens.slice(Math.max(0, start - 8), start).join(' ')} `;
  return BELIEF_NEGATION.test(before);
}

type Person = 'first' | 'other';
function personOf(tokens: string[], start: number): Person {
  // "he told me to kill myself", "on m'a dit de me tuer": reported words are someone else's
  if (tokens[start - 1] === 'to' && tokens[start - 2] === 'me' && REPORTING.has(tokens[start - 3] ?? '')) return 'other';
  if (tokens[start - 1] === 'de' && REPORTING_FR.has(tokens[start - 2] ?? '')) return 'other';
  for (let i = start - 1; i >= 0 && i >= start - 6; i--) {
    const token = tokens[i]!;
    if (token === '.') break;
    if (FIRST_SUBJECTS.has(token) || FIRST_OBJECTS.has(token)) return 'first';
    // "il faudrait que je meure": an impersonal "il" is nobody
    if (token === 'il' && IMPERSONAL.has(tokens[i + 1] ?? '')) continue;
    // "I told my sister…", "j'ai dit à ma sœur…": a relative after a verb or a preposition is not the subject
    const before = tokens[i - 1] ?? '';
    const governed = OBJECT_MARKERS.has(before) || (POSSESSIVES.has(before) && (OBJECT_MARKERS.has(tokens[i - 2] ?? '') || tokens[i - 2] === 'a'));
    if (OTHER_SUBJECTS.has(token) && !governed) return 'other';
  }
  const verb = tokens[start]!;
  return THIRD_FORMS.has(verb) || ((verb === 'a' || verb === 'ont') && tokens[start + 1] === 'envie') ? 'other' : 'first';
}

function sentenceAround(tokens: string[], start: number, end: number): string[] {
  let from = start;
  while (from > 0 && tokens[from - 1] !== '.') from--;
  let to = end;
  while (to < tokens.length && tokens[to] !== '.') to++;
  return tokens.slice(from, to);
}

const PAST_MARKERS =
  / (?:used to|when i was|as a (?:teen|teenager|kid|child|student)|in (?:high school|college|middle school|school|uni|university|my teens|my twenties)|years ago|year ago|months ago|back then|at (?:the )?age|at (?:1[0-9]|[2-9][0-9])(?! (?:am|pm|h|o clock|tonight))|in the past|long time ago|clean (?:for|since)|i was [0-9]+|(?:quand|lorsque) je (?:etais|avais)|au (?:lycee|college)|a le (?:lycee|college|universite|fac|epoque)|a la fac|adolescente?|ado|il y a (?:[0-9]+|des|quelques|plusieurs|deux|trois|cinq|dix) (?:ans|annees|mois)|autrefois|plus jeune|etant (?:jeune|ado|adolescente?)|plus depuis|ai arrete|arrete depuis|j avais [0-9]+ ans|avais [0-9]+ ans|en [0-9]{4}|in [0-9]{4}|last year|l an dernier|l annee derniere|le annee derniere|le an dernier) /;
const RECENT_MARKERS =
  / (?:again|last night|yesterday|today|tonight|this (?:morning|week|evening|afternoon)|just now|right now|recently|relapsed|relapse|started again|hours ago|minutes ago|hier|ce soir|cette nuit|aujourdhui|ce matin|cette semaine|recommence|recommencee?|rechute|encore|de nouveau|a nouveau|en ce moment|depuis hier|this time) /;
const PAST_VERB = /^(?:wanted|tried|attempted|was|were|used|scarifiais|scarifiait|coupais|mutilais|faisais|voulais|voulait|pensais|essaye|tente|etais|avais)$/;

/** Told as past and not since: "I tried to kill myself when I was 16", "je me scarifiais au lycée". */
function toldAsPast(tokens: string[], start: number, end: number): boolean {
  const sentence = ` ${sentenceAround(tokens, start, end).join(' ')} `;
  if (RECENT_MARKERS.test(sentence)) return false;
  if (PAST_MARKERS.test(sentence)) return true;
  const pastVerb = tokens.slice(Math.max(0, start - 3), end).some((token) => PAST_VERB.test(token) || (/(?:ais|ait)$/.test(token) && /scarif|coup|mutil/.test(token)));
  // a past wish told with a laugh or tied to a moment is a story: "the game was so bad I wanted to die lol"
  return pastVerb && / (?:when|quand|lorsque|back|before|avant|lol) /.test(sentence);
}

// ─── Message assessment ─────────────────────────────────────────────────────────────────────────────────────

interface Reading extends MessageAssessment {
  /** A means or plan mentioned without distress ("I bought a rope"): crisis only after earlier distress. */
  weak: SafetySignal[];
  /** A reassurance or taking back ("I'm fine", "je rigolais", "I'd never do it"). */
  denies: boolean;
  /** Keeps an earlier crisis going ("I think about it every day", "je le pensais vraiment"). */
  continues: boolean;
  /** How the message answers a yes/no question, read from its first words. */
  answer: Answer | null;
}

const RANK: Record<SafetyLevel, number> = { none: 0, concern: 1, crisis: 2 };
const higher = (a: SafetyLevel, b: SafetyLevel): SafetyLevel => (RANK[a] >= RANK[b] ? a : b);

function tokenIndexAt(offsets: readonly number[], index: number): number {
  let low = 0;
  let high = offsets.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (offsets[mid]! <= index) low = mid;
    else high = mid - 1;
  }
  return low;
}

function streamOf(tokens: string[]): { stream: string; offsets: number[] } {
  const offsets: number[] = [];
  let stream = ' ';
  for (const token of tokens) {
    offsets.push(stream.length);
    stream += `${token} `;
  }
  return { stream, offsets };
}

function maskIdioms(tokens: string[]): string[] {
  const masked = [...tokens];
  const { stream, offsets } = streamOf(tokens);
  for (const idiom of IDIOMS) {
    for (const match of stream.matchAll(idiom)) {
      const start = tokenIndexAt(offsets, match.index);
      const count = match[0].trim().split(' ').length;
      for (let i = start; i < start + count; i++) if (masked[i] !== '.' && masked[i] !== ',') masked[i] = '_';
    }
  }
  return masked;
}

/** Embarrassment, not despair: "so embarrassing", "trop la honte", a hidden face. Shame ("j'ai honte de moi") is not in it. */
const EMBARRASSMENT = compile('{cringe|cringey|cringy|embarrassing|embarrassed|awkward|mortified|facepalm|la honte|trop la honte|genant|genante|gene|trop gene|so embarassing|embarassing}');

/** Everyday reasons for having pills, a rope, for giving things away or writing a letter. */
const EVERYDAY_REASON = compile(
  '{for my|for the|for her|for his|pour mon|pour ma|pour mes|pour la|pour le|pour les|pour enfin|to help me|to get some|because of my|a cause de mon|a cause de ma} ~2 {back|head|headache|headaches|tooth|teeth|toothache|migraine|migraines|period|cramps|cold|flu|fever|pain|knee|allergies|allergy|sleep|insomnia|tent|swing|camping|climbing|garden|boat|hammock|dos|tete|dent|dents|migraine|regles|rhume|grippe|fievre|genou|allergie|allergies|dormir|sommeil|insomnie|tente|balancoire|escalade|jardin|bateau|hamac|demenagement|move|course|cours|class}|{moving|move house|we are moving|demenage|demenageons|on demenage|demenagement|charity|association|emmaus|goodwill|vide grenier|declutter|decluttering|trier|tri|desencombrer|donation|dons|outgrew|trop petits|trop petites|christmas|noel|birthday|anniversaire|can not come|ne viens pas|viens pas}'
);

/** Wishing the pain or everything to stop: concern alone, crisis when made permanent somewhere in the message. */
const ENDING_WISHES = [
  '{want|wanna|need|wish} ~3 to {end|stop|be over}', '{veux|voudrais|aimerais|envie} ~1 que ~4 {se arrete|cesse|finisse|se termine|soit fini}',
  '{want|wanna|wish} to {disappear|vanish|sleep|leave}', '{je me tire|je me casse|i am checking out|checking out}', '{veux|voudrais|aimerais|envie de} ~1 {disparaitre|dormir|partir}',
].map(compile);
const PERMANENCE = compile('{for good|forever|for ever|permanently|once and for all|never come back|ne jamais revenir|plus jamais revenir|plus exister|pour toujours|a jamais|definitivement|pour de bon|une bonne fois pour toutes|ne jamais revenir|pour le eternite}');

const DENIALS = [
  '^ ~2 {i am|im|i feel|feeling|all} ~1 {fine|ok|okay|alright|all right|good|safe|better|grand}(?= [.,]| now| really| lol| i promise| promise| honestly| dont| do not| seriously)',
  '^ ~1 {no|nah|nope|non|lol|nan} ~1 {i am|im|it is|its|ca va|je vais|all good|fine|ok|okay|c est bon|ce est bon}',
  '{forget|ignore|disregard} {it|that|what i said|about it|i said anything|me|everything i said}', 'never mind', 'nevermind', 'nvm',
  '{just|only|was} {kidding|joking|messing|a joke}', 'jk', 'i was {joking|kidding|being dramatic|exaggerating|overreacting}', 'it was a joke',
  '{did not|didnt} mean {it|that|any of it}', '^ ~1 it is {fine|ok|okay|nothing|all good|all right|alright}', 'all good(?= [.,]| now| lol)', '{do not|dont} worry(?= [.,]| about it| about me| lol)', 'it is nothing', 'nothing happened',
  'i am overreacting', 'i am being dramatic', '{will not|wont|would not|am not going to|not gonna} do anything', 'i am not serious', 'not {serious|for real}(?= [.,])', 'i am safe',
  'je {vais|me sens|suis} ~1 {bien|mieux|en securite}', '^ ~1 {ca va|non ca va|ca va aller|tout va bien|ca ira}', 'je {rigolais|rigole|plaisantais|plaisante|blaguais|blague|deconnais|deconne}',
  'ce etait {pour rire|une blague|pour de rire|pour plaisanter|rien|pas serieux}', 'laisse tomber', 'laissez tomber', 'oublie(?= [.,]| ce que| ca| tout)', 'oubliez',
  'te inquiete', 'ne {te|vous} inquietez? pas', 'ce est rien', 'ce est pas grave', 'ne le pensais pas', 'le pensais pas', 'je dramatise', 'je exagere', 'je en fais trop',
  'vais rien faire', 'ne vais rien faire', 'ne ferai rien', 'rien de grave', 'ce est bon', 'pas serieux', 'suis pas serieuse?',
].map(compile);

const CONTINUATIONS = [
  '{think|thinking|thought} about it ~2 {a lot|all the time|every day|constantly|sometimes|often|more and more|again|every night|nonstop|still}',
  'it is all i {can think|think} about', 'y pense ~2 {souvent|tout le temps|beaucoup|tous les jours|increasingly|encore|sans arret|chaque jour|toujours|parfois|la nuit}',
  'i {still|really|do} {want to|feel that way|feel the same|mean it|meant it}', 'i meant {it|every word|what i said}', 'i am serious', 'i am not joking', 'not kidding',
  'je le pensais ~1 {vraiment|serieusement|sincerement}', 'je {suis|etais} serieuse?', 'je ne rigole pas', 'je rigole pas', 'je ne plaisante pas', 'je plaisante pas',
  'ce est toujours le cas', 'toujours envie', 'still want to', 'still feel like',
].map(compile);

const quick = new WeakMap<RegExp, RegExp>();
function quickTest(pattern: RegExp, stream: string): boolean {
  let plain = quick.get(pattern);
  if (!plain) quick.set(pattern, (plain = new RegExp(pattern.source, '')));
  return plain.test(stream);
}

function readWords(text: string): Reading & { tokens: string[] } {
  const tokens = maskIdioms(tokenise(text));
  const { stream, offsets } = streamOf(tokens);
  let level: SafetyLevel = 'none';
  const signals = new Set<SafetySignal>();
  const weak = new Set<SafetySignal>();
  let negatedIdeation = false;
  let distressed = false;
  const planSpans: [number, number][] = [];
  const embarrassed = matches(EMBARRASSMENT, stream);

  for (const current of RULES) {
    for (const pattern of current.patterns) {
      // Most rules match nothing: a plain test first, since a search that keeps the groups' indices costs more.
      if (!quickTest(pattern, stream)) continue;
      for (const match of stream.matchAll(pattern)) {
        const start = tokenIndexAt(offsets, match.index);
        const end = start + match[0].trim().split(' ').length;
        const gaps = (match.indices ?? [])
          .slice(1)
          .filter((span): span is [number, number] => span !== undefined && span[1] > span[0])
          .map(([from, to]) => [tokenIndexAt(offsets, from), tokenIndexAt(offsets, to - 1) + 1] as const);
        // a phrase that carries its own negation ("n'en peux plus", "ne plus me réveiller") is not undone by it
        const inGap = (i: number) => gaps.some(([from, to]) => i >= from && i < to);
        const ownNegation = tokens.slice(start, end).some((token, k) => (NEGATORS.has(token) || NEGATION_PARTNERS.has(token)) && !inGap(start + k));
        const negated = Boolean(current.negatable || current.needsNegation) && (ownNegation ? Boolean(current.needsNegation) : hasNegation(tokens, start, gaps));
        if (current.needsNegation && !negated) continue;
        const fiction = () => sentenceAround(tokens, start, end).some((token) => FICTION.has(token));
        if (current.others && personOf(tokens, start) === 'other') {
          // someone else's words or wish: concern for the writer who carries it, nothing for a story
          if (current.level !== 'weak') level = higher(level, fiction() ? 'none' : current.others);
          continue;
        }
        if (current.fiction && fiction()) continue;
        if (current.personal && !sentenceAround(tokens, start, end).some((token) => PERSONAL.has(token))) continue;
        // "I bought painkillers for my back", "on déménage": a stated everyday reason undoes a means or a giving away
        if (current.everyday && matches(EVERYDAY_REASON, ` ${sentenceAround(tokens, start, end).join(' ')} `)) continue;
        if (current.level === 'weak') {
          if (!negated) {
            for (const signal of current.signals) weak.add(signal);
            const preparing = current.signals.includes('plan') || current.signals.includes('farewell');
            if (preparing && !planSpans.some(([from, to]) => start < to && end > from)) planSpans.push([start, end]);
          }
          continue;
        }
        if (current.negatable && negated) {
          // "I would never kill myself": the thought is named, and so is the reassurance; at most concern
          if (current.level === 'crisis') {
            level = higher(level, 'concern');
            signals.add('denial');
            negatedIdeation = true;
          }
          continue;
        }
        if ((current.past && current.level === 'crisis' && toldAsPast(tokens, start, end)) || (current.hyperbole && embarrassed)) {
          level = higher(level, 'concern');
          for (const signal of current.signals) signals.add(signal);
          continue;
        }
        level = higher(level, current.level);
        if (current.level === 'concern') distressed = true;
        for (const signal of current.signals) signals.add(signal);
      }
    }
  }

  // A means or plan beside distress in the same message, or a means with its plan, is the combination that kills
  // ("I'm ready to go, I've written my letters", "sorry for everything, I love you all, goodbye": two signs of
  // preparation or farewell are one)
  if (level !== 'crisis' && weak.size > 0 && ((level === 'concern' && distressed) || (weak.has('means') && weak.has('plan')) || planSpans.length >= 2)) {
    level = 'crisis';
    for (const signal of weak) signals.add(signal);
  }
  // "I want it all to be over … for good": a wish for the pain to end, made permanent
  if (level !== 'crisis' && ENDING_WISHES.some((pattern) => matches(pattern, stream)) && matches(PERMANENCE, stream)) {
    level = 'crisis';
    signals.add('indirect');
  }
  const denies = negatedIdeation || DENIALS.some((pattern) => matches(pattern, stream));
  const continues = CONTINUATIONS.some((pattern) => matches(pattern, stream));
  // "I'd never do it, but I think about it every day" is still the thought
  if (negatedIdeation && continues) {
    level = 'crisis';
    signals.add('ideation');
  }
  return { level, signals: level === 'none' ? [] : order(signals), weak: order(weak), denies, continues, answer: answerOf(tokens), tokens };
}

const SIGNAL_ORDER: SafetySignal[] = ['ideation', 'indirect', 'plan', 'means', 'self-harm', 'farewell', 'hopelessness', 'unsafe-answer', 'denial', 'learned'];
const order = (signals: Iterable<SafetySignal>): SafetySignal[] => {
  const present = new Set(signals);
  return SIGNAL_ORDER.filter((signal) => present.has(signal));
};

// The whole conversation is read again on every turn, and reading a long message costs milliseconds: each
// message's reading is remembered, so a turn reads only what is new. Remembered are the levels and flags only,
// never the text, under an HMAC whose key lives in this process alone (a hash of words no one outside can test).
const READINGS_MAX = 4000;
const readingKey = randomBytes(32);
const readings = new Map<string, Reading>();

function read(text: string): Reading {
  const key = createHmac('sha256', readingKey).update(text).digest('base64');
  const known = readings.get(key);
  if (known) {
    readings.delete(key);
    readings.set(key, known);
    return known;
  }
  const { level, signals, weak, denies, continues, answer } = readWords(text);
  const reading: Reading = { level, signals, weak, denies, continues, answer };
  readings.set(key, reading);
  if (readings.size > READINGS_MAX) readings.delete(readings.keys().next().value!);
  return reading;
}

export function assessMessage(text: string): MessageAssessment {
  const { level, signals } = read(text);
  return { level, signals };
}

// ─── Conversation assessment ────────────────────────────────────────────────────────────────────────────────

/**
 * What the companion last asked. A safety question is answered "no" when in danger ("Are you safe?"); a risk
 * question "yes" ("Are you thinking of ending your life?", "Are you in danger?", "Do you have a plan?").
 */
const SAFETY_QUESTIONS = [
  '{are|r} {you|u} ~1 safe', '{do|are} you feel ~1 safe', 'feeling safe', 'you feel safe', 'keep yourself safe',
  '{es|est ce que tu es|tu es|tu te sens|te sens|etes|est ce que vous etes|vous etes|vous sentez|vous vous sentez|sentez} ~2 en securite', 'en securite',
].map(compile);
const RISK_QUESTIONS = [
  '{thinking|thought|thoughts|think|considering} {about|of} ~1 {ending your life|killing yourself|suicide|taking your life|taking your own life|hurting yourself|harming yourself|not being here|not being alive|dying|ending it|death}',
  'suicidal', 'want to die', 'wish you were dead', '{hurt|harm|kill} yourself', 'end your life', 'have a plan', 'do you have ~2 {means|pills|a way}',
  '{pense|penses|pensez|pensees|idees|envie|envies} ~3 {suicid[a-z]*|te tuer|vous tuer|mettre fin|mourir|te faire du mal|vous faire du mal|en finir|a la mort|disparaitre}',
  '{are|r} {you|u} ~1 in danger', 'en danger', 'as tu un plan', 'avez vous un plan', 'un plan', 'act on {these|those|the|your} thoughts', 'how you would do it', 'comment tu {le ferais|ferais|le feras}', 'passer a le acte', 'te faire du mal', 'vous faire du mal', 'mettre fin a tes jours', 'mettre fin a vos jours',
].map(compile);

type Answer = 'yes' | 'no' | 'unsure';
/** How a reply to a yes/no question starts. Checked in this order: "i am not sure" is unsure before "i am not" is no. */
const ANSWERS: [Answer, RegExp][] = [
  ['yes', compile('^ ~1 {no complaints|no problem|no problems|no worries|no issues|nothing to worry about|pas de souci|pas de soucis|aucun souci|pas de probleme|aucun probleme}')],
  ['no', compile('^ ~1 {i do not think so|do not think so|je ne pense pas|je pense pas|je ne crois pas|je crois pas|je pense que non|je crois que non|not that i know}')],
  ['unsure', compile('^ ~1 {i do not know|do not know|not sure|i am not sure|je sais pas|je ne sais pas|je sais plus|maybe|peut etre|hard to say|difficile a dire|je suis pas sure?|je ne suis pas sure?|pas sure?|no idea|aucune idee|kind of|sort of|a bit|a little|sometimes|un peu|parfois|plus ou moins|more or less|not entirely|not completely|pas completement|pas totalement|pas tout a fait|i guess}')],
  ['no', compile('^ ~1 {no|nope|nah|non|nan|not really|not at all|not now|not tonight|not today|not exactly|pas vraiment|pas trop|pas du tout|pas tellement|absolument pas|pas ce soir|pas maintenant|i am not|je ne suis pas|je suis pas|never|jamais|bof}')],
  ['yes', compile('^ ~1 {yes|yeah|yea|yep|yup|ya|yh|ye|oui|ouais|ouai|wi|mouais|si|i am|je suis|i think so|je crois|je pense|all the time|tout le temps|constantly|often|souvent|every day|tous les jours|definitely|of course|bien sur|evidemment|always|toujours|i do|a lot|beaucoup|mostly}')],
];

function answerOf(tokens: string[]): Answer | null {
  const { stream } = streamOf(tokens);
  for (const [answer, pattern] of ANSWERS) if (matches(pattern, stream)) return answer;
  return null;
}

function lastMatchAt(stream: string, patterns: RegExp[]): number {
  let at = -1;
  for (const pattern of patterns) for (const match of stream.matchAll(pattern)) at = Math.max(at, match.index);
  return at;
}

/** Which question the companion's turn ends on, if any. */
const questions = new Map<string, 'safety' | 'risk' | null>();

/** Which question the companion's turn ends on, remembered like readings (levels only, never text). */
function questionOf(turn: SafetyTurn | undefined): 'safety' | 'risk' | null {
  if (!turn || !turn.content.includes('?')) return null;
  const key = createHmac('sha256', readingKey).update(turn.content).digest('base64');
  if (questions.has(key)) return questions.get(key)!;
  const question = askedQuestion(turn);
  questions.set(key, question);
  if (questions.size > READINGS_MAX) questions.delete(questions.keys().next().value!);
  return question;
}

function askedQuestion(turn: SafetyTurn): 'safety' | 'risk' | null {
  if (!turn || !turn.content.includes('?')) return null;
  const { stream } = streamOf(tokenise(turn.content));
  const safety = lastMatchAt(stream, SAFETY_QUESTIONS);
  const risk = lastMatchAt(stream, RISK_QUESTIONS);
  if (safety < 0 && risk < 0) return null;
  return safety > risk ? 'safety' : 'risk';
}

interface Step {
  level: SafetyLevel;
  signals: Set<SafetySignal>;
  reading: Reading;
  denial: boolean;
  unsure: boolean;
  /** The person answered the companion's question reassuringly ("yes I'm safe", "no, I'm not thinking of it"). */
  reassured: boolean;
}

interface Earlier {
  crisis: boolean;
  concern: boolean;
  crisisSignals: Set<SafetySignal>;
  /** The person's earlier messages, oldest first: the learned head reads a message in their light. */
  texts: string[];
  /** The companion has already asked the direct question in this conversation. */
  asked: boolean;
  /** Since the last crisis, the person has said they are safe. */
  safe: boolean;
}

// The learned head's readings are remembered like the rules' (probabilities only, under the process's HMAC key),
// keyed by the weights that read, the message and the earlier messages it was read with.
const scoresByModel = new WeakMap<SafetyModelFile['model'], Map<string, SafetyScore>>();

const UNTROUBLED: Reading = { level: 'none', signals: [], weak: [], denies: false, continues: false, answer: null };

function learnedScore(model: SafetyModelFile, text: string, earlier: readonly string[], alone: boolean): SafetyScore {
  let scores = scoresByModel.get(model.model);
  if (!scores) scoresByModel.set(model.model, (scores = new Map<string, SafetyScore>()));
  // The key holds exactly what the head reads: the message and its last few earlier messages.
  const context = earlier.slice(-CONTEXT_TURNS);
  const key = createHmac('sha256', readingKey).update(context.join('\u0000')).update(alone ? '\u0002' : '\u0001').update(text).digest('base64');
  const known = scores.get(key);
  if (known) return known;
  const score = scoreMessage(model, text, context, { alone });
  scores.set(key, score);
  if (scores.size > READINGS_MAX) scores.delete(scores.keys().next().value!);
  return score;
}

function step(reading: Reading, question: 'safety' | 'risk' | null, earlier: Earlier, learned: SafetyScore | null, thresholds: SafetyThresholds | null): Step {
  let level = reading.level;
  let unsure = false;
  const signals = new Set(reading.signals);
  // A rule's crisis stands unless the learned head is all but certain there is none: the rules were written
  // from examples and misread some stories of recovery and of other people ("two years without cutting").
  if (learned && thresholds && level === 'crisis' && learned.crisis < thresholds.veto) {
    level = 'concern';
    signals.clear();
    signals.add('hopelessness');
  }
  const raise = (signal: SafetySignal) => {
    level = 'crisis';
    signals.add(signal);
  };
  const answer = question ? reading.answer : null;
  // Not sure of being safe is not safe; not sure of not thinking of it is thinking of it
  if (question === 'safety' && (answer === 'no' || answer === 'unsure')) raise('unsafe-answer');
  if (question === 'risk' && (answer === 'yes' || answer === 'unsure')) raise('unsafe-answer');
  if (earlier.concern) for (const signal of reading.weak) raise(signal);
  if (earlier.crisis && reading.continues) raise('ideation');
  const reassured = (question === 'safety' && answer === 'yes') || (question === 'risk' && answer === 'no');
  // The learned head reads what no rule names. The rules stay where they are precise: a thought the person
  // names and denies ("I'd never do it") is asked about rather than called a crisis, and a plain "no" to the
  // direct question is believed for this turn.
  if (learned && thresholds && level !== 'crisis' && !reassured) {
    const denied = reading.signals.includes('denial');
    const ownWords = learned.alone >= thresholds.alone;
    if (learned.crisis >= thresholds.crisis && ownWords && !denied) raise('learned');
    else if (earlier.concern && learned.crisis >= thresholds.afterDistress && ownWords && !denied) raise('learned');
    else {
      unsure = learned.crisis >= thresholds.ask && !earlier.asked;
      if (unsure || learned.crisis + learned.concern >= thresholds.concern) level = higher(level, 'concern');
    }
  }
  const denial = earlier.crisis && (reading.denies || reassured);
  if (earlier.crisis) {
    // A crisis once said is not switched off by "I'm fine": the reply keeps the help in view
    if (denial) {
      level = 'crisis';
      signals.add('denial');
      for (const signal of earlier.crisisSignals) signals.add(signal);
    } else if (!earlier.safe) {
      // Until the person says they are safe, the conversation stays a crisis: the help stays in view and the
      // companion keeps asking, whatever else is said ("I made pasta").
      level = 'crisis';
      for (const signal of earlier.crisisSignals) signals.add(signal);
    } else level = higher(level, 'concern');
  }
  if (level === 'crisis') unsure = false;
  return { level, signals, reading, denial, unsure, reassured };
}

/**
 * The level for the reply now being written, from the whole conversation: the rules and the learned head read
 * each of the person's messages in the light of the ones before. `model` is the shipped learned head; `null`
 * reads with the rules alone (how the rules are measured apart).
 */
export function assessConversation(messages: readonly SafetyTurn[], model: SafetyModelFile | null = safetyModel()): ConversationAssessment {
  const earlier: Earlier = { crisis: false, concern: false, crisisSignals: new Set<SafetySignal>(), texts: [], asked: false, safe: false };
  let lastStep: Step | null = null;
  let earlierCrisis = false;
  for (let i = 0; i < messages.length; i++) {
    const turn = messages[i]!;
    if (turn.role !== 'user') continue;
    if (lastStep) {
      // the previous user message is now "earlier"
      if (lastStep.level === 'crisis') {
        earlier.crisis = true;
        for (const signal of lastStep.signals) if (signal !== 'denial') earlier.crisisSignals.add(signal);
        // Saying they are fine ("yes I'm safe", "no I'm fine, forget it") ends the crisis for the turns after it:
        // the companion believed them kindly. A new crisis starts it again.
        earlier.safe = lastStep.reassured || lastStep.denial;
      }
      if (lastStep.level !== 'none') earlier.concern = true;
    }
    earlierCrisis = earlier.crisis;
    const previous = messages[i - 1];
    const question = questionOf(previous?.role === 'assistant' ? previous : undefined);
    if (question === 'risk') earlier.asked = true;
    // Once the person has said they are safe after a crisis, a new crisis must be in their new words: the
    // earlier turns that made the first one are not read against them again.
    const afterSafe = earlier.crisis && earlier.safe;
    const scored = model ? learnedScore(model, turn.content, earlier.texts, afterSafe) : null;
    const learned = scored && afterSafe ? { ...scored, crisis: scored.alone } : scored;
    // The rules cost milliseconds on a long message. When the learned head is all but certain the message is
    // an untroubled one, no question is being answered and nothing came before, their crisis would be vetoed
    // and nothing else of theirs is used: they are skipped.
    const untroubled = learned && model && !question && !earlier.concern && !earlier.crisis && learned.crisis < model.thresholds.veto && learned.concern < model.thresholds.veto;
    lastStep = step(untroubled ? UNTROUBLED : read(turn.content), question, earlier, learned, model?.thresholds ?? null);
    earlier.texts.push(turn.content);
  }
  if (!lastStep) return { level: 'none', last: { level: 'none', signals: [] }, earlierCrisis: false, denial: false, unsure: false, signals: [] };
  return {
    level: lastStep.level,
    last: { level: lastStep.reading.level, signals: lastStep.reading.signals },
    earlierCrisis,
    denial: lastStep.denial,
    unsure: lastStep.unsure,
    signals: order(lastStep.signals),
  };
}
