/**
 * When a server-drawn public page loads the app's code (docs/decisions/0085-hydrate-public-pages-on-interaction.md).
 * The landing, community and privacy pages are complete in their HTML and their links are real links, so a reader
 * who only reads or follows a link never needs the framework. The code loads on the first sign that someone is
 * about to use the page — a pointer or finger going down, a key, the focus entering it — and a button pressed
 * before the code has run is pressed again once it has, so no press is lost.
 */

/** The server marks such a page `<html data-hydrate="interaction">` (src/server/plugins/page-render.ts). */
export const HYDRATE_ATTRIBUTE = 'data-hydrate';
export const ON_INTERACTION = 'interaction';
/** Set by the app once its code runs (src/web/app/providers.tsx). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

export const INTERACTION_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** Whether the server asked this page to wait for an interaction before loading the app. */
export function waitsForInteraction(doc: Document): boolean {
  return doc.documentElement.getAttribute(HYDRATE_ATTRIBUTE) === ON_INTERACTION;
}

/**
 * Calls `load` once, at the first interaction. A click on a button before the app has marked the page hydrated is
 * held (the server-drawn button has no handler yet) and given again to the same button once it is; only the last
 * one, so a double press never toggles twice. Links are left to the browser: they work without the app.
 */
export function loadOnFirstInteraction(doc: Document, load: () => unknown): void {
  const root = doc.documentElement;
  let started = false;
  let held: HTMLButtonElement | null = null;

  const begin = () => {
    if (started) return;
    started = true;
    for (const type of INTERACTION_EVENTS) doc.removeEventListener(type, begin, true);
    load();
  };

  const hold = (event: Event) => {
    if (root.hasAttribute(HYDRATED_ATTRIBUTE)) return;
    const target = event.target instanceof Element ? event.target.closest('button') : null;
    if (!target || target.disabled) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = target;
    begin();
  };

  const replay = () => {
    if (!root.hasAttribute(HYDRATED_ATTRIBUTE)) return;
    observer.disconnect();
    doc.removeEventListener('click', hold, true);
    const button = held;
    held = null;
    if (button?.isConnected && !button.disabled) pressAgain(button);
  };
  const observer = new MutationObserver(replay);
  observer.observe(root, { attributes: true, attributeFilter: [HYDRATED_ATTRIBUTE] });

  for (const type of INTERACTION_EVENTS) doc.addEventListener(type, begin, { capture: true, passive: true });
  doc.addEventListener('click', hold, true);
}

/**
 * Presses the button as a pointer does: down, up, then the click. The press that was held reached the page before
 * its code, so none of it was seen; and some controls answer the press itself rather than the click (a tab is chosen
 * on `mousedown`, a menu opens on `pointerdown`), so the click alone would be lost on them. The app's own buttons
 * answer only one of these, so the press acts once.
 */
function pressAgain(button: HTMLButtonElement): void {
  const view = button.ownerDocument.defaultView;
  const mouse = { bubbles: true, cancelable: true, composed: true, button: 0, buttons: 1, view };
  const Pointer = view?.PointerEvent ?? view?.MouseEvent ?? MouseEvent;
  button.dispatchEvent(new Pointer('pointerdown', { ...mouse, pointerType: 'mouse', isPrimary: true }));
  button.dispatchEvent(new MouseEvent('mousedown', mouse));
  button.dispatchEvent(new Pointer('pointerup', { ...mouse, buttons: 0, pointerType: 'mouse', isPrimary: true }));
  button.dispatchEvent(new MouseEvent('mouseup', { ...mouse, buttons: 0 }));
  button.click();
}
