/**
 * A page the server drew carries only the styles its own HTML uses (src/server/plugins/page-styles.ts), in
 * `<style data-stylesheet="/assets/…rules.css">`. Before the app draws anything else (a menu, another page), the file
 * that element names has to be in: every rule of the app's stylesheet but its fonts, which the page declared already
 * (docs/decisions/0091-drawn-pages-carry-their-own-styles.md). Asked for once, at the first interaction beside the
 * app's code, and awaited before hydrating; a page that links the stylesheet already has it.
 */
let loading: Promise<void> | null = null;

export function wholeStylesheet(doc: Document = document): Promise<void> {
  if (loading) return loading;
  const carried = doc.querySelector<HTMLStyleElement>('style[data-stylesheet]');
  const href = carried?.dataset.stylesheet;
  if (!carried || !href) return (loading = Promise.resolve());
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.crossOrigin = '';
  link.href = href;
  // Offline, the app still starts: the page's own styles cover what is drawn already.
  loading = new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  // Right after the page's styles, where the link stood in the template: the cascade keeps the stylesheet's order.
  carried.after(link);
  return loading;
}
