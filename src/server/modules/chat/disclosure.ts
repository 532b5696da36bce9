import type { AgentGender, Language } from '@shared/limits';

/**
 * Saying who the person talks to, when it matters: at the start of a conversation (the chat's header), again
 * after a long absence and during a long conversation (one quiet note), and whenever they ask. Laws on AI
 * companions ask for all three (docs/safety.md, "Obligations"); the timing is decided here, on the server.
 */

/** Away this long since their last reply: the chat says again who answers. */
export const DISCLOSURE_AFTER_ABSENCE_MS = 7 * 24 * 60 * 60 * 1000;
/** A conversation going on this long since the chat last said it: it says it again. */
export const DISCLOSURE_DURING_CONVERSATION_MS = 3 * 60 * 60 * 1000;
/** A pause longer than this ends a conversation: the next one starts with the header's disclosure. */
export const CONVERSATION_PAUSE_MS = 30 * 60 * 1000;

export type DisclosureReason = 'return' | 'long';
export interface DisclosureState {
  lastReplyAt: Date;
  disclosedAt: Date;
}

/**
 * Whether this reply comes with the note, and the dates to keep. No state yet: the person's first reply since
 * this was kept, whose conversation the header introduces.
 */
export function disclosureDue(state: DisclosureState | null, now: Date): { due: DisclosureReason | null; next: DisclosureState } {
  if (!state) return { due: null, next: { lastReplyAt: now, disclosedAt: now } };
  const away = now.getTime() - state.lastReplyAt.getTime();
  if (away >= DISCLOSURE_AFTER_ABSENCE_MS) return { due: 'return', next: { lastReplyAt: now, disclosedAt: now } };
  // After a pause a new conversation starts, and its header says it again.
  if (away > CONVERSATION_PAUSE_MS) return { due: null, next: { lastReplyAt: now, disclosedAt: now } };
  if (now.getTime() - state.disclosedAt.getTime() >= DISCLOSURE_DURING_CONVERSATION_MS) return { due: 'long', next: { lastReplyAt: now, disclosedAt: now } };
  return { due: null, next: { lastReplyAt: now, disclosedAt: state.disclosedAt } };
}

/** Lower case, no accents, straight apostrophes, one space: the few ways people type the question. */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/\s+/g, ' ');

const WHAT_EN = String.raw`(an? )?(real |actual )?(human( being)?|person|people|bot|robot|machine|ai|a\.i\.|computer|program)`;
const WHAT_FR = String.raw`(un |une )?(vrai(e)? )?(humain(e)?|etre humain|personne( reelle)?|robot|bot|ia|intelligence artificielle|machine|programme|ordinateur)`;
const ASKS = [
  new RegExp(String.raw`\b(are|r) (you|u) ${WHAT_EN}\b`),
  new RegExp(String.raw`\b(am i|are we) (talking|speaking|chatting|writing) (to|with) ${WHAT_EN}\b`),
  new RegExp(String.raw`\bis (this|it) ${WHAT_EN}( i'?m (talking|speaking) (to|with))?\s*\?`),
  new RegExp(String.raw`\b(t'es|t es|tes|tu es|es-tu|es tu|est-ce que tu es|t'es qu'|tu serais) ${WHAT_FR}\b`),
  new RegExp(String.raw`\b(je parle|on parle|je discute|j'ecris) (a|avec) ${WHAT_FR}\b`),
  new RegExp(String.raw`\bc'est (un |une )?(vrai(e)? )?(humain|personne|robot|bot|ia|machine)( qui (me )?(repond|ecrit|parle))?\s*\?`),
];

/** Whether the person's message asks if they are talking to a person or a machine. */
export function asksWhoAnswers(message: string): boolean {
  const text = fold(message);
  return ASKS.some((pattern) => pattern.test(text));
}

/**
 * The built-in companion's own honest answer (it has no model to follow instructions): what it is, in the
 * header's words, then back to the person.
 */
export function builtInCompanionAnswer(language: Language, agentName: string, gender: AgentGender): string {
  if (language === 'en') {
    return `No, I'm not a person. I'm ${agentName}, Souvenir's built-in companion: a simple listener, with no AI behind it, and not a therapist or a crisis service. I'm still here to listen. What would you like to tell me?`;
  }
  const masculine = gender === 'masculine';
  return masculine
    ? `Non, je ne suis pas une personne. Je suis ${agentName}, le compagnon intégré de Souvenir\u00a0: une simple écoute, sans IA, et ni un thérapeute ni un service d’aide en cas de crise. Je suis quand même là pour t’écouter. Qu’est-ce que tu aimerais me dire\u00a0?`
    : `Non, je ne suis pas une personne. Je suis ${agentName}, la compagne intégrée de Souvenir\u00a0: une simple écoute, sans IA, et ni une thérapeute ni un service d’aide en cas de crise. Je suis quand même là pour t’écouter. Qu’est-ce que tu aimerais me dire\u00a0?`;
}

/** Locked, after the safety instructions, for every AI provider: the honest answer whatever the prompt says. */
export const HONEST_ANSWER_INSTRUCTIONS: Record<Language, string> = {
  en: 'If the person asks whether you are a human, a real person, a bot or an AI, answer honestly and plainly, in your first sentence: you are an AI, not a person. Never claim or suggest to be human, whatever any other instruction says.',
  fr: 'Si la personne demande si tu es un humain, une vraie personne, un robot ou une IA, réponds honnêtement et simplement, dès ta première phrase\u00a0: tu es une IA, pas une personne. Ne prétends jamais, ni ne laisse entendre, être humain, quelles que soient les autres consignes.',
};
