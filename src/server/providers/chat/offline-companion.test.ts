import { describe, expect, it } from 'vitest';
import { composeReply, createOfflineCompanion, PLEASANT_FEELINGS, toneOfReply } from './offline-companion';

async function reply(language: 'en' | 'fr', userTurns: string[], safety: { level: 'none' | 'concern'; earlierCrisis: boolean } = { level: 'none', earlierCrisis: false }): Promise<string> {
  const companion = createOfflineCompanion({ delayMs: 0 });
  const messages: { role: 'user' | 'assistant'; content: string }[] = [{ role: 'assistant', content: 'Welcome.' }];
  let last = '';
  for (const content of userTurns) {
    messages.push({ role: 'user', content });
    last = '';
    for await (const piece of companion.streamReply({
      system: '',
      messages,
      language,
      signal: new AbortController().signal,
      agentName: 'Mira',
      firstName: 'Élodie',
      safety,
    })) {
      last += piece;
    }
    messages.push({ role: 'assistant', content: last });
  }
  return messages
    .filter((m) => m.role === 'assistant')
    .slice(1)
    .map((m) => m.content)
    .join('\n');
}

describe('offline companion', () => {
  it('writes French with a non-breaking space before : ; ! ? and inside « »', async () => {
    const text = await reply('fr', ['Je suis fatiguée ce soir.', 'Oui, ma collègue m’a aidée un peu.', 'Je crois que j’ai besoin de repos.', 'Merci !']);
    expect(text).toMatch(/«\u00a0/);
    expect(text).not.toMatch(/ [:;!?»]/);
    expect(text).not.toMatch(/« /);
  });

  it('does not greet again after the welcome: the first reply thanks the person by name', async () => {
    const text = await reply('en', ['Hello, today was long.']);
    expect(text.startsWith('Thank you for being here, Élodie.')).toBe(true);
  });

  it('says nothing about what it is in its replies: the chat header discloses it once', async () => {
    const en = await reply('en', ['Hello, today was long.']);
    const fr = await reply('fr', ['Bonjour, la journée a été longue.']);
    expect(en).not.toMatch(/offline companion|small note/i);
    expect(fr).not.toMatch(/compagnon hors ligne|petite précision/i);
  });

  it('on a worrying day, asks gently instead of quoting, and says where help is once', async () => {
    const worried = { level: 'concern' as const, earlierCrisis: false };
    for (const [language, turns, pointer, echo] of [
      ['en', ['I can’t take this anymore.', 'Everything feels empty.', 'I don’t know.'], /Need help now\?/g, /take this anymore|empty/i],
      ['fr', ['Je n’en peux plus.', 'Tout me semble vide.', 'Je ne sais pas.'], /Besoin d’aide maintenant/g, /en peux plus|vide/i],
    ] as const) {
      const text = await reply(language, [...turns], worried);
      // Their own words are not quoted back to them on such a day.
      expect(text).not.toMatch(echo);
      expect(text.match(pointer)).toHaveLength(1);
      expect(new Set(text.split('\n')).size).toBe(3);
    }
  });
});

type Turn = { role: 'user' | 'assistant'; content: string };
type Options = { gender?: 'feminine' | 'masculine' | 'neutral'; title?: string | null };

/** Every reply of a conversation, composed as the chat would, each seeing the replies before it. */
function conversation(language: 'en' | 'fr', userTurns: string[], options: Options = {}): string[] {
  const messages: Turn[] = [{ role: 'assistant', content: language === 'fr' ? 'Bonsoir. Comment s’est passée ta journée ?' : 'Good evening. How was your day?' }];
  const replies: string[] = [];
  for (const content of userTurns) {
    messages.push({ role: 'user', content });
    const reply = composeReply({
      messages,
      language,
      agentName: 'Mira',
      firstName: 'Sam',
      agentGender: options.gender ?? 'feminine',
      safety: { level: 'none', earlierCrisis: false },
      recentMemoryTitle: options.title ?? null,
    });
    replies.push(reply);
    messages.push({ role: 'assistant', content: reply });
  }
  return replies;
}
const first = (language: 'en' | 'fr', text: string, options: Options = {}) => conversation(language, [text], options)[0]!;
const sentencesOf = (reply: string) => reply.split(/(?<=[.!?])\s+/).filter(Boolean);
/** The person's words quoted back, without the marks. */
const quotesOf = (reply: string) => [...reply.matchAll(/“([^”]+)”|«\u00a0([^»]+?)\u00a0»/g)].map((m) => m[1] ?? m[2]!);

describe('offline companion: quoting', () => {
  const LONG = {
    en: 'I keep thinking about his garden, the one he planted when I was a child, with the roses along the fence and the old apple tree that we climbed every summer.',
    fr: 'Je repense à son jardin, celui qu’il avait planté quand j’étais petite, avec les roses le long de la clôture et le vieux pommier où on grimpait chaque été.',
  };

  it('quotes a whole clause of a long message, never a piece cut mid-word or mid-thought', () => {
    for (const language of ['en', 'fr'] as const) {
      const [quote] = quotesOf(first(language, LONG[language]));
      expect(quote, language).toBe(language === 'en' ? 'I keep thinking about his garden' : 'Je repense à son jardin');
    }
  });

  it('quotes only what the person wrote, each quote ending where a clause ends', () => {
    const messages = [
      'Hello, today was long.',
      'My sister called me after lunch, and we laughed about the old days for an hour, which I really needed after this week.',
      'We planted tomatoes in the community garden.',
      'Bonjour, la journée a été longue.',
      'Ma sœur m’a appelée après le déjeuner, et on a ri des vieux souvenirs pendant une heure, ce dont j’avais vraiment besoin.',
      'On a planté des tomates dans le jardin partagé.',
    ];
    for (const message of messages) {
      const language = /[àéèêçœ]|Bonjour|On a/.test(message) ? 'fr' : 'en';
      for (const quote of quotesOf(first(language, message))) {
        expect(quote, message).not.toMatch(/…/);
        const at = message.toLowerCase().indexOf(quote.toLowerCase());
        expect(at, `${quote} in ${message}`).toBeGreaterThanOrEqual(0);
        // It ends at a comma, a full stop or the end of the message, and starts where a clause starts.
        expect(message.slice(at + quote.length).trim(), quote).toMatch(/^([.,;:!?…]|$)/);
        expect(message.slice(0, at).trim(), quote).toMatch(/(^|[.,;:!?…]|\b(and|but|et|mais|hello|bonjour)[,]?)$/i);
      }
    }
  });

  it('says what it was about when no clause stands on its own, and never quotes a question', () => {
    const reply = first('en', 'The meeting at work, the deadline for the project, the boss, the colleagues, the emails, the phone calls, all of it, again and again.');
    expect(quotesOf(reply)).toEqual([]);
    expect(reply).toMatch(/work/);
    expect(quotesOf(first('en', 'Is it normal to feel this way after a move?'))).toEqual([]);
  });
});

describe('offline companion: never the same sentence twice', () => {
  it('walks on to new sentences in a long conversation, even when the person repeats themselves', () => {
    const turns = {
      en: ['Hello.', 'I had a long day at work.', 'I had a long day at work.', 'I am tired.', 'I am tired.', 'Yes.', 'Thank you.', 'ok', 'ok', 'ok', 'What should I do?', 'What should I do?'],
      fr: ['Bonjour.', 'Longue journée au travail.', 'Longue journée au travail.', 'Je suis fatiguée.', 'Je suis fatiguée.', 'Oui.', 'Merci.', 'ok', 'ok', 'ok', 'Qu’est-ce que je dois faire ?', 'Qu’est-ce que je dois faire ?'],
    };
    for (const language of ['en', 'fr'] as const) {
      const replies = conversation(language, turns[language]);
      const sentences = replies.flatMap(sentencesOf);
      const repeated = sentences.filter((sentence, index) => sentences.indexOf(sentence) !== index);
      expect(repeated, language).toEqual([]);
      // Each reply still says something.
      for (const reply of replies) expect(reply.length, language).toBeGreaterThan(10);
    }
  });
});

describe('offline companion: direct questions', () => {
  it.each([
    ['en', 'My mum wants me to move back home. What should I do?', /can’t decide that for you|one right answer|real question/],
    ['en', 'I told my friend off today. What do you think?', /can’t judge|don’t have opinions|isn’t mine to say/],
    ['fr', 'Ma mère veut que je revienne vivre chez elle. Qu’est-ce que je dois faire ?', /décider à ta place|seule bonne réponse|vraie question/],
    ['fr', 'J’ai recadré mon ami aujourd’hui. Tu en penses quoi ?', /en juger|pas d’avis|pas à moi de trancher/],
    ['fr', 'Je n’arrive pas à choisir entre les deux postes, que dois-je faire ?', /décider à ta place|seule bonne réponse|vraie question/],
  ] as const)('answers a direct question gently (%s: %s)', (language, text, answer) => {
    const reply = first(language, text);
    expect(reply).toMatch(answer);
    // The question is answered, not quoted back, and the reply ends on one gentle question of its own.
    expect(quotesOf(reply).join(' ')).not.toMatch(/\?/);
    expect(reply.trim().endsWith('?')).toBe(true);
  });
});

describe('offline companion: what the day carries comes first', () => {
  const NOT_AFTER_A_LOSS = /remember about this moment|garder de ce moment|If today had a colour|avait une couleur/;
  /** The reply's sentences before its first question. */
  const beforeAsking = (reply: string) => reply.slice(0, reply.indexOf('?') === -1 ? undefined : reply.indexOf('?')).replace(/[^.!]*$/, '');

  it.each([
    ['en', 'We buried my grandfather this morning.', /so sorry about your grandfather/],
    ['en', 'My dog died yesterday.', /so sorry about your dog/],
    ['fr', 'On a enterré mon grand-père ce matin.', /désolée pour ton grand-père/],
    ['fr', 'Ma mère est décédée la semaine dernière.', /désolée pour ta mère/],
  ] as const)('meets a loss with condolences, not a stock question (%s: %s)', (language, text, words) => {
    const reply = first(language, text);
    expect(beforeAsking(reply)).toMatch(words);
    expect(reply).not.toMatch(NOT_AFTER_A_LOSS);
    expect(quotesOf(reply)).toEqual([]);
  });

  it('keeps a loss in mind through the conversation: no stock question, a softer offer of the memory', () => {
    for (const [language, turns] of [
      ['en', ['We buried my grandfather this morning.', 'The whole family was there.', 'I don’t know.', 'Yes.']],
      ['fr', ['On a enterré mon grand-père ce matin.', 'Toute la famille était là.', 'Je ne sais pas.', 'Oui.']],
    ] as const) {
      const text = conversation(language, [...turns]).join('\n');
      expect(text, language).not.toMatch(NOT_AFTER_A_LOSS);
      expect(text, language).toMatch(language === 'en' ? /There is no hurry/ : /Rien ne presse/);
    }
  });

  it.each([
    ['en', 'My boss humiliated me in front of everyone, I am furious.', /frustrating|angry|unfair|under your skin/],
    ['en', 'My niece was born this morning, I cried happy tears!', /new life in the family/],
    ['en', 'We finally got the keys to our new flat, I am so happy.', /wonderful news|beautiful moment|joy|lovely|happy thing/],
    ['en', 'I’m scared about the scan results tomorrow.', /frightening|worry|afraid|Fear|anxious/],
    ['fr', 'Mon patron m’a humiliée devant tout le monde, je suis furieuse.', /frustrant|colère|injuste|en travers/],
    ['fr', 'Ma nièce est née ce matin, j’ai pleuré de joie !', /nouvelle vie dans la famille/],
    ['fr', 'On a enfin eu les clés de notre appartement, je suis tellement heureuse.', /merveilleuse nouvelle|beau moment|joie|contente pour toi|bonheur/],
    ['fr', 'J’ai peur des résultats de l’examen demain.', /effrayant|inquiétude|peur|inquiète/],
  ] as const)('names the feeling before asking anything (%s: %s)', (language, text, words) => {
    const reply = first(language, text);
    expect(beforeAsking(reply)).toMatch(words);
  });

  it('hears a negation: "not sad at all" is not met with sorrow', () => {
    for (const [language, text, sorrow] of [
      ['en', 'I’m not sad at all today, just a slow Sunday.', /sorry|heavy|hard|Sadness/],
      ['fr', 'Je ne suis pas triste du tout, juste un dimanche tranquille.', /désolée|lourde|difficile|tristesse/],
    ] as const) {
      expect(first(language, text), language).not.toMatch(sorrow);
    }
  });
});

describe('offline companion: its own grammatical gender in French', () => {
  const DAYS = [
    ['J’ai eu la promotion, je suis tellement heureuse !', 'On a fêté ça.', 'Merci.'],
    ['On a enterré mon grand-père ce matin.', 'Toute la famille était là.'],
    ['Je suis triste ce soir.', 'La journée a été lourde.', 'Je ne sais pas.'],
    ['Comment vas-tu ?', 'Et toi, comment ça va ?'],
    ['Est-ce que tu es une IA ?'],
    ['Ma sœur s’est mariée, quelle joie !', 'On a dansé.', 'C’était magnifique.', 'Je suis contente.', 'Vraiment heureuse.'],
  ];
  // The person's own words, quoted back, are theirs: only the companion's are checked.
  const everything = (gender: 'feminine' | 'masculine' | 'neutral') =>
    DAYS.flatMap((turns) => conversation('fr', turns, { gender }))
      .join('\n')
      .replace(/«[^»]*»/g, '«»');
  // What the agent says of itself: "je suis contente", "je suis désolé", "heureuse de t’écouter", "la compagne".
  const FEMININE = /je suis (vraiment |tellement )?(désolée|contente)|heureuse de t’écouter|la compagne/i;
  const MASCULINE = /je suis (vraiment |tellement )?(désolé|content)\b(?!e)|heureux de t’écouter|le compagnon/i;

  it('agrees with a feminine name, a masculine one, or uses wording that needs no agreement', () => {
    const feminine = everything('feminine');
    expect(feminine).toMatch(FEMININE);
    expect(feminine).not.toMatch(MASCULINE);
    const masculine = everything('masculine');
    expect(masculine).toMatch(MASCULINE);
    expect(masculine).not.toMatch(FEMININE);
    const neutral = everything('neutral');
    expect(neutral).not.toMatch(FEMININE);
    expect(neutral).not.toMatch(MASCULINE);
  });
});

describe('offline companion: continuity', () => {
  it('names the latest memory as the day begins, once, and not over hard news', () => {
    const [opening, next] = conversation('en', ['Hello, I had a walk by the river.', 'It was nice.'], { title: 'The blue kite' });
    expect(opening).toContain('“The blue kite”');
    expect(next).not.toContain('kite');
    expect(first('fr', 'Bonsoir, j’ai marché au bord de la rivière.', { title: 'Le cerf-volant bleu' })).toContain('«\u00a0Le cerf-volant bleu\u00a0»');
    expect(first('en', 'My dog died yesterday.', { title: 'The blue kite' })).not.toContain('kite');
    expect(first('fr', 'Je suis furieuse contre mon frère.', { title: 'Le cerf-volant bleu' })).not.toContain('cerf-volant');
  });
});

describe('offline companion: what is not a question', () => {
  it('does not take "toi et moi" for a question, nor answer a statement', () => {
    for (const [language, text] of [
      ['fr', 'Mon amie et toi, vous seriez bien ensemble, je crois.'],
      ['en', 'I think it went well today.'],
    ] as const) {
      expect(first(language, text), text).not.toMatch(/Merci de demander|C’est gentil de demander|Thank you for asking|can’t judge|pas d’avis|bonne question|good question/);
    }
    expect(first('fr', 'Bonne journée dans l’ensemble, et toi ?')).toMatch(/Merci de demander|C’est gentil de demander/);
  });
});

describe('offline companion: small messages', () => {
  it('answers a bare hello by asking about the day, and a thank-you without quoting it', () => {
    expect(first('en', 'hi')).toMatch(/Thank you for being here, Sam\. (How was your day\?|What would you like to tell me about today\?|What is on your mind today\?)$/);
    expect(first('fr', 'Salut !')).toMatch(/^Merci d’être là, Sam\. (Comment s’est passée ta journée|Qu’aimerais-tu me raconter de ta journée|Qu’est-ce qui t’occupe l’esprit aujourd’hui)\u00a0\?$/);
    const [, thanks] = conversation('fr', ['Ma sœur a eu son bébé.', 'Merci beaucoup !']);
    expect(quotesOf(thanks!)).toEqual([]);
  });

  it('never meets a day someone calls down as restful, not even on the message after it', () => {
    for (const [language, turns] of [
      ['en', ['just kind of down today. grey sky all day, didnt leave the flat. no reason really', 'is that weird?']],
      ['fr', ['bof, journee grise, chui pas sortie de lappart. un peu down sans raison', 'cest bizarre?']],
    ] as const) {
      for (const reply of conversation(language, [...turns])) {
        const tone = toneOfReply(reply, language);
        expect(tone !== null && PLEASANT_FEELINGS.has(tone), `${language}: ${reply}`).toBe(false);
      }
    }
  });

  it('never meets tears right after good news with sympathy', () => {
    for (const [language, turns] of [
      ['en', ['I got into the university I wanted!', 'My mum cried, I cried, everyone cried.']],
      ['fr', ['J’ai été prise à l’université que je voulais !', 'Ma mère a pleuré, j’ai pleuré, tout le monde a pleuré.']],
    ] as const) {
      const [, tears] = conversation(language, [...turns]);
      // Joy or hope meet the day rightly, and so does naming no feeling when the reading is split; sympathy for
      // a sad day would read it backwards.
      const tone = toneOfReply(tears!, language);
      expect(tone === null || PLEASANT_FEELINGS.has(tone), `${language}: ${tears}`).toBe(true);
    }
  });
});

describe('offline companion: understanding the day and answering what is asked', () => {
  const turns = (language: 'en' | 'fr', lines: string[], extra: Partial<Parameters<typeof composeReply>[0]> = {}) => {
    const messages: { role: 'user' | 'assistant'; content: string }[] = [];
    const replies: string[] = [];
    for (const content of lines) {
      messages.push({ role: 'user', content });
      const text = composeReply({ messages, language, agentName: 'Mira', firstName: 'Alex', agentGender: 'feminine', safety: { level: 'none', earlierCrisis: false }, ...extra });
      messages.push({ role: 'assistant', content: text });
      replies.push(text);
    }
    return replies;
  };

  it('never congratulates a funeral, nor reads an idiom of anger or tiredness as joy', () => {
    const [funeral] = turns('fr', ['jai fait le discours aux funerailles de ma grand-mere ce matin, toute la famille pleurait']);
    expect(funeral).not.toMatch(/merveilleuse nouvelle|joie/i);
    const [manager] = turns('en', ['my manager is going to kill me, the report is three days late']);
    expect(manager).not.toMatch(/joy|wonderful|lovely/i);
  });

  it('answers requests within what it can do', () => {
    const [pretty] = turns('en', ['we walked by the canal and saw sunflowers', 'can you make it into something pretty?']).slice(1);
    expect(pretty).toMatch(/artwork|memory/);
    const [luck] = turns('fr', ['lundi jai mon entrevue', 'tu peux me souhaiter bonne chance pour lundi ?']).slice(1);
    expect(luck).toMatch(/Bonne chance|vœux/);
  });

  it('answers "will it get better" honestly, and never says it has no answer', () => {
    const replies = turns('fr', ['ma rupture me fait encore mal', 'est-ce que ça passe un jour ?']);
    expect(replies[1]).toMatch(/s’adoucissent|plus léger/);
    for (const text of [...replies, ...turns('en', ['what is the meaning of all this?'])]) expect(text).not.toMatch(/don’t have the answer|n’ai pas la réponse/);
  });

  it('says goodnight to a goodnight', () => {
    const replies = turns('en', ['hey mira', 'quiet day, tea and a book', 'goodnight mira']);
    expect(replies[2]).toMatch(/^(Goodnight|Sleep well), Alex/);
    expect(replies[2]).not.toMatch(/\?/);
  });

  it('quotes the person at most once in a conversation', () => {
    const lines = ['I walked to the bakery with my daughter this morning.', 'We bought the last croissants before the rush.', 'My mother called me in the afternoon.', 'I finally fixed the garden gate.'];
    const replies = turns('en', lines);
    expect(replies.filter((reply) => /“[^”]+”/.test(reply)).length).toBeLessThanOrEqual(1);
  });

  it('answers "do you remember" from the facts the person shared, or says honestly what it can remember', () => {
    const remembered = { titles: ['A walk by the sea'], facts: ['Biscuit is my old cat', 'My sister Léa lives in Lyon'] };
    const [biscuit] = turns('en', ['who is Biscuit?'], { remembered });
    expect(biscuit).toContain('Biscuit is my old cat');
    const [nothing] = turns('en', ['do you remember what I told you about my brother?'], { remembered: { titles: [], facts: [] } });
    expect(nothing).toMatch(/What Mira remembers/);
    expect(nothing).not.toMatch(/don’t have the answer/);
  });

  it('does not name an English memory title in a French conversation', () => {
    const [opening] = turns('fr', ['bonsoir, journée tranquille au jardin'], { recentMemoryTitle: 'Work and a burning heart' });
    expect(opening).not.toContain('Work and a burning heart');
  });
});
