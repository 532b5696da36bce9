import { describe, expect, it } from 'vitest';
import { asksWhoAnswers, builtInCompanionAnswer, disclosureDue } from './disclosure';

const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('when the chat says again who answers', () => {
  const now = at('2026-11-28T20:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('says nothing on the first reply it times: the conversation’s header has just said it', () => {
    expect(disclosureDue(null, now)).toEqual({ due: null, next: { lastReplyAt: now, disclosedAt: now } });
  });

  it('says it after seven days away, not after six', () => {
    expect(disclosureDue({ lastReplyAt: ago(7 * DAY), disclosedAt: ago(7 * DAY) }, now).due).toBe('return');
    expect(disclosureDue({ lastReplyAt: ago(6 * DAY), disclosedAt: ago(6 * DAY) }, now).due).toBeNull();
  });

  it('says it three hours into a conversation, then not again until three more hours', () => {
    const long = disclosureDue({ lastReplyAt: ago(5 * MINUTE), disclosedAt: ago(3 * HOUR) }, now);
    expect(long).toEqual({ due: 'long', next: { lastReplyAt: now, disclosedAt: now } });
    const later = new Date(now.getTime() + 10 * MINUTE);
    expect(disclosureDue(long.next, later)).toEqual({ due: null, next: { lastReplyAt: later, disclosedAt: now } });
    expect(disclosureDue({ lastReplyAt: ago(5 * MINUTE), disclosedAt: ago(2 * HOUR + 59 * MINUTE) }, now).due).toBeNull();
  });

  it('starts the three hours again after a pause: a new conversation, introduced by its header', () => {
    const afterPause = disclosureDue({ lastReplyAt: ago(45 * MINUTE), disclosedAt: ago(5 * HOUR) }, now);
    expect(afterPause).toEqual({ due: null, next: { lastReplyAt: now, disclosedAt: now } });
  });
});

describe('asking who answers', () => {
  it.each([
    'are you a real person?',
    'Are you human',
    'r u a bot??',
    'wait, am I talking to a real person?',
    'is this an AI?',
    'Are you an AI or a human?',
    't’es un humain ?',
    "t'es une IA ?",
    'Tu es une vraie personne ?',
    'es-tu un robot',
    'Est-ce que tu es humaine ?',
    'je parle à une machine ?',
    'C’EST UN ROBOT ?',
  ])('hears “%s”', (message) => expect(asksWhoAnswers(message)).toBe(true));

  it.each([
    'My sister is a real person to talk to',
    'I am a human being with feelings',
    'Are you there?',
    'j’ai parlé à une personne au travail',
    'Tu es là ?',
    'The robot vacuum broke again',
  ])('does not hear “%s”', (message) => expect(asksWhoAnswers(message)).toBe(false));

  it('answers in the built-in companion’s own words, feminine in French by default', () => {
    expect(builtInCompanionAnswer('en', 'Mira', 'feminine')).toMatch(/^No, I'm not a person\. I'm Mira, Souvenir's built-in companion/);
    expect(builtInCompanionAnswer('fr', 'Mira', 'feminine')).toMatch(/^Non, je ne suis pas une personne\. Je suis Mira, la compagne intégrée de Souvenir/);
    expect(builtInCompanionAnswer('fr', 'Théo', 'masculine')).toContain('le compagnon intégré de Souvenir');
  });
});
