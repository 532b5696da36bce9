// The one normaliser of everything that reads what people write (the crisis assessor, and later the mood and
// intent heads). It undoes what a keyboard, a phone or someone hiding a word does to text, so that a model
// trained on ordinary spelling reads the same words: compatibility forms folded (NFKC: full-width, styled
// and circled letters), invisible characters removed, look-alike letters of other scripts mapped to Latin,
// accents removed (phones drop them anyway), digits and symbols used as letters read as letters, letters
// spaced apart joined again, long repeated letters cut. It is pure and keeps nothing.

/** Characters that draw nothing: zero-width spaces and joiners, word joiner, BOM, soft hyphen, variation selectors. */
const INVISIBLE = /[\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0]|\u034F|\u17B4|\u17B5|\u180B|\u180C|\u180D|\uFE00|\uFE01|\uFE02|\uFE03|\uFE04|\uFE05|\uFE06|\uFE07|\uFE08|\uFE09|\uFE0A|\uFE0B|\uFE0C|\uFE0D|\uFE0E|\uFE0F/gu;

/**
 * Letters of other scripts drawn like Latin ones (Cyrillic, Greek, IPA and a few symbols), as used to slip a
 * word past a filter: "kіll" with a Cyrillic і. NFKC already folds styled Latin (𝐤𝐢𝐥𝐥, ｋｉｌｌ, ⓚⓘⓛⓛ).
 */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  ѕ: 's', і: 'i', ї: 'i', ј: 'j', һ: 'h', ԁ: 'd', ԛ: 'q', ԝ: 'w', ɡ: 'g', ь: 'b', п: 'n', и: 'u', л: 'n', г: 'r',
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', μ: 'u', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w',
  ς: 's', σ: 'o', ϲ: 'c', ɑ: 'a', ɩ: 'i', ı: 'i', ȷ: 'j', ℓ: 'l', ʟ: 'l', ɪ: 'i', ᴏ: 'o', ᴀ: 'a', ᴇ: 'e', ᴜ: 'u',
  œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l', þ: 'th',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'gu');

/** Digits and symbols typed for letters, read as letters only inside a word ("k1ll", "m0urir", "$uicide"). */
const AS_LETTERS: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's', '!': 'i', '|': 'l', '€': 'e', '£': 'l' };
/** A word with a digit that is a real word: times, ordinals, units, models ("2am", "3eme", "ps5", "mp3", "4x4"). */
const NUMBER_WORD = /^(\d+(st|nd|rd|th|er|ere|e|eme|em|ieme|h|hr|hrs|am|pm|x|k|kg|km|mg|ml|cm|mm|min|mins|s|ans|an|yo|yrs|y|m|j|mois|sec)?|\d+[a-z]?\d+|[a-z]+\d+|\d+x\d+)$/;

/** Pictographs people use as words (💀 = laughing, 😭, 🙃): kept as tokens of their own. */
const PICTOGRAPH = /\p{Extended_Pictographic}/gu;

export interface NormaliseOptions {
  /** Picks the letter a `*` hides ("k*ll", "su*cide"), from the words a model knows; the first vowel that makes a known word. */
  knows?: (word: string) => boolean;
}

const VOWELS = ['i', 'e', 'a', 'o', 'u'];

function unmaskWord(word: string, knows: NormaliseOptions['knows']): string {
  if (!/[a-z]/.test(word)) return word;
  let out = word;
  if (/[0-9@$!|€£]/.test(out) && !NUMBER_WORD.test(out)) {
    // Inside a word ("k1ll", "su!cide"), or starting one for what can ("3nd", "$uicide"); "help!" keeps its "!".
    const chars = [...out];
    const letterish = (c: string | undefined) => c !== undefined && (/[a-z]/.test(c) || c in AS_LETTERS);
    out = chars
      .map((c, i) => {
        if (!(c in AS_LETTERS)) return c;
        const before = letterish(chars[i - 1]);
        const after = letterish(chars[i + 1]);
        const starts = i === 0 && /[a-z]/.test(chars[1] ?? '') && !'!|'.includes(c);
        return (before && after) || starts ? AS_LETTERS[c]! : c;
      })
      .join('');
  }
  if (out.includes('*')) {
    const stars = out.split('*').length - 1;
    if (stars <= 2 && knows) {
      for (const vowel of VOWELS) {
        const candidate = out.replaceAll('*', vowel);
        if (knows(candidate)) return candidate;
      }
    }
    out = out.replaceAll('*', VOWELS[0]!);
  }
  return out;
}

/**
 * Letters spaced apart ("j e  v e u x  m o u r i r", "k.i.l.l m.y.s.e.l.f", "d-i-e"): a run of four or more
 * single letters is one word, or several where the gap between letters was wider.
 */
function joinSpacedLetters(text: string): string {
  return text.replace(/(?:^|(?<=\s))[a-z](?:(?: {1,3}|[.\-_·] ?)[a-z](?![a-z])){3,}/g, (run) => {
    const words = run.split(/ {2,}|[.\-_·] {1,}| {1,}[.\-_·]/);
    if (words.length > 1 && words.every((w) => w.replace(/[ .\-_·]/g, '').length >= 1)) return words.map((w) => w.replace(/[ .\-_·]/g, '')).join(' ');
    return run.replace(/[ .\-_·]/g, '');
  });
}

/** Text as the models read it: lower case, Latin letters without accents, words separated by single spaces. */
export function normalise(text: string, options: NormaliseOptions = {}): string {
  let out = text.normalize('NFKC').replace(INVISIBLE, '').toLowerCase();
  out = out.replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c] ?? c);
  out = out.normalize('NFD').replace(/\p{M}/gu, '');
  out = out.replace(/[’‘`´ʼ′]/g, "'").replace(/[“”«»„]/g, '"');
  out = out.replace(PICTOGRAPH, (c) => ` ${c} `);
  // Symbols inside a word are read as the letters they stand for before the word is split on them.
  out = out.replace(/[a-z0-9@$!|€£*]+/g, (word) => unmaskWord(word, options.knows));
  out = joinSpacedLetters(out);
  // Letters held down ("noooo", "dieeee") are emphasis: three or more become one.
  out = out.replace(/([a-z])\1{2,}/g, '$1');
  return out.replace(/\s+/g, ' ').trim();
}

/** Words, numbers and pictographs; an apostrophe splits ("j'ai" → "j", "ai"; "don't" → "don", "t"). */
export function tokens(normalised: string): string[] {
  return normalised.match(/[a-z0-9]+|\p{Extended_Pictographic}/gu) ?? [];
}
