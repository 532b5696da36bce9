/**
 * The part of the app's stylesheet a drawn page uses, to put inside it (docs/decisions/0091-drawn-pages-carry-their-own-styles.md).
 *
 * The whole stylesheet is about 10 KB compressed; inside a page it pushed the community and privacy pages past the
 * 14.6 KB a new connection delivers in its first round trip, so their first paint waited for one more. A rule is kept
 * when the page's HTML has every class its selector needs; rules that name no class (the reset, the theme's
 * variables, the fonts, the keyframes) are always kept. The app links the rest when it starts, every rule but the
 * fonts (src/web/lib/page-styles.ts), before it draws anything the server did not.
 */

import postcss, { type AtRule, type ChildNode, type Root, type Rule } from 'postcss';
import selectorParser from 'postcss-selector-parser';

/** The at-rules whose blocks hold rules of their own, filtered like the top level. */
const GROUPING = /^(media|supports|layer|container|scope)$/i;

const selectors = selectorParser();

/**
 * The classes an element must carry for each selector of the list to match anything, the selector list read by
 * PostCSS's own selector parser (escapes, strings, attribute values and comments as the browser reads them).
 * Classes inside a pseudo-class's parentheses are not counted: `:not(.x)` matches without it and `:is(.a, .b)`
 * needs only one of them, so such a rule is kept. A selector the parser cannot read needs nothing: the rule is kept
 * rather than a style the page may need lost.
 */
function requiredClasses(selector: string): string[][] {
  try {
    return selectors.astSync(selector).nodes.map((one) => one.nodes.filter(selectorParser.isClassName).map((name) => name.value));
  } catch {
    return [[]];
  }
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

/** A copy of the stylesheet with the rules `kept` keeps; comments and a grouping rule left empty go. */
function filtered(tree: Root, kept: (rule: Rule) => boolean): string {
  const copy = tree.clone();
  const prune = (container: Root | AtRule) => {
    // `each` stays on course while the node it is on is removed.
    container.each((node: ChildNode) => {
      if (node.type === 'comment') node.remove();
      else if (node.type === 'rule' && !kept(node)) node.remove();
      else if (node.type === 'atrule' && node.nodes && GROUPING.test(node.name)) {
        prune(node);
        if (node.nodes.length === 0) node.remove();
      }
    });
  };
  prune(copy);
  return copy.toString();
}

/** Whether a rule can match on a page with these classes, each selector read once for every page. */
const usedWith =
  (classes: Set<string>, read: Map<string, string[][]>) =>
  ({ selector }: Rule): boolean => {
    let required = read.get(selector);
    if (!required) read.set(selector, (required = requiredClasses(selector)));
    return required.some((names) => names.every((name) => classes.has(name)));
  };

/** Styles for a page, from the whole stylesheet parsed once; each distinct set of classes is worked out once. */
export function stylesForPages(css: string): (html: string) => string {
  const tree = postcss.parse(css);
  const read = new Map<string, string[][]>();
  const known = new Map<string, string>();
  return (html) => {
    const classes = classesIn(html);
    const key = [...classes].sort().join(' ');
    let styles = known.get(key);
    if (styles === undefined) {
      styles = filtered(tree, usedWith(classes, read));
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
  const tree = postcss.parse(css);
  tree.walkAtRules(/^font-face$/i, (rule: AtRule) => {
    rule.remove();
  });
  tree.walkComments((comment) => {
    comment.remove();
  });
  return tree.toString();
}

/** The name of that stylesheet beside the whole one: `assets/style-abc.css` → `assets/style-abc.rules.css`. */
export const rulesFileOf = (stylesheet: string) => stylesheet.replace(/\.css$/, '.rules.css');
