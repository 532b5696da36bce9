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

/** Where the quoted string starting at `start` ends (just past its closing quote). */
function endOfString(css: string, start: number): number {
  const quote = css[start];
  let i = start + 1;
  while (i < css.length && css[i] !== quote) i += css[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** Where the block opened at `open` closes (just past its `}`), strings and comments skipped. */
function endOfBlock(css: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < css.length) {
    const c = css[i]!;
    if (c === '"' || c === "'") {
      i = endOfString(css, i);
      continue;
    }
    if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      i = close < 0 ? css.length : close + 2;
      continue;
    }
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
    i++;
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
    if (c === '"' || c === "'") {
      i = endOfString(css, i);
    } else if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      i = close < 0 ? css.length : close + 2;
      // A comment on its own between rules is not kept; one inside a prelude is read with it.
      if (css.slice(start, i).trim().startsWith('/*')) start = i;
    } else if (c === '\\') {
      i += 2;
    } else if (c === ';') {
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
      i++;
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

function keep(nodes: Node[], classes: Set<string>): string {
  let out = '';
  for (const node of nodes) {
    if ('text' in node) out += node.text;
    else if ('children' in node) {
      const inner = keep(node.children, classes);
      if (inner) out += `${node.prelude}{${inner}}`;
    } else if (node.prelude.startsWith('@') || selectorsOf(node.prelude).some((selector) => requiredClasses(selector).every((name) => classes.has(name)))) {
      out += `${node.prelude}{${node.body}}`;
    }
  }
  return out;
}

/** Styles for a page, from the whole stylesheet parsed once; each distinct set of classes is worked out once. */
export function stylesForPages(css: string): (html: string) => string {
  const tree = parseStylesheet(css);
  const known = new Map<string, string>();
  return (html) => {
    const classes = classesIn(html);
    const key = [...classes].sort().join(' ');
    let styles = known.get(key);
    if (styles === undefined) {
      styles = keep(tree, classes);
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
  const drop = (nodes: Node[]): string =>
    nodes
      .map((node) => {
        if ('text' in node) return node.text;
        if ('children' in node) return `${node.prelude}{${drop(node.children)}}`;
        return /^@font-face\b/i.test(node.prelude) ? '' : `${node.prelude}{${node.body}}`;
      })
      .join('');
  return drop(parseStylesheet(css));
}

/** The name of that stylesheet beside the whole one: `assets/style-abc.css` → `assets/style-abc.rules.css`. */
export const rulesFileOf = (stylesheet: string) => stylesheet.replace(/\.css$/, '.rules.css');
