import type { AgentGender, Language } from '@shared/limits';
import { readDayMood, readIntent } from '../../understanding/mood-model';
import { normalise, readMood } from '../mood/analyse';
import type { Mood } from '../mood/lexicon';
import { typesetFrench } from '../text/offline-extractor';
import type { ChatProvider, ChatReplyInput, ChatTurn } from './chat-provider';

/**
 * The embedded companion: no network, no model (docs/offline-companion.md, decision 0058). Reflective
 * listening by hand: it names what the person's last message carries (a loss, anger, joy, fear…) before
 * anything else, answers a direct question gently instead of passing over it, quotes a whole clause of
 * theirs (never a cut one) or says what it was about, and asks one question fitted to what they feel.
 * After a few exchanges it invites them to make today's memory.
 *
 * Deterministic: the reply depends only on the conversation (a hash of it seeds every choice). It never
 * says a sentence twice in one conversation: each part of a reply walks its list to a sentence that none
 * of the earlier replies holds, and is left out when the list is spent.
 */

/** What the last message carries, which decides the first words of the reply and the question. */
type Feeling = 'loss' | 'joy' | 'anger' | 'fear' | 'sadness' | 'tiredness' | 'calm' | 'tenderness' | 'hope' | 'mixed' | 'neutral';
const HEAVY: ReadonlySet<Feeling> = new Set(['loss', 'anger', 'fear', 'sadness', 'tiredness']);
/** Feelings the memory is offered to more softly: no question pulls them on. */
const GRIEVING: ReadonlySet<Feeling> = new Set(['loss', 'sadness', 'fear']);
const HELLO = /^(hi|hello|hey|good (morning|evening|afternoon)|bonjour|bonsoir|salut|coucou)( there| toi| mira)?[\s.!,]*$/i;
const THANKS = /^(thanks?( you)?( so much| a lot)?|thank u|ty|merci( beaucoup| bien)?( à toi)?)[\s.!]*$/i;
const FEELING_OF: Record<Mood, Feeling> = {
  joyful: 'joy',
  hopeful: 'hope',
  tender: 'tenderness',
  calm: 'calm',
  melancholy: 'sadness',
  anxious: 'fear',
  angry: 'anger',
  tired: 'tiredness',
};
const LIGHT_MOODS: ReadonlySet<Mood> = new Set(['joyful', 'hopeful', 'tender', 'calm']);

/** A direct question of the person's, answered before anything else is asked. */
type Question = 'advice' | 'opinion' | 'wellbeing' | 'better' | 'other';
/** Something the person asks the companion to do, answered within what it can do. */
type Request = 'wish' | 'pretty' | 'cheer' | 'keep' | 'other';

/** French words about the companion itself agree with the gender the administrator gave its name. */
type Gendered = (masculine: string, feminine: string, neutral: string) => string;

type Texts = {
  greeting: (name: string) => string;
  remembered: (title: string) => string[];
  honesty: (agent: string, g: Gendered) => string;
  acknowledgements: (g: Gendered) => Record<Feeling, string[]>;
  /** For a loss when the person names who (or which animal) they lost. */
  condolences: (who: string, g: Gendered) => string;
  birth: string;
  /** For a message that only thanks the companion. */
  thanks: string[];
  quotes: ((quote: string) => string)[];
  /** `name`: the theme's name ("la mer"); `about`: as "tell me about" takes it ("de la mer", "du travail"). */
  topics: ((topic: { name: string; about: string }) => string)[];
  nothingToQuote: string[];
  /** After a bare "hello": the day, asked about. */
  hello: string[];
  questions: Record<Feeling, string[]>;
  answers: (g: Gendered) => Record<Question, string[]>;
  answerQuestions: Record<Question, string[]>;
  requests: (agent: string, g: Gendered) => Record<Request, string[]>;
  /** "Do you remember…?": a fact the person chose to share, a memory, or what the companion can remember. */
  rememberFact: (fact: string) => string;
  rememberTitle: (title: string) => string;
  rememberNothing: (agent: string) => string;
  goodbyes: { night: (name: string) => string[]; day: (name: string) => string[] };
  goodbyeMemory: string;
  concernOpeners: (g: Gendered) => string[];
  concernQuestions: string[];
  helpPointer: string;
  invitations: string[];
  gentleInvitation: string;
  reminders: string[];
};

const TEXTS: Record<Language, Texts> = {
  en: {
    greeting: (name) => (name ? `Thank you for being here, ${name}.` : 'Thank you for being here.'),
    remembered: (title) => [`Your last memory was “${title}”; today is a new page.`, `I remember “${title}”; today can be a page of its own.`],
    honesty: (agent) =>
      `To be honest with you: I’m ${agent}, running as Souvenir’s offline companion. I’m not an AI model or a person, just a gentle listener built into the app that reflects your words back to you.`,
    acknowledgements: () => ({
      loss: [
        'I’m so sorry for your loss.',
        'Losing someone leaves a silence that nothing else fills.',
        'Grief takes the time it takes, and there is no wrong way to feel it.',
        'That is a great loss, and it makes sense that today is hard.',
        'I’m holding this with you, gently.',
      ],
      joy: ['What wonderful news!', 'That sounds like a beautiful moment.', 'I can feel the joy in your words.', 'How lovely, thank you for sharing it with me.', 'What a happy thing to hold on to.'],
      anger: [
        'That sounds really frustrating.',
        'Anyone would be angry after that.',
        'It makes sense that you feel angry; something mattered to you there.',
        'That sounds unfair, and your anger is worth listening to.',
        'No wonder it got under your skin.',
      ],
      fear: [
        'That sounds frightening.',
        'That’s a lot of worry to carry.',
        'It makes sense to feel afraid when so much is uncertain.',
        'Fear like that can take up so much room.',
        'I hear how anxious this makes you.',
      ],
      sadness: [
        'I’m sorry today felt so heavy.',
        'That sounds really hard.',
        'It’s okay to feel sad about this.',
        'Thank you for trusting me with something so heavy.',
        'Sadness like that deserves some gentleness.',
      ],
      tiredness: [
        'It sounds like you’re running on empty.',
        'That’s a lot for one day; no wonder you’re worn out.',
        'Being this tired weighs on everything else, too.',
        'You’ve given a lot today.',
        'Rest sounds well earned.',
      ],
      calm: ['What a peaceful moment.', 'That sounds restful.', 'There’s something gentle in that.', 'A calm like that is worth noticing.', 'That sounds like a quiet breath in the day.'],
      tenderness: [
        'That’s a warm thing to hold on to.',
        'That says a lot about what matters to you.',
        'There is a lot of care in what you say.',
        'There is a lot of love in that.',
        'Moments like that say a lot about the people around you.',
      ],
      hope: ['There’s some hope in what you say.', 'That sounds like a step forward.', 'It’s good to hear you looking ahead.', 'Something new seems to be growing there.', 'That sounds promising.'],
      mixed: [
        'It sounds like a day of two colours: some of it hard, some of it good.',
        'So much can fit into one day, the heavy and the light.',
        'Both things can be true at once.',
        'A day with its ups and downs, then.',
      ],
      neutral: ['Thank you for telling me.', 'I’m listening.', 'Thank you for sharing that.', 'I’m here with you.', 'Let’s stay with that for a moment.'],
    }),
    condolences: (who) => `I’m so sorry about ${who}.`,
    birth: 'A new life in the family, what a moment!',
    thanks: ['You’re welcome. I’m glad to be here with you.', 'Thank you for letting me listen.'],
    quotes: [
      (q) => `You wrote: “${q}”.`,
      (q) => `I’m holding on to your words: “${q}”.`,
      (q) => `“${q}”: thank you for putting it into words.`,
      (q) => `I hear you: “${q}”.`,
      (q) => `Let me say your words back, gently: “${q}”.`,
    ],
    topics: [(t) => `You told me about ${t.name}.`, (t) => `So ${t.name} was part of your day.`, (t) => `I hear that ${t.name} had a place in today.`],
    hello: ['How was your day?', 'What would you like to tell me about today?', 'What is on your mind today?'],
    nothingToQuote: [
      'Every day leaves something behind, even a quiet one.',
      'Sometimes the words take a moment to come, and that’s fine.',
      'There’s no need to find perfect words here.',
    ],
    questions: {
      loss: [
        'How are you holding up today?',
        'Would you like to tell me about them?',
        'What was today like for you, with all of this?',
        'Is there someone close to you in these days?',
        'What do you find yourself thinking about most?',
      ],
      joy: ['What was the best part of it?', 'How did it feel, right then?', 'Who did you share it with?', 'What do you most want to keep of it?', 'What made it so special?'],
      anger: ['What upset you the most?', 'What would have felt fair?', 'How are you feeling about it now?', 'What do you need right now, after that?', 'What happened just before?'],
      fear: [
        'What worries you the most about it?',
        'What helps you a little when the worry gets loud?',
        'Is there someone you could lean on with this?',
        'What would help you feel a bit safer right now?',
        'When did you notice the fear most today?',
      ],
      sadness: [
        'What has been weighing on you the most?',
        'What would feel kind towards yourself right now?',
        'When did it feel heaviest today?',
        'Is there anything that brought you even a little comfort?',
        'Would you like to tell me more about it?',
      ],
      tiredness: [
        'What took the most out of you today?',
        'What would help you rest?',
        'Was there a moment today when you could breathe a little?',
        'What could wait until tomorrow?',
        'How could you take a little care of yourself now?',
      ],
      calm: ['What made it so peaceful?', 'Where were you when you felt it?', 'What would you like to keep from that calm?', 'What helped you slow down?', 'How did the rest of your day feel?'],
      tenderness: ['Who was with you in that moment?', 'What did it mean to you?', 'How did it feel to receive that?', 'What made it so warm?', 'Would you like to tell me more about them?'],
      hope: [
        'What are you most looking forward to?',
        'What helped you get there?',
        'What would a good next step look like?',
        'How does it feel to think about it?',
        'What would you like to grow from here?',
      ],
      mixed: ['Which part stays with you the most?', 'How do the two sit together in you?', 'What helped you through the hard part?', 'What would you like to keep from the good part?'],
      neutral: [
        'What would you like to tell me more about?',
        'What did that mean to you?',
        'If today had a colour, what would it be?',
        'Who or what was with you today?',
        'How did you feel, there and then?',
        'What stood out for you today?',
      ],
    },
    answers: () => ({
      advice: [
        'I can’t decide that for you, but I can help you think it through.',
        'I don’t think there is one right answer, and you know your life better than anyone.',
        'That’s a real question, and it deserves more time than a quick answer from me.',
      ],
      opinion: [
        'I can’t judge it from where I am, but what you feel about it makes sense.',
        'I don’t have opinions the way a friend would, but I can hear how much this matters to you.',
        'It isn’t mine to say, but your feelings about it deserve to be taken seriously.',
      ],
      wellbeing: ['Thank you for asking. I’m here, and glad to listen.', 'That’s kind of you to ask. I’m here for you.'],
      better: [
        'Yes, it usually does. Feelings this strong soften with time, even when that is hard to believe from inside them.',
        'From what people live through, it does get lighter, little by little, often before you notice it.',
      ],
      other: ['That’s worth asking, and I’m glad you did. Let’s look at it together.', 'Let’s think about it together; you know more about it than you may feel right now.'],
    }),
    answerQuestions: {
      advice: [
        'What would feel like the kindest next step for you?',
        'If someone you love were in your place, what would you tell them?',
        'What matters most to you in this?',
        'What options do you see, even small ones?',
      ],
      opinion: ['What does your own heart tell you?', 'What makes you wonder about it?', 'What would you like to be true?'],
      wellbeing: ['And how are you, really?', 'And how is your day going?'],
      better: ['What has helped you through a hard time before?', 'What would help you a little in the meantime?'],
      other: ['What is your own feeling about it?', 'What made you wonder about it?'],
    },
    requests: (agent) => ({
      wish: ['Good luck! I’m wishing you every bit of it, and I’d love to hear how it goes.', 'All my good wishes for it. You are more ready than you feel.'],
      pretty: [
        'Yes: when you press the button below, today becomes a memory, an artwork painted from your day with a title and a few lines of reflection, kept in your gallery.',
      ],
      cheer: [
        'Here is something true: you showed up today and put your day into words, and that takes care.',
        'You are doing better than you think. Carrying a day like this and still reaching out says a lot about you.',
      ],
      keep: [
        `It will be part of today’s memory when you make it. And if you’d like me to remember something for the days ahead, you can add it under “What ${agent} remembers” in your profile.`,
      ],
      other: ['I’ll do what I can from here: listen, and turn today into a memory whenever you are ready.'],
    }),
    rememberFact: (fact) => `Yes, you told me: “${fact}”.`,
    rememberTitle: (title) => `I remember your memory “${title}”.`,
    rememberNothing: (agent) =>
      `I only remember what you choose to keep: your memories, and what you add under “What ${agent} remembers” in your profile. Would you tell me again?`,
    goodbyes: {
      night: (name) => [`Goodnight${name ? `, ${name}` : ''}. Thank you for sharing your day with me; sleep gently.`, `Sleep well${name ? `, ${name}` : ''}. I’ll be here tomorrow.`],
      day: (name) => [`Take care${name ? `, ${name}` : ''}. Thank you for sharing your day with me.`, `See you soon${name ? `, ${name}` : ''}. I’ll be here whenever you want to talk.`],
    },
    goodbyeMemory: 'Before you go, the button below can keep today as a memory.',
    concernOpeners: () => ['Thank you for telling me.', 'That sounds like a lot to carry.', 'I’m glad you shared that with me.', 'That sounds heavy.', 'Let’s take this gently.'],
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
    gentleInvitation: 'There is no hurry: whenever you want, the button below can keep today as a memory. We can also simply stay with it a little longer.',
    reminders: [
      'Your memory for today is waiting whenever you are ready, with the button below. Is there anything else on your mind?',
      'Remember, you can make today’s memory at any time with the button below. What would you like to hold on to?',
    ],
  },
  fr: {
    greeting: (name) => (name ? `Merci d’être là, ${name}.` : 'Merci d’être là.'),
    remembered: (title) => [`Ton dernier souvenir s’appelait « ${title} » ; aujourd’hui est une nouvelle page.`, `Je me souviens de « ${title} » ; aujourd’hui peut être une page à part.`],
    honesty: (agent, g) =>
      `Pour être honnête avec toi : je suis ${agent}, ${g('le compagnon', 'la compagne', 'la présence')} hors ligne de Souvenir. Je ne suis ni une IA ni une personne, juste une écoute douce intégrée à l’application, qui te renvoie tes propres mots.`,
    acknowledgements: (g) => ({
      loss: [
        g('Je suis vraiment désolé pour ta perte.', 'Je suis vraiment désolée pour ta perte.', 'Toutes mes pensées sont avec toi dans ce deuil.'),
        'Perdre quelqu’un laisse un silence que rien d’autre ne remplit.',
        'Le deuil prend le temps qu’il prend, et il n’y a pas de mauvaise façon de le vivre.',
        'C’est une grande perte, et c’est normal que cette journée soit dure.',
        'Je reste là avec toi, doucement.',
      ],
      joy: [
        'Quelle merveilleuse nouvelle !',
        'Ça a l’air d’un très beau moment.',
        'Je sens la joie dans tes mots.',
        g('Je suis tellement content pour toi.', 'Je suis tellement contente pour toi.', 'Ça me réjouit pour toi.'),
        'Quel bonheur à garder.',
      ],
      anger: [
        'C’est vraiment frustrant.',
        'N’importe qui serait en colère après ça.',
        'Ta colère se comprend : quelque chose comptait pour toi.',
        'Ça a l’air injuste, et ta colère mérite d’être écoutée.',
        'Pas étonnant que ça te reste en travers.',
      ],
      fear: [
        'Ça a l’air effrayant.',
        'C’est beaucoup d’inquiétude à porter.',
        'C’est normal d’avoir peur quand tant de choses sont incertaines.',
        'Une peur comme celle-là prend tellement de place.',
        'J’entends combien cela t’inquiète.',
      ],
      sadness: [
        g('Je suis désolé que cette journée ait été si lourde.', 'Je suis désolée que cette journée ait été si lourde.', 'Cette journée a été lourde, et je l’entends.'),
        'Ça a l’air vraiment difficile.',
        'C’est normal d’être triste pour ça.',
        'Merci de me confier quelque chose d’aussi lourd.',
        'Une tristesse comme celle-là mérite de la douceur.',
      ],
      tiredness: [
        'On dirait que tu es à bout de forces.',
        'Ça fait beaucoup pour une seule journée ; pas étonnant que tu sois à plat.',
        'Une telle fatigue pèse sur tout le reste.',
        'Tu as beaucoup donné aujourd’hui.',
        'Le repos semble bien mérité.',
      ],
      calm: ['Quel moment paisible.', 'Ça a l’air reposant.', 'Il y a quelque chose de doux là-dedans.', 'Un calme comme celui-là mérite qu’on le remarque.', 'Ça ressemble à une respiration tranquille dans la journée.'],
      tenderness: [
        'C’est une chose chaleureuse à garder.',
        'Cela dit beaucoup de ce qui compte pour toi.',
        'Il y a beaucoup d’attention dans ce que tu racontes.',
        'Il y a beaucoup d’amour là-dedans.',
        'Ces moments-là en disent long sur les gens qui t’entourent.',
      ],
      hope: ['Il y a de l’espoir dans ce que tu dis.', 'Ça ressemble à un pas en avant.', 'Ça fait du bien de t’entendre regarder devant.', 'Quelque chose de neuf semble pousser là.', 'Ça a l’air prometteur.'],
      mixed: [
        'On dirait une journée en deux couleurs : une part difficile, une part douce.',
        'Tant de choses tiennent dans une seule journée, le lourd et le léger.',
        'Les deux peuvent être vrais en même temps.',
        'Une journée avec ses hauts et ses bas, alors.',
      ],
      neutral: ['Merci de me le dire.', 'Je t’écoute.', 'Merci de partager cela.', 'Je suis là avec toi.', 'Restons un instant là-dessus.'],
    }),
    condolences: (who, g) => g(`Je suis vraiment désolé pour ${who}.`, `Je suis vraiment désolée pour ${who}.`, `Toutes mes pensées vont vers toi, pour ${who}.`),
    birth: 'Une nouvelle vie dans la famille : quel moment !',
    thanks: ['Avec plaisir. Je suis là.', 'Merci à toi de me laisser t’écouter.'],
    quotes: [
      (q) => `Tu as écrit : « ${q} ».`,
      (q) => `Je garde tes mots : « ${q} ».`,
      (q) => `« ${q} » : merci de l’avoir mis en mots.`,
      (q) => `Je t’entends : « ${q} ».`,
      (q) => `Je te relis doucement : « ${q} ».`,
    ],
    topics: [
      (t) => `Tu m’as parlé ${t.about}.`,
      (t) => `Il était donc question ${t.about} dans ta journée.`,
      (t) => `${t.name.charAt(0).toLocaleUpperCase()}${t.name.slice(1)} avait donc sa place aujourd’hui.`,
    ],
    hello: ['Comment s’est passée ta journée ?', 'Qu’aimerais-tu me raconter de ta journée ?', 'Qu’est-ce qui t’occupe l’esprit aujourd’hui ?'],
    nothingToQuote: [
      'Chaque journée laisse une trace, même une journée calme.',
      'Parfois les mots mettent un moment à venir, et c’est très bien ainsi.',
      'Pas besoin de trouver les mots parfaits ici.',
    ],
    questions: {
      loss: [
        'Comment tiens-tu le coup aujourd’hui ?',
        'Veux-tu m’en parler un peu ?',
        'Comment s’est passée cette journée pour toi, avec tout ça ?',
        'Y a-t-il quelqu’un de proche avec toi ces jours-ci ?',
        'À quoi penses-tu le plus en ce moment ?',
      ],
      joy: ['Quel a été le plus beau moment ?', 'Qu’as-tu ressenti, sur le moment ?', 'Avec qui l’as-tu partagé ?', 'Que voudrais-tu en garder surtout ?', 'Qu’est-ce qui l’a rendu si spécial ?'],
      anger: [
        'Qu’est-ce qui a été le plus dur à avaler ?',
        'Qu’est-ce qui aurait été juste, selon toi ?',
        'Comment te sens-tu par rapport à ça, maintenant ?',
        'De quoi aurais-tu besoin, là, après ça ?',
        'Que s’est-il passé juste avant ?',
      ],
      fear: [
        'Qu’est-ce qui t’inquiète le plus là-dedans ?',
        'Qu’est-ce qui t’aide un peu quand l’inquiétude devient forte ?',
        'Y a-t-il quelqu’un sur qui tu pourrais t’appuyer ?',
        'Qu’est-ce qui t’aiderait à te sentir un peu plus en sécurité, là, maintenant ?',
        'À quel moment as-tu senti la peur le plus fort aujourd’hui ?',
      ],
      sadness: [
        'Qu’est-ce qui pèse le plus sur toi ?',
        'Qu’est-ce qui serait doux pour toi, là, maintenant ?',
        'À quel moment était-ce le plus lourd aujourd’hui ?',
        'Y a-t-il quelque chose qui t’a apporté un peu de réconfort ?',
        'Veux-tu m’en dire un peu plus ?',
      ],
      tiredness: [
        'Qu’est-ce qui t’a pris le plus d’énergie aujourd’hui ?',
        'Qu’est-ce qui t’aiderait à te reposer ?',
        'Y a-t-il eu un moment où tu as pu souffler un peu ?',
        'Qu’est-ce qui pourrait attendre demain ?',
        'Comment pourrais-tu prendre un peu soin de toi maintenant ?',
      ],
      calm: [
        'Qu’est-ce qui l’a rendu si paisible ?',
        'Où étais-tu quand tu l’as ressenti ?',
        'Que voudrais-tu garder de ce calme ?',
        'Qu’est-ce qui t’a permis de ralentir ?',
        'Comment s’est passé le reste de ta journée ?',
      ],
      tenderness: [
        'Qui était avec toi à ce moment-là ?',
        'Qu’est-ce que cela représente pour toi ?',
        'Qu’as-tu ressenti en recevant cela ?',
        'Qu’est-ce qui l’a rendu si chaleureux ?',
        'Veux-tu m’en dire plus sur cette personne ?',
      ],
      hope: [
        'Qu’attends-tu le plus ?',
        'Qu’est-ce qui t’a permis d’en arriver là ?',
        'À quoi ressemblerait un bon prochain pas ?',
        'Qu’est-ce que ça te fait d’y penser ?',
        'Qu’aimerais-tu voir grandir à partir de là ?',
      ],
      mixed: ['Quelle part te reste le plus ?', 'Comment les deux cohabitent-ils en toi ?', 'Qu’est-ce qui t’a permis de traverser la partie difficile ?', 'Que voudrais-tu garder de la partie douce ?'],
      neutral: [
        'De quelle partie aimerais-tu me parler davantage ?',
        'Qu’est-ce que cela représente pour toi ?',
        'Si ta journée avait une couleur, laquelle serait-ce ?',
        'Qui ou quoi était avec toi aujourd’hui ?',
        'Comment te sentais-tu, à ce moment-là ?',
        'Qu’est-ce qui ressort de ta journée ?',
      ],
    },
    answers: (g) => ({
      advice: [
        'Je ne peux pas décider à ta place, mais je peux t’aider à y voir plus clair.',
        'Je ne crois pas qu’il y ait une seule bonne réponse, et tu connais ta vie mieux que personne.',
        'C’est une vraie question, et elle mérite plus de temps qu’une réponse rapide de ma part.',
      ],
      opinion: [
        'Je ne peux pas en juger d’où je suis, mais ce que tu ressens a du sens.',
        'Je n’ai pas d’avis comme en aurait quelqu’un de proche, mais j’entends combien cela compte pour toi.',
        'Ce n’est pas à moi de trancher, mais ce que tu ressens mérite d’être pris au sérieux.',
      ],
      wellbeing: [
        g('Merci de demander. Je suis là, et heureux de t’écouter.', 'Merci de demander. Je suis là, et heureuse de t’écouter.', 'Merci de demander. Je suis là, et j’ai envie de t’écouter.'),
        'C’est gentil de demander. Je suis là pour toi.',
      ],
      better: [
        'Oui, en général, ça passe. Des émotions aussi fortes s’adoucissent avec le temps, même quand c’est difficile à croire de l’intérieur.',
        'D’après ce que vivent les gens, ça devient plus léger, petit à petit, souvent avant même qu’on le remarque.',
      ],
      other: [
        g('Ça vaut la peine de le demander, et je suis content que tu le fasses. Regardons-le ensemble.', 'Ça vaut la peine de le demander, et je suis contente que tu le fasses. Regardons-le ensemble.', 'Ça vaut la peine de le demander. Regardons-le ensemble.'),
        'Réfléchissons-y ensemble ; tu en sais sans doute plus que tu ne le crois en ce moment.',
      ],
    }),
    answerQuestions: {
      advice: [
        'Quel serait le petit pas le plus doux pour toi ?',
        'Si quelqu’un que tu aimes était à ta place, que lui dirais-tu ?',
        'Qu’est-ce qui compte le plus pour toi là-dedans ?',
        'Quelles possibilités vois-tu, même petites ?',
      ],
      opinion: ['Que te dit ton cœur ?', 'Qu’est-ce qui te fait te poser la question ?', 'Qu’aimerais-tu qui soit vrai ?'],
      wellbeing: ['Et toi, comment vas-tu vraiment ?', 'Et de ton côté, comment se passe ta journée ?'],
      better: ['Qu’est-ce qui t’a aidé·e à traverser un moment difficile, avant ?', 'Qu’est-ce qui pourrait t’aider un peu en attendant ?'],
      other: ['Qu’est-ce que tu en ressens, toi ?', 'D’où te vient cette question ?'],
    },
    requests: (agent, g) => ({
      wish: ['Bonne chance ! Je t’envoie tous mes encouragements, et j’aimerais beaucoup savoir comment ça s’est passé.', 'Tous mes vœux pour ce moment. Tu es plus prêt·e que tu ne le crois.'],
      pretty: [
        'Oui : quand tu appuieras sur le bouton ci-dessous, ta journée deviendra un souvenir, une œuvre peinte à partir de ta journée, avec un titre et quelques lignes de réflexion, gardée dans ta galerie.',
      ],
      cheer: [
        'Voici quelque chose de vrai : tu es là aujourd’hui et tu as mis ta journée en mots, et cela demande du soin.',
        'Tu t’en sors mieux que tu ne le penses. Porter une journée comme celle-ci et venir en parler, ça dit beaucoup de toi.',
      ],
      keep: [
        `Ce sera dans le souvenir du jour quand tu le créeras. Et si tu veux que je retienne quelque chose pour les jours à venir, tu peux l’ajouter dans « Ce dont ${agent} se souvient », dans ton profil.`,
      ],
      other: [g('Je fais ce que je peux d’ici : t’écouter, et faire de ta journée un souvenir quand tu seras prêt·e. Je suis content d’être là.', 'Je fais ce que je peux d’ici : t’écouter, et faire de ta journée un souvenir quand tu seras prêt·e. Je suis contente d’être là.', 'Je fais ce que je peux d’ici : t’écouter, et faire de ta journée un souvenir quand tu seras prêt·e.')],
    }),
    rememberFact: (fact) => `Oui, tu me l’as confié : « ${fact} ».`,
    rememberTitle: (title) => `Je me souviens de ton souvenir « ${title} ».`,
    rememberNothing: (agent) =>
      `Je ne me souviens que de ce que tu choisis de garder : tes souvenirs, et ce que tu ajoutes dans « Ce dont ${agent} se souvient », dans ton profil. Tu veux bien me le redire ?`,
    goodbyes: {
      night: (name) => [`Bonne nuit${name ? `, ${name}` : ''}. Merci de m’avoir confié ta journée ; dors bien.`, `Fais de beaux rêves${name ? `, ${name}` : ''}. Je serai là demain.`],
      day: (name) => [`Prends soin de toi${name ? `, ${name}` : ''}. Merci de m’avoir confié ta journée.`, `À bientôt${name ? `, ${name}` : ''}. Je serai là quand tu voudras parler.`],
    },
    goodbyeMemory: 'Avant de partir : le bouton ci-dessous peut garder ta journée en souvenir.',
    concernOpeners: (g) => [
      'Merci de me le confier.',
      'Cela fait beaucoup à porter.',
      g('Je suis content que tu m’en parles.', 'Je suis contente que tu m’en parles.', 'Ça compte, que tu m’en parles.'),
      'Cela semble lourd.',
      'Prenons cela doucement.',
    ],
    concernQuestions: [
      'Comment tiens-tu le coup, là, maintenant ?',
      'Qu’est-ce qui pèse le plus sur toi en ce moment ?',
      'Y a-t-il quelqu’un de confiance à qui tu pourrais en parler ?',
      'Qu’est-ce qui pourrait te rendre la soirée un tout petit peu plus légère ?',
      'Je suis là avec toi. Qu’aimerais-tu me dire ?',
    ],
    helpPointer: 'Si cela devient trop lourd, le bouton « Besoin d’aide maintenant ? » de cette conversation te donne des personnes à qui parler, à toute heure.',
    invitations: [
      'Quand tu le voudras, tu pourras transformer cette journée en souvenir avec le bouton sous notre conversation. Ou veux-tu m’en dire un peu plus d’abord ?',
      'Nous avons rassemblé quelques morceaux de ta journée. Quand cela te semblera juste, le bouton ci-dessous en fera le souvenir du jour. Qu’aimerais-tu ajouter ?',
    ],
    gentleInvitation: 'Rien ne presse : quand tu le voudras, le bouton ci-dessous pourra garder cette journée en souvenir. On peut aussi simplement rester encore un peu avec elle.',
    reminders: [
      'Ton souvenir du jour t’attend quand tu veux, avec le bouton ci-dessous. Y a-t-il autre chose qui te traverse l’esprit ?',
      'Tu peux créer le souvenir de ta journée à tout moment avec le bouton ci-dessous. Qu’aimerais-tu garder ?',
    ],
  },
};

// "Are you a bot?" — the companion answers honestly.
const ASKS_WHAT_IT_IS = {
  en: /\b(are you (an? )?(ai|bot|robot|human|real|person|machine|chatgpt)|who are you|what are you)\b/i,
  fr: /(es[- ]tu|êtes[- ]vous|t'es|t’es|tu es) (une? )?(ia|robot|bot|humain|humaine|réel|réelle|vrai|vraie|personne|machine)|qui es[- ]tu|qu['’]es[- ]tu/i,
};

/** Direct questions, read on normalised text (no accents, apostrophes as spaces). */
const QUESTIONS: [Question, RegExp][] = [
  [
    'advice',
    /\b(what (should|shall|do|can|could|would) i do|should i|what would you do|any advice|do you have (any )?advice|what do i do|how (do|can|should) i (deal|cope|handle|get|stop|make))\b|\bqu est ce que je (dois|devrais|pourrais|peux|vais) faire\b|\bque (dois|devrais|pourrais|puis) je faire\b|\bje (dois|devrais|fais) (faire )?quoi\b|\btu ferais quoi\b|\btu me conseill|\bun conseil\b|\best ce que je (dois|devrais)\b|\bje devrais\b/,
  ],
  [
    'opinion',
    /\b(what do you think|do you think|what s your (opinion|view)|what is your (opinion|view)|am i (wrong|right|crazy|overreacting|being)|is (it|that|this) (normal|ok|okay|wrong|bad|weird|silly)|is something wrong with me)\b|\btu en penses quoi\b|\bqu en penses tu\b|\bt en penses quoi\b|\btu (penses|crois|trouves) (que|qu)\b|\bc est normal\b|\best ce normal\b|\bj ai (tort|raison)\b|\best ce que j ai (tort|raison)\b/,
  ],
  ['wellbeing', /\bhow are you\b|\bhow s your day\b|\bhow is your day\b|\bcomment (ca|tu) vas?\b|\bcomment vas tu\b/],
  [
    'better',
    /\b(will|does|is) (it|this|that|things?) (ever )?(get|getting|go|going to get|gonna get|be) (any )?(better|easier|lighter|ok|okay|away)\b|\b(gets?|get) better\b|\b(ca|ce|ça) (va|vas) (passer|aller mieux|s arranger)\b|\b(ca|ce) passe (un jour|avec le temps)\b|\best ce que (ca|ce|ça) (passe|va passer|va aller)\b|\b(ca|ça) va (finir|aller) par\b|\bva t il (passer|aller mieux)\b/,
  ],
];

/** "Do you remember…?", "who is Biscuit?": read on normalised text. */
const REMEMBER_QUESTION = /\b(do|did) you (still )?remember\b|\bremember (what|when|who|my|our|the)\b|\bwho is \w+|\bwho s \w+|\b(tu|vous) (te|vous) (souviens|rappelles|souvenez|rappelez)\b|\btu te rappelles\b|\bc est qui \w+|\bqui est \w+/;

/** What a request asks for, read on normalised text; anything else is answered with what the companion can do. */
const REQUESTS: [Request, RegExp][] = [
  ['wish', /\bwish me\b|\b(good )?luck\b|\bfingers crossed\b|\bsouhaite?s? moi\b|\bbonne chance\b|\bmerde pour\b|\bcroise les doigts\b/],
  ['pretty', /\b(pretty|beautiful|a picture|a painting|an? (image|artwork|drawing)|draw|paint|into (a|an) (memory|souvenir))\b|\b(joli|jolie|beau|belle) (souvenir|image|dessin|tableau)?\b|\b(un|une) (dessin|image|tableau|oeuvre)\b|\bdessine|\bpeins\b|\ben faire (un|quelque)/],
  ['keep', /\bremember (this|that|it)\b|\bremind me\b|\bdon t forget\b|\bkeep (this|that|it)\b|\bretiens?\b|\bsouviens toi\b|\brappelle moi\b|\bn oublie pas\b|\bgarde (ca|ça|le|la)\b/],
  ['cheer', /\b(something|anything) (nice|kind|good|sweet|positive)\b|\bcheer me up\b|\bencourage\b|\bmotivat|\bmake me (feel|smile)\b|\bpep talk\b|\b(un )?(mot|truc|chose) (gentil|doux|positif|sympa|encourageant)\b|\bremonte moi\b|\bencourag|\bmotive moi\b|\bmoral\b/],
];

/** "Goodnight" at night, "take care" otherwise. */
const NIGHT = /\b(good ?night|goodnite|gn|night|nite|nighty|sleep|bed|dodo|nuit|dormir|couche|lit)\b/;
const GOODBYE = /^(good ?night|nighty night|gn|bye|bye bye|goodbye|see you|see ya|talk (to you )?(tomorrow|soon|later)|gotta go|bonne nuit|bonne soiree|bonne journee|a demain|a plus|a\+|bye|salut|ciao|je (te )?laisse|j y vais|allez|jvais dormir)\b/;
/** "Et toi ?" asks after the companion; "toi et moi" does not. Read on the text as written. */
const AND_YOU = /\b(et toi|and you)\s*\?/i;

/** Loss of someone (or an animal), read on normalised text; "mort de rire" is laughter. */
const LOSS =
  /\b(died|dies|passed away|passed on|funeral|buried|burial|bury|grieving|mourning|lost my (mother|father|mum|mom|dad|grand\w*|sister|brother|husband|wife|partner|son|daughter|friend|best friend|dog|cat|baby|aunt|uncle))\b|\b(decede\w*|deces|enterr\w*|obseques|funerailles|deuil|mort|morte|morts|nous a quittes?|perdu (mon|ma|mes) (pere|mere|papa|maman|grand \w+|papi|papy|mamie|frere|soeur|mari|femme|fils|fille|ami|amie|chien|chat|chatte|bebe|tante|oncle))\b/;
const NOT_A_LOSS = /\b(morte?s? de (rire|fatigue|peur|faim|froid)|dead tired|died laughing)\b/g;
const BIRTH = /\b(was born|were born|is born|gave birth|newborn|baby (boy|girl)|est nee?|sont nes|suis nee?|a accouche|naissance)\b/;

/** "la mer" → "de la mer", "le travail" → "du travail", "les études" → "des études", "un voyage" → "d’un voyage". */
const aboutFr = (name: string) =>
  name.startsWith('le ') ? `du ${name.slice(3)}` : name.startsWith('les ') ? `des ${name.slice(4)}` : name.startsWith('un') ? `d’${name}` : `de ${name}`;

/** Who was lost, as the reply names them: "my grandfather" → "your grandfather", "ma mère" → "ta mère". */
const RELATION = {
  en: /\b(my|our) (late )?(grandmother|grandfather|grandma|grandpa|granny|mother|father|mum|mom|dad|sister|brother|husband|wife|partner|son|daughter|best friend|friend|aunt|uncle|cousin|dog|cat)\b/i,
  fr: /\b(mon|ma|mes|notre|nos) (grand[- ]?p[èe]re|grand[- ]?m[èe]re|p[èe]re|m[èe]re|papa|maman|papi|papy|mamie|fr[èe]re|s(?:œ|oe)ur|mari|femme|compagnon|compagne|fils|fille|meilleure? amie?|amie?|tante|oncle|cousine?|chien|chat|chatte)\b/i,
};
const POSSESSIVE_FR: Record<string, string> = { mon: 'ton', ma: 'ta', mes: 'tes', notre: 'ton', nos: 'tes' };

function lostOne(text: string, language: Language): string | null {
  const en = RELATION.en.exec(text);
  const fr = RELATION.fr.exec(text);
  if (language === 'fr' && fr) {
    const possessive = POSSESSIVE_FR[fr[1]!.toLowerCase()]!;
    const noun = fr[2]!.toLowerCase();
    // "notre mère" → "ta mère": the person's own, in the singular the noun asks for.
    // Said back with its accents, whatever the phone dropped: "grand-mere" → "grand-mère".
    const written = noun.replace(/([mpf]|fr)ere$/, '$1ère').replace(/oeur$/, 'œur');
    return `${fr[1]!.toLowerCase() === 'notre' && /(e|œur|oeur|maman)$/.test(noun) && !/p[èe]re$|fr[èe]re$|oncle$|compagnon$/.test(noun) ? 'ta' : possessive} ${written}`;
  }
  if (language === 'en' && en) return `your ${en[3]!.toLowerCase()}`;
  return null;
}

/** Words a quoted clause cannot start with (it would depend on what was cut) or end on (it would be cut). */
const DEPENDENT_START = new Set(['which', 'who', 'whom', 'whose', 'that', 'because', 'when', 'if', 'while', 'although', 'though', 'qui', 'que', 'qu', 'dont', 'parce', 'quand', 'si', 'lorsque', 'puisque', 'car', 'où']);
const LEADING_LINK = /^((and|but|so|then|also|et|mais|donc|puis|alors|enfin)\s+|(hello|hi|hey|bonjour|salut|coucou)\b[\s,!.]*)/i;
/**
 * A clause taken out of a long sentence must carry its own subject ("I keep thinking about his garden"),
 * not hang on the rest ("with the roses along the fence").
 */
const SUBJECT_START = new Set([
  'i', 'i’m', "i'm", 'we', 'you', 'he', 'she', 'it', 'it’s', "it's", 'they', 'my', 'our', 'everything', 'nothing', 'everyone', 'today', 'this',
  'je', 'j’ai', "j'ai", 'j’étais', "j'étais", 'on', 'nous', 'tu', 'il', 'elle', 'ils', 'elles', 'mon', 'ma', 'mes', 'notre', 'nos', 'c’est', "c'est", 'c’était', "c'était", 'ça', 'tout', 'toute', 'rien', 'aujourd’hui', "aujourd'hui",
]);
const DANGLING_END = new Set([
  'the', 'a', 'an', 'my', 'your', 'his', 'her', 'our', 'their', 'to', 'of', 'and', 'but', 'or', 'with', 'for', 'in', 'on', 'at', 'that', 'which', 'so', 'because', 'very', 'really',
  'le', 'la', 'les', 'l', 'un', 'une', 'des', 'du', 'de', 'd', 'mon', 'ma', 'mes', 'ton', 'ta', 'tes', 'son', 'sa', 'ses', 'et', 'ou', 'mais', 'avec', 'pour', 'dans', 'sur', 'à', 'a', 'que', 'qui', 'très', 'trop',
]);
const STOPWORDS = new Set(
  (
    'i me my mine we our you your it its is am are was were be been being the a an and or but so to of in on at for with ' +
    'that this these those there here then than just really very too also not no yes do did does have has had today hello hi hey ' +
    'je j me m moi tu te t toi il elle on nous vous ils elles le la les l un une des du de d et ou mais donc car ' +
    'à au aux en dans sur pour par avec que qu qui ce c cet cette ces ça est suis es sont était été être ai as a avons ' +
    'avez ont ne n pas plus très trop aussi oui non aujourd hui bonjour salut coucou ' +
    'know guess maybe sure okay yeah well sais sait crois bof rien nothing ouais peut être etre haha lol'
  ).split(' '),
);
const QUOTE_MAX_WORDS = 14;
const QUOTE_MIN_WORDS = 2;

const bare = (word: string) => word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
const isContentWord = (word: string) => {
  const w = bare(word);
  return w.length >= 3 && !w.split(/['’-]/).every((part) => STOPWORDS.has(part) || part.length < 3);
};

/**
 * A whole clause of the person's to quote back: a short sentence as it is, or, from a long one, a clause
 * between its commas that stands on its own. Never a question (it is answered instead), never a clause
 * cut mid-thought. Null when nothing fits: the reply then says what it was about instead.
 */
export function quotableClause(text: string): string | null {
  const sentences = text
    .split(/(?<=[.!?…])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
  let best: { clause: string; score: number } | null = null;
  const consider = (raw: string, first: boolean, partOfSentence: boolean) => {
    const clause = raw
      .replace(LEADING_LINK, '')
      .replace(/^["“«\s]+|["”»\s]+$/g, '')
      .replace(/[\s.,;:!…—–-]+$/u, '')
      .trim();
    const words = clause.split(/\s+/).filter(Boolean);
    if (words.length < QUOTE_MIN_WORDS || words.length > QUOTE_MAX_WORDS) return;
    if (DEPENDENT_START.has(bare(words[0]!)) || DANGLING_END.has(bare(words.at(-1)!))) return;
    if (partOfSentence && !SUBJECT_START.has(words[0]!.toLowerCase())) return;
    // Quotation marks or brackets left open would be a cut thought too.
    if ((clause.match(/[“«(]/g)?.length ?? 0) !== (clause.match(/[”»)]/g)?.length ?? 0)) return;
    const content = words.filter(isContentWord).length;
    if (content === 0) return;
    const reading = readMood(clause);
    // The main clause usually comes first in a sentence: it wins a tie.
    const score = content + (reading.intensity > 0 ? 3 : 0) + reading.themes.length + (first ? 0.5 : 0);
    if (!best || score > best.score) best = { clause: clause.charAt(0).toLocaleUpperCase() + clause.slice(1), score };
  };
  for (const sentence of sentences) {
    if (sentence.endsWith('?')) continue;
    if (sentence.split(/\s+/).length <= QUOTE_MAX_WORDS) consider(sentence, true, false);
    else sentence.split(/\s*[,;:—–]\s*|\s+-\s+|\s*\(|\)\s*/).forEach((clause, index) => consider(clause, index === 0, true));
  }
  return (best as { clause: string } | null)?.clause ?? null;
}

/**
 * How sure the mood head must be of one mood for the reply to name it (chosen on the tuning days: a feeling
 * named wrongly hurts more than one left unnamed), and how sure when the mood words name the same mood.
 */
const FEELING_AT_LEAST = 0.6;
const FEELING_AGREED_AT_LEAST = 0.4;
/**
 * The pleasant or the heavy moods together must hold this much of the message's reading, and of the day's so
 * far, for a feeling of that side to be named (chosen on the tuning days, where it took replies in the wrong
 * tone from 6.5 % to 1.4 % in English and 3.4 % to 1.2 % in French, naming a feeling half as often).
 */
const SIDE_AT_LEAST = 0.8;
/** The same, when the mood words name the head's mood too ("je suis tellement heureuse"). */
const SIDE_AGREED_AT_LEAST = 0.7;
const DAY_SIDE_AT_LEAST = 0.6;
/** A mood holding this much of the reading is the message's, whatever else is there. */
const CLEAR_AT_LEAST = 0.6;
/** Each side of a mixed day holds at least this much of it. */
const MIXED_AT_LEAST = 0.3;
/** The message itself weighs this much beside the day so far. */
const OWN_WEIGHT = 0.6;

/**
 * What a message carries, read by the learned mood head on the message and on the day so far (which reads
 * "je suis morte de fatigue mais contente" or "my manager is going to kill me" as a whole, where a word list
 * reads death and murder). A loss or a birth named in words comes first; a message the head is unsure of
 * (a plain fact, "ok") carries no feeling of its own.
 */
function feelingOf(text: string, before: readonly string[]): Feeling {
  const plain = normalise(text).replace(NOT_A_LOSS, ' ');
  if (LOSS.test(plain)) return 'loss';
  if (BIRTH.test(plain)) return 'joy';
  const own = readDayMood([text]).probabilities;
  const day = before.length ? readDayMood([...before, text]).probabilities : own;
  const ranked = (Object.keys(own) as Mood[])
    .map((mood) => ({ mood, p: OWN_WEIGHT * own[mood] + (1 - OWN_WEIGHT) * day[mood] }))
    .sort((a, b) => b.p - a.p);
  const [first, second] = ranked as [{ mood: Mood; p: number }, { mood: Mood; p: number }];
  // Two readers agreeing (the head and the mood words) are surer than the head alone.
  const words = readMood(text);
  const agreed = words.intensity > 0 && words.primary === first.mood;
  // A clear first mood is named even beside a second one; a day split between a light and a heavy one is mixed.
  if (first.p < (agreed ? FEELING_AGREED_AT_LEAST : CLEAR_AT_LEAST) && second.p >= MIXED_AT_LEAST && LIGHT_MOODS.has(first.mood) !== LIGHT_MOODS.has(second.mood)) return 'mixed';
  // A feeling is named only when the reading leans clearly to one side, pleasant or heavy, in the message and
  // in the day so far: "that sounds restful" on a day someone calls down is worse than no feeling named.
  const light = LIGHT_MOODS.has(first.mood);
  const sideOf = (probabilities: Record<Mood, number>) => (Object.keys(probabilities) as Mood[]).filter((m) => LIGHT_MOODS.has(m) === light).reduce((sum, m) => sum + probabilities[m], 0);
  const daySide = sideOf(day);
  // The message's reading is the same blend of its own and the day's as `ranked`.
  const messageSide = OWN_WEIGHT * sideOf(own) + (1 - OWN_WEIGHT) * daySide;
  if (messageSide < (agreed ? SIDE_AGREED_AT_LEAST : SIDE_AT_LEAST) || daySide < DAY_SIDE_AT_LEAST) return 'neutral';
  return first.p >= (agreed ? FEELING_AGREED_AT_LEAST : FEELING_AT_LEAST) ? FEELING_OF[first.mood] : 'neutral';
}

function questionOf(text: string, asks: boolean): Question | null {
  const plain = normalise(text);
  for (const [kind, pattern] of QUESTIONS) if (pattern.test(plain)) return kind;
  if (AND_YOU.test(text)) return 'wellbeing';
  return asks || /\?\s*$/.test(text.trim()) ? 'other' : null;
}

const requestOf = (text: string): Request => REQUESTS.find(([, pattern]) => pattern.test(normalise(text)))?.[0] ?? 'other';

/** Words of a question that could name something remembered ("biscuit", "soeur"): long enough, not a stopword. */
const namingWords = (text: string) => new Set(normalise(text).split(' ').filter((w) => w.length >= 4 && !STOPWORDS.has(w) && !/^(remember|souviens|rappelles|told|said|dit|about)$/.test(w)));

/**
 * A title is only said in the conversation's language: a French conversation does not quote "Work and a
 * burning heart". The guess counts a few common words of each language.
 */
const EN_WORDS = new Set(['the', 'a', 'an', 'of', 'and', 'day', 'my', 'in', 'with', 'light', 'heart', 'morning', 'evening', 'quiet', 'little', 'gentle']);
const FR_WORDS = new Set(['le', 'la', 'les', 'un', 'une', 'de', 'du', 'des', 'et', 'journee', 'coeur', 'matin', 'soir', 'douce', 'doux', 'petit', 'petite', 'lumiere']);
function titleSpeaks(title: string, language: Language): boolean {
  const words = normalise(title).split(' ');
  const en = words.filter((w) => EN_WORDS.has(w)).length;
  const fr = words.filter((w) => FR_WORDS.has(w)).length;
  return language === 'fr' ? fr >= en : en >= fr;
}

/** When the arc invites the person to make the memory (user turn numbers). */
const INVITE_TURN = 3;
const REMIND_EVERY = 3;

/** FNV-1a: a small, stable hash, so the same conversation always gives the same reply. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The whole reply, decided from the conversation alone. */
export function composeReply(input: {
  messages: ChatTurn[];
  language: Language;
  agentName: string;
  firstName: string;
  /** How French speaks of the agent; neutral wording when unknown. */
  agentGender?: AgentGender;
  /** The safety layer's verdict (a crisis never reaches the companion: the layer answers it). */
  safety?: ChatReplyInput['safety'];
  /** The latest memory's title (continuity): mentioned once, as the day begins, on an untroubled turn. */
  recentMemoryTitle?: string | null;
  /** What the person chose to let the companion remember: recent memories' titles and facts they wrote. */
  remembered?: ChatReplyInput['remembered'];
}): string {
  const { language } = input;
  const t = TEXTS[language];
  const gender = input.agentGender ?? 'neutral';
  const g: Gendered = (masculine, feminine, neutral) => (gender === 'masculine' ? masculine : gender === 'feminine' ? feminine : neutral);
  const typeset = (text: string) => (language === 'fr' ? typesetFrench(text) : text);
  const userMessages = input.messages.filter((m) => m.role === 'user');
  const turn = userMessages.length;
  const last = userMessages.at(-1)?.content ?? '';
  // Stable across the conversation, so consecutive turns walk through the lists instead of jumping.
  const base = hash(userMessages[0]?.content ?? '') + hash(last);
  const earlier = input.messages.filter((m) => m.role === 'assistant').map((m) => m.content);
  const saidBefore = (sentence: string) => earlier.some((reply) => reply.includes(sentence));

  /** The first sentence of the list, from a seeded place, that no earlier reply holds; null when all were said. */
  let draw = 0;
  const fresh = (options: readonly string[]): string | null => {
    draw += 1;
    const start = base + draw * 7;
    for (let i = 0; i < options.length; i++) {
      const candidate = typeset(options[(start + i) % options.length]!);
      if (!saidBefore(candidate)) return candidate;
    }
    return null;
  };
  const parts: string[] = [];
  const add = (part: string | null) => {
    if (part) parts.push(part);
  };

  /** "Do you remember…?": a fact they shared or a memory that names what they ask about, else what can be remembered. */
  const rememberAnswer = () => {
    const asked = namingWords(last);
    const names = (text: string) => [...namingWords(text)].some((word) => asked.has(word));
    const fact = input.remembered?.facts.find(names);
    if (fact) return typeset(t.rememberFact(fact));
    const title = input.remembered?.titles.filter((x) => titleSpeaks(x, language)).find(names);
    if (title) return typeset(t.rememberTitle(title));
    return typeset(t.rememberNothing(input.agentName));
  };

  const worried = input.safety !== undefined && (input.safety.level === 'concern' || input.safety.earlierCrisis);
  if (worried) {
    // A hard moment: no quoting, no invitation to make a memory; a warm word, a gentle answer if they asked
    // something, one gentle question, and once in the conversation where help is.
    add(turn === 1 ? typeset(t.greeting(input.firstName)) : fresh(t.concernOpeners(g)));
    const question = questionOf(last, false);
    if (question === 'advice' || question === 'opinion' || question === 'better') add(fresh(t.answers(g)[question]));
    add(fresh(t.concernQuestions));
    const pointer = typeset(t.helpPointer);
    if (!saidBefore(pointer)) add(pointer);
    return parts.join(' ');
  }

  if (ASKS_WHAT_IT_IS.en.test(last) || ASKS_WHAT_IT_IS.fr.test(last)) {
    const honesty = typeset(t.honesty(input.agentName, g));
    add(honesty);
    add(fresh(t.questions.neutral));
    return parts.join(' ');
  }

  // A greeting, a goodbye or a thank-you is not a feeling about the day.
  const texts = userMessages.map((m) => m.content);
  // What the message wants (the learned intent head), with the plainest forms also caught by their words.
  const intent = readIntent(last, texts.slice(0, -1)).intent;
  const wordCount = normalise(last).split(' ').filter(Boolean).length;
  const onlyThanks = THANKS.test(last.trim()) || (intent === 'thanks' && !last.includes('?'));
  const onlyHello = HELLO.test(last.trim()) || (intent === 'greeting' && turn === 1 && wordCount <= 4);
  const goodbye = turn > 1 && !onlyHello && (intent === 'goodbye' || (GOODBYE.test(normalise(last)) && wordCount <= 6));
  // A greeting, a goodbye or a thank-you says nothing of the day ("allo mira" is not good news).
  const saysNothingOfTheDay = (text: string, index: number) =>
    THANKS.test(text.trim()) || HELLO.test(text.trim()) || ['greeting', 'goodbye', 'thanks'].includes(index === turn - 1 ? intent : readIntent(text, texts.slice(0, index)).intent);
  const feelings = userMessages.map((m, index): Feeling => (saysNothingOfTheDay(m.content, index) ? 'neutral' : feelingOf(m.content, texts.slice(0, index))));
  const own = feelings.at(-1) ?? 'neutral';
  // A message that names no feeling is met as it is: an earlier reading carried over named the same (often
  // wrong) feeling turn after turn. A loss is the exception: what follows it is still part of the grief.
  const feeling: Feeling = own !== 'neutral' ? own : feelings.slice(-3, -1).includes('loss') ? 'loss' : 'neutral';
  const request = intent === 'request' && !onlyThanks ? requestOf(last) : null;
  const question = request ? null : questionOf(last, intent === 'question');
  const remembering = question !== null && REMEMBER_QUESTION.test(normalise(last));
  const birth = own === 'joy' && BIRTH.test(normalise(last));
  const invited = t.invitations.concat(t.gentleInvitation).some((line) => saidBefore(typeset(line)));

  if (goodbye && !question && !request) {
    // A goodbye is answered as one: no question that would keep them, the memory offered once if not yet.
    add(fresh((NIGHT.test(normalise(last)) ? t.goodbyes.night : t.goodbyes.day)(input.firstName)) ?? fresh(t.goodbyes.day(input.firstName)));
    if (turn >= INVITE_TURN && !invited && !saidBefore(typeset(t.goodbyeMemory))) add(typeset(t.goodbyeMemory));
    return parts.join(' ');
  }

  if (turn === 1) add(typeset(t.greeting(input.firstName)));
  // The latest memory, named once as the day begins: not over news that needs the whole attention, and only
  // in the conversation's own language.
  if (turn === 1 && input.recentMemoryTitle && titleSpeaks(input.recentMemoryTitle, language) && !HEAVY.has(own) && own !== 'mixed' && !birth) {
    add(fresh(t.remembered(input.recentMemoryTitle)));
  }

  // First, what the message carries: a loss, a birth, anger, joy, fear…
  if (feeling === 'loss') {
    const who = lostOne(last, language);
    const condolences = who ? typeset(t.condolences(who, g)) : null;
    add(condolences && !saidBefore(condolences) ? condolences : fresh(t.acknowledgements(g).loss));
  } else if (birth && !saidBefore(typeset(t.birth))) {
    add(typeset(t.birth));
  } else if (onlyThanks) {
    add(fresh(t.thanks) ?? fresh(t.acknowledgements(g).neutral));
  } else if (request || question ? own !== 'neutral' && own !== 'mixed' : own !== 'neutral' || turn > 1) {
    // A request or a question is answered, not commented on, unless it carries a feeling of its own.
    add(fresh(t.acknowledgements(g)[feeling]) ?? fresh(t.acknowledgements(g).neutral));
  }

  // Then what they asked for, within what the companion can do; their question, answered; or their words,
  // given back whole, once in a conversation at most (more sounds like an echo, not a listener).
  if (request) {
    const answers = t.requests(input.agentName, g);
    add(fresh(answers[request]) ?? fresh(answers.other));
  } else if (remembering) {
    add(rememberAnswer());
  } else if (question) {
    add(fresh(t.answers(g)[question]));
  } else if (own !== 'loss' && !onlyThanks && !onlyHello) {
    // Known by the frames' own words: a French quote is typeset, so the clause itself may not match.
    const quotedBefore = earlier.some((reply) =>
      t.quotes.some((frame) => typeset(frame('\u0001')).split('\u0001').some((part) => part.trim().length > 3 && reply.includes(part))),
    );
    const clause = quotedBefore ? null : quotableClause(last);
    const topic = readMood(last).themes[0];
    if (clause) add(fresh(t.quotes.map((frame) => frame(clause))) ?? fresh(t.nothingToQuote));
    else if (topic) add(fresh(t.topics.map((frame) => frame({ name: topic[language], about: aboutFr(topic.fr) }))));
    else if (turn === 1) add(fresh(t.nothingToQuote));
  }

  // Last, one question: theirs answered, the memory offered, or one that fits what they feel.
  const lastOffer = [...earlier].reverse().findIndex((reply) => t.invitations.concat(t.gentleInvitation, t.reminders).some((line) => reply.includes(typeset(line))));
  if (onlyHello) {
    add(fresh(t.hello) ?? fresh(t.questions.neutral));
  } else if (request) {
    if (turn >= INVITE_TURN && !invited && request !== 'pretty') add(GRIEVING.has(feeling) || feelings.includes('loss') ? typeset(t.gentleInvitation) : fresh(t.invitations));
    else if (request !== 'pretty') add(fresh(t.questions[feeling]) ?? fresh(t.questions.neutral));
  } else if (remembering) {
    add(fresh(t.questions.neutral));
  } else if (question) {
    add(fresh(t.answerQuestions[question]) ?? fresh(t.questions[feeling]));
  } else if (turn >= INVITE_TURN && !invited) {
    // A loss stays in the conversation after it is told: the memory is offered softly for the rest of it.
    add(GRIEVING.has(feeling) || feelings.includes('loss') ? typeset(t.gentleInvitation) : fresh(t.invitations));
  } else if (invited && lastOffer >= REMIND_EVERY - 1 && !HEAVY.has(feeling)) {
    add(fresh(t.reminders) ?? fresh(t.questions[feeling]));
  } else {
    add(fresh(t.questions[feeling]) ?? fresh(t.questions.neutral));
  }
  return parts.join(' ');
}

/**
 * Which feeling a reply acknowledges, from the companion's own sentences: how the benchmark tells a day met in
 * the wrong tone (congratulations on a funeral) from one met rightly. Null when it names none.
 */
export function toneOfReply(reply: string, language: Language): Feeling | null {
  const t = TEXTS[language];
  const typeset = (text: string) => (language === 'fr' ? typesetFrench(text) : text);
  for (const gender of ['masculine', 'feminine', 'neutral'] as const) {
    const g: Gendered = (masculine, feminine, neutral) => (gender === 'masculine' ? masculine : gender === 'feminine' ? feminine : neutral);
    const acknowledgements = t.acknowledgements(g);
    for (const feeling of Object.keys(acknowledgements) as Feeling[]) {
      if (feeling !== 'neutral' && acknowledgements[feeling].some((line) => reply.includes(typeset(line)))) return feeling;
    }
  }
  if (reply.includes(typeset(t.birth))) return 'joy';
  return null;
}

/** Feelings of a good day, and of a heavy one: a reply in the other's tone reads the day backwards. */
export const PLEASANT_FEELINGS: ReadonlySet<Feeling> = new Set(['joy', 'calm', 'tenderness', 'hope']);
export const HEAVY_FEELINGS = HEAVY;
export type { Feeling };

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
