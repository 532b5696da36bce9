/**
 * The part of the app's stylesheet a drawn page uses, to put inside it (docs/decisions/0091-drawn-pages-carry-their-own-styles.md).
 *
 * The whole stylesheet is about 10 KB compressed; inside a page it pushed the community and privacy pages past the
 * 14.6 KB a new connection delivers in its first round trip, so their first paint waited for one more. A rule is kept
 * when the page's HTML has every class its selector needs; rules that name no class (the reset, the theme's
 * variables, the fonts, the keyframes) are always kept. The app links the rest when it starts, every rule but the
 * fonts (src/web/lib/page-styles.ts), before it draws anything the server did not.
 */

interface Statement {
  text: string;
}
interface Rule {
  prelude: string;
  body: string;
}
interface Group {
  prelude: string;
  children: Node[];
}
type Node = Statement | Rule | Group;

/** The at-rules whose blocks hold rules of their own, filtered like the top level. */
const GROUPING = /^@(media|supports|layer|container|scope)\b/;

/** Past what starts at `i` and is read whole (a quoted string, a comment, an escaped character); else `i + 1`. */
function next(css: string, i: number): number {
  const c = css[i];
  if (c === '"' || c === "'") {
    let j = i + 1;
    while (j < css.length && css[j] !== c) j += css[j] === '\\' ? 2 : 1;
    return j + 1;
  }
  if (c === '/' && css[i + 1] === '*') {
    const close = css.indexOf('*/', i + 2);
    return close < 0 ? css.length : close + 2;
  }
  return c === '\\' ? i + 2 : i + 1;
}

/** Where the block opened at `open` closes (just past its `}`), strings and comments skipped. */
function endOfBlock(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i = next(css, i)) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) return i + 1;
  }
  return css.length;
}

/** The stylesheet as a tree of statements, rules and grouping at-rules. */
export function parseStylesheet(css: string): Node[] {
  const nodes: Node[] = [];
  let start = 0;
  let i = 0;
  while (i < css.length) {
    const c = css[i]!;
    if (c === ';') {
      const text = css.slice(start, i + 1).trim();
      if (text !== ';') nodes.push({ text });
      start = i = i + 1;
    } else if (c === '{') {
      const end = endOfBlock(css, i);
      const prelude = css.slice(start, i).trim();
      const body = css.slice(i + 1, end - 1);
      nodes.push(GROUPING.test(prelude) ? { prelude, children: parseStylesheet(body) } : { prelude, body });
      start = i = end;
    } else if (c === '}') {
      start = i = i + 1;
    } else {
      const end = next(css, i);
      // A comment on its own between rules is not kept; one inside a prelude is read with it.
      if (c === '/' && css[i + 1] === '*' && css.slice(start, end).trim().startsWith('/*')) start = end;
      i = end;
    }
  }
  return nodes;
}

/** The selector list split at its top-level commas. */
function selectorsOf(prelude: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < prelude.length; i++) {
    const c = prelude[i]!;
    if (c === '\\') {
      current += c + (prelude[i + 1] ?? '');
      i++;
      continue;
    }
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    if (c === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  parts.push(current);
  return parts;
}

/**
 * The classes an element must carry for the selector to match anything. Classes inside parentheses are not counted:
 * `:not(.x)` matches without it and `:is(.a, .b)` needs only one of them, so such a rule is kept.
 */
function requiredClasses(selector: string): string[] {
  let outside = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === '\\') {
      if (depth === 0) outside += c + (selector[i + 1] ?? '');
      i++;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0) outside += c;
  }
  return [...outside.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) => match[1]!.replace(/\\(.)/g, '$1'));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'" };

/** Every class named in the HTML's `class` attributes, as the browser reads them. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = match[1]!.replace(/&(amp|lt|gt|quot|apos|#39|#x27);/g, (_, name: string) => ENTITIES[name]!);
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** The tree written out again with the rules `kept` keeps; a grouping rule left empty goes with them. */
function emit(nodes: Node[], kept: (rule: Rule) => boolean): string {
  let out = '';
  for (const node of nodes) {
    if ('text' in node) out += node.text;
    else if ('children' in node) {
      const inner = emit(node.children, kept);
      if (inner) out += `${node.prelude}{${inner}}`;
    } else if (kept(node)) {
      out += `${node.prelude}{${node.body}}`;
    }
  }
  return out;
}

/** Whether a rule can match on a page with these classes; an at-rule (fonts, keyframes, properties) always can. */
const usedWith =
  (classes: Set<string>) =>
  ({ prelude }: Rule): boolean =>
    prelude.startsWith('@') || selectorsOf(prelude).some((selector) => requiredClasses(selector).every((name) => classes.has(name)));

/** Styles for a page, from the whole stylesheet parsed once; each distinct set of classes is worked out once. */
export function stylesForPages(css: string): (html: string) => string {
  const tree = parseStylesheet(css);
  const known = new Map<string, string>();
  return (html) => {
    const classes = classesIn(html);
    const key = [...classes].sort().join(' ');
    let styles = known.get(key);
    if (styles === undefined) {
      styles = emit(tree, usedWith(classes));
      // Pages differ by a few classes (an error, an empty list); a bound keeps odd ones from piling up.
      if (known.size >= 200) known.delete(known.keys().next().value!);
      known.set(key, styles);
    }
    return styles;
  };
}

/**
 * The stylesheet without its `@font-face` rules: what a drawn page's app loads as it starts, the page having carried
 * them already. Declared a second time, the faces would be new ones to the browser, which would draw text that waits
 * for them in the next fallback (the system's own size) or swap in a late optional face: a visible jump.
 */
export function withoutFontFaces(css: string): string {
  return emit(parseStylesheet(css), ({ prelude }) => !/^@font-face\b/i.test(prelude));
}

/** The name of that stylesheet beside the whole one: `assets/style-abc.css` → `assets/style-abc.rules.css`. */
export const rulesFileOf = (stylesheet: string) => stylesheet.replace(/\.css$/, '.rules.css');
