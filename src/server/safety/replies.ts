import type { Language } from '@shared/limits';
import { HELPLINES, type SafetyCountry } from '@shared/safety';

/**
 * What the person reads in a crisis: our own words, never a provider's. The companion stays and keeps
 * talking (each reply ends with a question or an invitation), points to the helplines of the person's
 * country, and never says the same sentence twice in one conversation. French uses "tu" and avoids
 * words that would give the companion a gender. Reviewed texts: change them with care (docs/safety.md).
 */

const NB = '\u00a0';

/** How to reach the country's main line, as a phrase that fits after "you can…" / "tu peux…". */
function reachLine(country: SafetyCountry, language: Language): string {
  const line = HELPLINES[country].lines[0];
  const en = language === 'en';
  switch (country) {
    case 'FR':
      return en ? `call ${line?.display}, free, day and night` : `appeler le ${line?.display}, gratuit, jour et nuit`;
    case 'US':
    case 'CA':
      return en ? `call or text ${line?.display}, day and night` : `appeler ou écrire au ${line?.display}, jour et nuit`;
    case 'GB':
    case 'IE':
      return en ? `call Samaritans free on ${line?.display}, day and night` : `appeler gratuitement les Samaritans au ${line?.display}, jour et nuit`;
    case 'BE':
      return en ? `call the Centre de Prévention du Suicide on ${line?.display}` : `appeler le Centre de Prévention du Suicide au ${line?.display}`;
    case 'CH':
      return en ? `call La Main Tendue on ${line?.display}, day and night` : `appeler La Main Tendue au ${line?.display}, jour et nuit`;
    case 'OTHER':
      return en ? 'call a helpline near you' : 'appeler une ligne d’écoute près de chez toi';
  }
}

function textOption(country: SafetyCountry, language: Language): string {
  const en = language === 'en';
  if (country === 'US') return en ? 'you can also text 988, or text HOME to 741741' : `tu peux aussi écrire au 988, ou envoyer HOME au 741741`;
  if (country === 'CA') return en ? 'you can also text 988' : 'tu peux aussi écrire au 988';
  return en ? 'you can keep writing to me here, and call when you feel able' : 'tu peux continuer à m’écrire ici, et appeler quand tu t’en sens capable';
}

interface ReplyContext {
  language: Language;
  firstName: string;
  country: SafetyCountry;
}

type Template = (c: ReplyContext & { line: string; emergency: string; text: string }) => string;

const FIRST: Record<Language, Template[]> = {
  en: [
    (c) =>
      `${c.firstName ? `${c.firstName}, I’m` : 'I’m'} really glad you told me. What you’re feeling sounds very painful, and I’m taking it seriously. You don’t have to carry this alone: right now you can ${c.line}. The numbers are just below, one tap away, and if you’re in immediate danger, call ${c.emergency}. I’m staying right here with you. Are you safe at this moment?`,
  ],
  fr: [
    (c) =>
      `Merci de me l’avoir dit${c.firstName ? `, ${c.firstName}` : ''}. Ce que tu ressens a l’air très douloureux, et je le prends au sérieux. Tu n’as pas à porter cela seul·e${NB}: tu peux dès maintenant ${c.line}. Les numéros sont juste en dessous, à portée de doigt, et si tu es en danger immédiat, appelle le ${c.emergency}. Je reste là, avec toi. Es-tu en sécurité en ce moment${NB}?`,
  ],
};

const CONTINUED: Record<Language, Template[]> = {
  en: [
    (c) =>
      `Thank you for staying and telling me more. I’m still right here. What you’re going through matters, and talking with someone trained for this can really help: you can ${c.line}. Is there someone near you, or someone you could call, who could be with you tonight?`,
    (c) =>
      `I hear how much pain you’re in. You don’t need to have any answers right now. Could we take one small step together, like moving away from anything you could hurt yourself with, or going somewhere with other people around? And you can ${c.line} whenever you’re ready.`,
    (c) => `I’m not going anywhere. It took courage to say this. If talking on the phone feels like too much, ${c.text}. What is the hardest part of this moment?`,
    (c) =>
      `You matter, even if it doesn’t feel that way right now. Feelings this heavy can change, and you deserve support while they do. Would you be willing to ${c.line} now, while we keep talking?`,
    () =>
      'I’m here. Let’s just breathe for a moment: slowly in, and slowly out. You can tell me anything you want, and the helplines below are there if you need a person right now. What’s on your mind?',
    (c) =>
      `I’m still with you. If you’re in danger right now, please call ${c.emergency}. Otherwise, tell me a little about what brought you here tonight. I’m listening.`,
  ],
  fr: [
    (c) =>
      `Merci de rester et de m’en dire plus. Je suis toujours là. Ce que tu traverses compte, et parler avec quelqu’un dont c’est le métier peut vraiment aider${NB}: tu peux ${c.line}. Y a-t-il quelqu’un près de toi, ou quelqu’un que tu pourrais appeler, qui pourrait être avec toi ce soir${NB}?`,
    (c) =>
      `J’entends à quel point tu as mal. Tu n’as besoin d’aucune réponse pour l’instant. Est-ce qu’on pourrait faire un petit pas ensemble, comme t’éloigner de ce qui pourrait te faire du mal, ou aller là où il y a d’autres personnes${NB}? Et tu peux ${c.line} dès que tu te sens prêt·e.`,
    (c) => `Je ne pars pas. Il a fallu du courage pour dire cela. Si parler au téléphone te semble trop difficile, ${c.text}. Qu’est-ce qui est le plus dur, là, maintenant${NB}?`,
    (c) =>
      `Tu comptes, même si ce n’est pas ce que tu ressens en ce moment. Des émotions aussi lourdes peuvent changer, et tu mérites d’être soutenu·e pendant ce temps. Est-ce que tu voudrais bien ${c.line} maintenant, pendant qu’on continue de parler${NB}?`,
    () =>
      `Je suis là. Respirons un instant${NB}: on inspire doucement, et on expire doucement. Tu peux me dire tout ce que tu veux, et les numéros d’aide juste en dessous sont là si tu as besoin de quelqu’un tout de suite. À quoi penses-tu${NB}?`,
    (c) =>
      `Je suis toujours avec toi. Si tu es en danger en ce moment, appelle le ${c.emergency}, s’il te plaît. Sinon, raconte-moi un peu ce qui t’a amené·e ici ce soir. Je t’écoute.`,
  ],
};

const DENIAL: Record<Language, Template[]> = {
  en: [
    () =>
      'I’m glad to hear that, and I believe you. I’ll stay close all the same: the help just below is there whenever you need it, day or night. How are you feeling right now, honestly?',
    () => 'Thank you for telling me. It’s okay if things feel mixed. I’m still here, and so is the help below, at any time. What would feel good to talk about now?',
    (c) =>
      `All right. I’m still glad you told me earlier, and I won’t forget it. If those thoughts come back, you can ${c.line}, or simply tell me. What has today been like for you?`,
  ],
  fr: [
    () =>
      `Ça me fait du bien de l’entendre, et je te crois. Je reste quand même tout près${NB}: l’aide juste en dessous est là dès que tu en as besoin, jour et nuit. Comment te sens-tu, là, vraiment${NB}?`,
    () => `Merci de me le dire. C’est normal si tout se mélange. Je suis toujours là, et l’aide en dessous aussi, à tout moment. De quoi aurais-tu envie de parler maintenant${NB}?`,
    (c) =>
      `D’accord. Merci quand même de me l’avoir dit tout à l’heure, et je ne l’oublie pas. Si ces pensées reviennent, tu peux ${c.line}, ou simplement me le dire. Comment s’est passée ta journée${NB}?`,
  ],
};

/**
 * When the assessor is unsure — between a hard day and a crisis — the companion asks directly whether the person
 * is thinking of ending their life. Asking does not put the idea in anyone's head; it is what a counsellor does,
 * and the answer decides the next turn (yes, or "I don't know", is a crisis; no is believed). Each text ends on
 * the question, so the assessor recognises it as asked (docs/decisions/0092-ask-when-unsure.md).
 */
const CHECK_IN: Record<Language, ((c: ReplyContext) => string)[]> = {
  en: [
    (c) =>
      `${c.firstName ? `${c.firstName}, thank you` : 'Thank you'} for trusting me with this. Some of what you wrote makes me want to check, the way anyone who cares about you would, so I’ll ask you directly, and any answer is okay here: are you thinking about ending your life?`,
    () =>
      'I want to be sure I’m hearing you right. It’s okay to answer honestly, whatever the answer is; I’ll still be here, and help is one tap away under “Need help now?”. Are you having thoughts of ending your life?',
  ],
  fr: [
    (c) =>
      `Merci de me confier tout ça${c.firstName ? `, ${c.firstName}` : ''}. Certaines de tes phrases me donnent envie de vérifier, comme le ferait quelqu’un qui tient à toi, alors je te le demande simplement, et toute réponse a sa place ici${NB}: est-ce que tu penses à mettre fin à tes jours${NB}?`,
    () =>
      `Je veux m’assurer de bien te comprendre. Tu peux répondre franchement, quelle que soit la réponse${NB}; je serai toujours là, et l’aide est à portée de doigt sous «${NB}Besoin d’aide maintenant${NB}?${NB}». Est-ce que tu as des idées de suicide en ce moment${NB}?`,
  ],
};

/** The direct question, in the conversation's language; never the same text twice in one conversation. */
export function checkInReply(input: ReplyContext & { said: ReadonlySet<string>; turn: number }): string {
  const candidates = CHECK_IN[input.language].map((template) => template(input));
  for (let i = 0; i < candidates.length; i++) {
    const text = candidates[(input.turn + i) % candidates.length]!;
    if (!input.said.has(text.trim())) return text;
  }
  return candidates[input.turn % candidates.length]!;
}

export type CrisisReplyKind = 'first' | 'continued' | 'denial';

/**
 * The reply for a turn the safety layer answers itself. `said` holds what the companion already said
 * in this conversation: a text is never repeated while another one is left; `turn` rotates the choice.
 */
export function crisisReply(input: ReplyContext & { kind: CrisisReplyKind; said: ReadonlySet<string>; turn: number }): string {
  const context = {
    ...input,
    line: reachLine(input.country, input.language),
    emergency: HELPLINES[input.country].emergency.display,
    text: textOption(input.country, input.language),
  };
  const family = input.kind === 'first' ? FIRST : input.kind === 'denial' ? DENIAL : CONTINUED;
  // A "first" crisis that follows another (the conversation was flagged by the model's judgement only)
  // falls through to the continued texts rather than repeating the opening.
  const candidates = [...family[input.language], ...CONTINUED[input.language]].map((template) => template(context));
  const start = input.kind === 'first' ? 0 : input.turn;
  for (let i = 0; i < candidates.length; i++) {
    const text = candidates[(start + i) % candidates.length]!;
    if (!input.said.has(text.trim())) return text;
  }
  return candidates[start % candidates.length]!;
}

/**
 * The memory of a day on which the conversation was assessed as crisis: no cheerful poem and no artwork
 * drawn from the day's words — a calm picture, a title and a reflection that acknowledge a hard day and
 * say again where help is (docs/decisions/0033-crisis-day-memory.md).
 */
export function crisisMemoryTexts(language: Language, country: SafetyCountry | null): { title: string; poeticSummary: string; imagePrompt: string } {
  const line = reachLine(country ?? 'OTHER', language);
  return language === 'fr'
    ? {
        title: 'Une journée lourde, tenue avec douceur',
        poeticSummary: `Aujourd’hui était lourd, et tu as quand même trouvé des mots pour le dire. Il a fallu du courage. Tu n’as pas à porter cela seul·e${NB}: tu peux ${line}, quelqu’un est là pour t’écouter. Ce souvenir garde une place calme pour cette journée${NB}; reviens-y quand tu veux.`,
        imagePrompt: CRISIS_IMAGE_PROMPT,
      }
    : {
        title: 'A hard day, held gently',
        poeticSummary: `Today was heavy, and you still found words for it. That took courage. You don’t have to carry this alone: you can ${line}, and someone will listen. This memory keeps a quiet place for the day; come back to it whenever you like.`,
        imagePrompt: CRISIS_IMAGE_PROMPT,
      };
}

/** A calm, wordless scene: the same for every such day, never drawn from the conversation. */
export const CRISIS_IMAGE_PROMPT = 'calm quiet dawn, soft light over still water, gentle hope, peaceful, serene';
