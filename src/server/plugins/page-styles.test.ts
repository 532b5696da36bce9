import { describe, expect, it } from 'vitest';
import { classesIn, rulesFileOf, stylesForPages, withoutFontFaces } from './page-styles';

/** The shapes Tailwind's built stylesheet has: layers, media and support queries, escaped class names, at-rules. */
const CSS = [
  '@layer theme,base,utilities;',
  '@font-face{font-family:Inter;src:url(/a.woff2)format("woff2")}',
  '@layer theme{:root{--color-ink:#222}}',
  '@layer base{*,:after{box-sizing:border-box}html[data-rendered] [data-entrance]{animation:none}}',
  '@layer utilities{',
  '.mt-4{margin-top:1rem}',
  '.mt-8{margin-top:2rem}',
  '.md\\:grid-cols-3{grid-template-columns:repeat(3,1fr)}',
  '.\\[\\&\\>\\*\\:first-child\\]\\:mt-0>:first-child{margin-top:0}',
  '.group:hover .group-hover\\:text-ink{color:var(--color-ink)}',
  '.sr-only:not(.focus\\:not-sr-only){position:absolute}',
  ':where(.space-y-2>:not(:last-child)){margin-block-end:.5rem}',
  '.absent,.mt-4{padding:0}',
  '.quote:before{content:"}"}',
  '@media (min-width:48rem){.md\\:p-8{padding:2rem}.mt-4{margin-top:1.5rem}}',
  '@supports (color:color-mix(in lab,red,red)){.absent{color:red}}',
  '}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
  '@property --tw-shadow{syntax:"*";inherits:false}',
].join('');

const drawn = (classes: string) => `<html><body><div class="${classes}"><p>text</p></div></body></html>`;

describe('the styles a drawn page carries', () => {
  it('keeps the rules whose classes the page has, and drops the others', () => {
    const styles = stylesForPages(CSS)(drawn('mt-4 md:grid-cols-3'));
    expect(styles).toContain('.mt-4{margin-top:1rem}');
    expect(styles).toContain('.md\\:grid-cols-3{');
    expect(styles).not.toContain('.mt-8');
    // Inside a media query too; a query left empty goes with its rules.
    expect(styles).toContain('@media (min-width:48rem){.mt-4{margin-top:1.5rem}}');
    expect(styles).not.toContain('@supports');
  });

  it('always keeps what names no class: the reset, the theme, the fonts, keyframes and properties', () => {
    const styles = stylesForPages(CSS)(drawn(''));
    for (const kept of [
      '@layer theme,base,utilities;',
      '@font-face{font-family:Inter',
      ':root{--color-ink:#222}',
      '*,:after{box-sizing:border-box}',
      'html[data-rendered] [data-entrance]{animation:none}',
      '@keyframes spin{to{transform:rotate(360deg)}}',
      '@property --tw-shadow{',
    ]) {
      expect(styles).toContain(kept);
    }
  });

  it('reads class names as the browser does: escaped in the stylesheet, entities in the HTML', () => {
    // React writes `[&>*:first-child]:mt-0` as `[&amp;&gt;*:first-child]:mt-0`.
    const html = '<div class="[&amp;&gt;*:first-child]:mt-0 group"><span class="group-hover:text-ink">a</span></div>';
    expect([...classesIn(html)].sort()).toEqual(['[&>*:first-child]:mt-0', 'group', 'group-hover:text-ink']);
    const styles = stylesForPages(CSS)(html);
    expect(styles).toContain('>:first-child{margin-top:0}');
    expect(styles).toContain('.group:hover .group-hover\\:text-ink{');
  });

  it('keeps a rule one of whose selectors matches, or that needs a class only inside :not() or :where()', () => {
    const styles = stylesForPages(CSS)(drawn('mt-4 sr-only'));
    expect(styles).toContain('.absent,.mt-4{padding:0}');
    // `:not(.x)` matches precisely where x is absent.
    expect(styles).toContain('.sr-only:not(.focus\\:not-sr-only){position:absolute}');
    expect(styles).toContain(':where(.space-y-2>:not(:last-child))');
  });

  it('is not confused by braces inside strings', () => {
    const styles = stylesForPages(CSS)(drawn('quote md:p-8'));
    expect(styles).toContain('.quote:before{content:"}"}');
    // The rules after the string are still told apart.
    expect(styles).toContain('@media (min-width:48rem){.md\\:p-8{padding:2rem}}');
    expect(stylesForPages(CSS)(drawn('mt-8'))).not.toContain('content:');
  });

  it('reads a selector as the browser does where a hand-written reading went wrong', () => {
    const css = [
      // A dot inside an attribute's value names no class.
      'a[href$=".pdf"]{text-decoration:underline}',
      // Tailwind writes a class that starts with a digit as a hex escape followed by a space.
      '.\\32 xl\\:p-8{padding:2rem}',
      // Class names are not only ASCII letters.
      '.café{color:brown}',
      // A comment between rules may hold braces, quotes and selectors of its own.
      '/* .mt-8 { "}" */.mt-8{margin-top:2rem}',
      '@media (min-width:48rem){/* } */.mt-4{margin-top:1.5rem}}',
    ].join('');
    const styles = stylesForPages(css)(drawn('2xl:p-8 café'));
    expect(styles).toContain('a[href$=".pdf"]{text-decoration:underline}');
    expect(styles).toContain('.\\32 xl\\:p-8{padding:2rem}');
    expect(styles).toContain('.café{color:brown}');
    expect(styles).not.toContain('margin-top');
    expect(styles).not.toContain('@media');
    expect(stylesForPages(css)(drawn('mt-8 mt-4'))).toContain('.mt-8{margin-top:2rem}@media (min-width:48rem){.mt-4{margin-top:1.5rem}}');
  });

  it('keeps a rule whose selector it cannot read, rather than lose styles the page may need', () => {
    const styles = stylesForPages('.mt-8{margin-top:2rem}.mt-4 !{color:red}')(drawn(''));
    expect(styles).toBe('.mt-4 !{color:red}');
  });

  it('gives the same styles for the same classes, whatever the page says', () => {
    const stylesFor = stylesForPages(CSS);
    expect(stylesFor(drawn('mt-4') + '<p>one</p>')).toBe(stylesFor(drawn('mt-4') + '<p>two</p>'));
  });
});

describe('the stylesheet the app loads on a drawn page', () => {
  it('is the whole stylesheet but its @font-face rules, which the page declared already', () => {
    const rules = withoutFontFaces(CSS);
    expect(rules).not.toContain('@font-face');
    expect(rules).toBe(CSS.replace('@font-face{font-family:Inter;src:url(/a.woff2)format("woff2")}', ''));
    expect(rulesFileOf('assets/index-Bx1.css')).toBe('assets/index-Bx1.rules.css');
  });
});
