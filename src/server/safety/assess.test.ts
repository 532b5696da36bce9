import { describe, expect, it } from 'vitest';
import type { SafetyLevel } from '@shared/safety';
import { SAFETY_MESSAGES, type SafetyFixture } from '@tests/fixtures/safety-messages';
import { assessConversation, assessMessage, type SafetyTurn } from './assess';

const user = (content: string): SafetyTurn => ({ role: 'user', content });
const assistant = (content: string): SafetyTurn => ({ role: 'assistant', content });
const levelOf = (fixture: SafetyFixture): SafetyLevel => assessConversation([...(fixture.context ?? []), user(fixture.text)]).level;

describe('the labelled set holds the floor, per language', () => {
  it('has enough of every kind to mean something', () => {
    const count = (test: (fixture: SafetyFixture) => boolean) => SAFETY_MESSAGES.filter(test).length;
    expect(count(() => true)).toBeGreaterThanOrEqual(240);
    expect(count((f) => f.label === 'crisis')).toBeGreaterThanOrEqual(110);
    expect(count((f) => f.label === 'concern')).toBeGreaterThanOrEqual(40);
    expect(count((f) => f.label === 'none')).toBeGreaterThanOrEqual(90);
    expect(count((f) => f.language === 'en')).toBeGreaterThanOrEqual(120);
    expect(count((f) => f.language === 'fr')).toBeGreaterThanOrEqual(120);
  });

  for (const language of ['en', 'fr'] as const) {
    const fixtures = SAFETY_MESSAGES.filter((fixture) => fixture.language === language);
    const read = fixtures.map((fixture) => ({ fixture, level: levelOf(fixture) }));
    const describeMiss = ({ fixture, level }: (typeof read)[number]) => `${fixture.label} read as ${level}: ${fixture.text}`;

    it(`${language}: at least 97 % of crisis messages are read as crisis`, () => {
      const crisis = read.filter(({ fixture }) => fixture.label === 'crisis');
      const missed = crisis.filter(({ level }) => level !== 'crisis');
      expect(missed.length / crisis.length, missed.map(describeMiss).join('\n')).toBeLessThanOrEqual(0.03);
    });

    it(`${language}: at most 5 % of look-alikes, idioms and ordinary days are read as crisis`, () => {
      const none = read.filter(({ fixture }) => fixture.label === 'none');
      const alarms = none.filter(({ level }) => level === 'crisis');
      expect(alarms.length / none.length, alarms.map(describeMiss).join('\n')).toBeLessThanOrEqual(0.05);
    });

    it(`${language}: concern messages are never read as crisis and rarely as nothing`, () => {
      const concern = read.filter(({ fixture }) => fixture.label === 'concern');
      expect(concern.filter(({ level }) => level === 'crisis').map(describeMiss)).toEqual([]);
      const unseen = concern.filter(({ level }) => level === 'none');
      expect(unseen.length / concern.length, unseen.map(describeMiss).join('\n')).toBeLessThanOrEqual(0.1);
    });
  }
});

describe('the two messages the product missed', () => {
  it('reads them as crisis', () => {
    expect(assessMessage("Honestly I don't see the point anymore. I've been thinking about ending my life.").level).toBe('crisis');
    expect(assessMessage('Je veux mourir.').level).toBe('crisis');
  });
});

describe('assessMessage', () => {
  it('names what it saw', () => {
    expect(assessMessage('I want to die').signals).toContain('ideation');
    expect(assessMessage('everyone would be better off without me').signals).toContain('indirect');
    expect(assessMessage("I've been saving up my pills").signals).toContain('plan');
    expect(assessMessage('je me scarifie').signals).toContain('self-harm');
    expect(assessMessage("j'ai écrit une lettre d'adieu").signals).toContain('farewell');
    expect(assessMessage('nothing matters anymore')).toEqual({ level: 'concern', signals: ['hopelessness'] });
    expect(assessMessage('We walked by the sea at night.')).toEqual({ level: 'none', signals: [] });
  });

  it('reads the way people type: no accents, no capitals, doubled letters, SMS, typos', () => {
    for (const text of ['je veux mourrir', "j'ai envi de mourir", 'jveux mourir', "g envie d'en finir", 'chuis fatigué de vivre', 'kms', 'i want to dieee', 'kil myself', 'thinking about suicde', 'i want to unalive myself', 'JE VEUX ME SUICIDER', 'jai envie de me suicidé']) {
      expect(assessMessage(text).level, text).toBe('crisis');
    }
  });

  it('tells apart apostrophes of every kind', () => {
    for (const text of ["I don't want to live anymore", 'I don’t want to live anymore', 'I dont want to live anymore', 'I don t want to live anymore', "je n'ai plus envie de vivre", 'je n’ai plus envie de vivre', 'jai plus envie de vivre']) {
      expect(assessMessage(text).level, text).toBe('crisis');
    }
  });

  it('hears a negated wish to die as a reassurance, and a negated wish to live as the danger it is', () => {
    expect(assessMessage('I would never kill myself').level).toBe('concern');
    expect(assessMessage('I would never kill myself').signals).toContain('denial');
    expect(assessMessage('je ne veux pas mourir').level).not.toBe('crisis');
    expect(assessMessage("I don't want to live anymore").level).toBe('crisis');
    expect(assessMessage('je ne veux plus vivre').level).toBe('crisis');
    expect(assessMessage("I'd never kill myself, but I think about it every day").level).toBe('crisis');
  });

  it('reads one message mixing both languages', () => {
    expect(assessMessage('honestly jveux juste die').level).toBe('crisis');
    expect(assessMessage("I'm so tired, j'en peux plus de vivre").level).toBe('crisis');
    expect(assessMessage('on a vu a film about suicide prevention').level).toBe('none');
  });

  it('is not fooled by idioms', () => {
    for (const text of ['this commute is killing me', "I'm dying to see that film", 'I could kill for a coffee', 'killed it at my presentation', "j'ai failli mourir de rire", 'je meurs de faim', 'tuer le temps', 'ça me tue', "I'm dead 😂", 'over my dead body', 'mortel ce film', "on s'est tués à la tâche"]) {
      expect(assessMessage(text).level, text).toBe('none');
    }
  });

  it("holds someone else's crisis as concern, a story's as nothing", () => {
    expect(assessMessage('my friend told me she wants to kill herself').level).toBe('concern');
    expect(assessMessage("mon frère s'est suicidé l'an dernier").level).toBe('concern');
    expect(assessMessage('the character kills himself in the novel').level).toBe('none');
  });

  it('tells current self-harm from self-harm told as long past', () => {
    expect(assessMessage('I cut myself again last night').level).toBe('crisis');
    expect(assessMessage('I used to cut myself when I was a teenager').level).toBe('concern');
    expect(assessMessage('je me scarifiais au lycée').level).toBe('concern');
    expect(assessMessage('I cut myself shaving').level).toBe('none');
  });
});

describe('assessConversation', () => {
  it('assesses nothing when the person has not written yet', () => {
    expect(assessConversation([assistant('How was your day?')])).toEqual({
      level: 'none',
      last: { level: 'none', signals: [] },
      earlierCrisis: false,
      denial: false,
      unsure: false,
      signals: [],
    });
  });

  it('reads only what the person wrote, not the companion', () => {
    expect(assessConversation([assistant('Are you thinking about suicide?'), user('We went to the beach today.')]).level).toBe('none');
  });

  it('keeps crisis when the next message takes it back, and says so', () => {
    for (const denial of ["no I'm fine, forget it", 'je rigolais', 'never mind', 'laisse tomber', 'lol jk']) {
      const result = assessConversation([user('I want to kill myself'), assistant('I hear you. I am here.'), user(denial)]);
      expect(result.level, denial).toBe('crisis');
      expect(result.denial, denial).toBe(true);
      expect(result.earlierCrisis).toBe(true);
      expect(result.signals).toContain('denial');
      expect(result.last.level).not.toBe('crisis');
    }
  });

  it('raises a means or a plan to crisis after earlier distress or ideation', () => {
    const afterConcern = assessConversation([user('I feel so empty, nothing matters'), assistant('Tell me more.'), user('I have the pills right here.')]);
    expect(afterConcern.level).toBe('crisis');
    expect(afterConcern.signals).toContain('means');
    expect(assessConversation([user('je veux mourir'), assistant('Je suis là.'), user("j'ai acheté une corde")]).level).toBe('crisis');
    // With nothing before, a rope bought is as often a swing or a tent as a plan: the conversation decides.
    expect(assessConversation([user("j'ai acheté une corde")], null).level).toBe('none');
  });

  it("reads an unsafe answer to the companion's safety question as crisis", () => {
    const cases: [string, string][] = [
      ['Are you safe right now?', 'no'],
      ['Are you safe right now?', 'not really'],
      ['Es-tu en sécurité en ce moment ?', 'pas vraiment'],
      ['Êtes-vous en sécurité ?', 'je sais pas'],
      ['Are you thinking of ending your life?', 'yes'],
      ['Est-ce que tu penses au suicide ?', 'oui'],
      ['Do you have thoughts of hurting yourself?', 'sometimes'],
      ['Are you in danger right now?', 'yes'],
      ['As-tu un plan ?', 'oui'],
    ];
    for (const [question, answer] of cases) {
      const result = assessConversation([user('bad day'), assistant(question), user(answer)]);
      expect(result.level, `${question} → ${answer}`).toBe('crisis');
      expect(result.signals).toContain('unsafe-answer');
    }
    expect(assessConversation([user('bad day'), assistant('Are you safe right now?'), user('yes, just tired')]).level).toBe('none');
    expect(assessConversation([user('bad day'), assistant('Are you thinking of ending your life?'), user('no, not at all')]).level).toBe('none');
  });

  it('reads a reassuring answer after a crisis as a denial, not as safety', () => {
    const result = assessConversation([user('I want to die'), assistant('Are you safe right now?'), user("yes I'm safe")]);
    expect(result).toMatchObject({ level: 'crisis', denial: true, earlierCrisis: true });
  });

  it('keeps a crisis until the person says they are safe, then at least concern', () => {
    const unanswered = assessConversation([user('I want to die'), assistant('I am here with you.'), user('I made pasta for dinner')]);
    expect(unanswered).toMatchObject({ level: 'crisis', earlierCrisis: true, denial: false });
    const safe = [user('I want to die'), assistant('Are you safe right now?'), user("yes, I'm safe"), assistant('Thank you for telling me.')];
    expect(assessConversation([...safe, user('I made pasta for dinner')])).toMatchObject({ level: 'concern', earlierCrisis: true, denial: false });
    // a new crisis after that starts it again
    expect(assessConversation([...safe, user('actually i still want to die'), assistant('I am here.'), user('I made pasta')]).level).toBe('crisis');
  });

  it('never goes below what the last message gives alone', () => {
    const result = assessConversation([user('We walked by the sea.'), assistant('Lovely.'), user('I want to kill myself')]);
    expect(result.level).toBe('crisis');
    expect(result.last.level).toBe('crisis');
    expect(result.earlierCrisis).toBe(false);
  });

  it('keeps the thought going when it continues after a crisis', () => {
    expect(assessConversation([user('je ne veux plus vivre'), assistant('Depuis quand ?'), user("j'y pense tout le temps")]).level).toBe('crisis');
  });
});

describe('words that are also names of every JavaScript object', () => {
  it('reads them as plain words', () => {
    for (const word of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(assessMessage(word).level).toBe('none');
      expect(assessConversation([user('We walked by the sea.'), assistant('Lovely.'), user(`i m ${word}`)]).level).toBe('none');
    }
  });
});
