import { describe, expect, it } from 'vitest';
import { normalise, tokens } from './normalise';

describe('normalise', () => {
  it('reads text that tries to hide as the words it hides', () => {
    const hidden: [string, string][] = [
      ['I want to d\u200Bie', 'i want to die'], // a zero-width space inside a word
      ['je veux m\u200Do\u2060urir', 'je veux mourir'], // a joiner and a word joiner
      ['i want to kіll myself', 'i want to kill myself'], // a Cyrillic і
      ['і wаnt tо dіе', 'i want to die'], // Cyrillic а, о, і, е
      ['ｉ ｗａｎｔ ｔｏ ｄｉｅ', 'i want to die'], // full-width letters
      ['𝐢 𝐰𝐚𝐧𝐭 𝐭𝐨 𝐝𝐢𝐞', 'i want to die'], // mathematical bold
      ['i wanna k1ll mys3lf', 'i wanna kill myself'], // digits for letters
      ['su1c1de', 'suicide'],
      ['$uicide', 'suicide'],
      ['je veux m0urir', 'je veux mourir'],
      ['j e  v e u x  m o u r i r', 'je veux mourir'], // spaced letters, wider gaps between words
      ['k.i.l.l', 'kill'],
      ['Je suis très fatiguée', 'je suis tres fatiguee'], // accents, as phones drop them
      ['noooooo', 'no'],
    ];
    for (const [text, expected] of hidden) expect(normalise(text), text).toBe(expected);
  });

  it('reads a symbol as a letter only inside a word, and leaves numbers that are numbers', () => {
    expect(normalise('help! we lost 5-0 at 2am, ps5 and 3eme')).toBe('help! we lost 5-0 at 2am, ps5 and 3eme');
  });

  it('asks the known words what a * hides', () => {
    expect(normalise('k*ll myself', { knows: (word) => word === 'kill' })).toBe('kill myself');
    expect(normalise('m*urir', { knows: (word) => word === 'mourir' })).toBe('mourir');
  });

  it('splits words on apostrophes and keeps pictographs as words', () => {
    expect(tokens(normalise("j’ai tout donné 💀"))).toEqual(['j', 'ai', 'tout', 'donne', '💀']);
  });
});
