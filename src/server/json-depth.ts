/** How deep a JSON body may nest: far deeper than any payload of the app, far shallower than costs anything. */
export const MAX_JSON_DEPTH = 64;

export const JSON_TOO_DEEP_MESSAGE = `JSON nested deeper than ${MAX_JSON_DEPTH} levels is not accepted.`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether JSON text opens more than `max` arrays or objects one inside another. One pass over the characters,
 * stopping at the first bracket past the bound, and before anything parses the text: a megabyte of brackets is
 * half a million levels, which the parser and every walk over its result would each pay for. Brackets inside
 * strings (escaped quotes included) are text. Malformed text is not judged here: the parser refuses it after.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}
