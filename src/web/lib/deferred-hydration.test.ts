import { describe, expect, it, vi } from 'vitest';
import { HYDRATED_ATTRIBUTE, loadOnFirstInteraction, waitsForInteraction } from './deferred-hydration';

/** A page as the server draws it: a button that only the app answers, a real link, and a disabled button. */
function drawnPage(marked = true) {
  const doc = document.implementation.createHTMLDocument('page');
  if (marked) doc.documentElement.setAttribute('data-hydrate', 'interaction');
  doc.body.innerHTML = '<button id="lang" type="button"><span>FR</span></button><a id="link" href="/auth">Sign in</a><button id="off" disabled>Off</button>';
  const byId = (id: string) => doc.getElementById(id)!;
  return { doc, byId };
}

/** The app marks the page once its code runs; the observer answers after the current task's microtasks. */
async function hydrate(doc: Document) {
  doc.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('loadOnFirstInteraction', () => {
  it('reads the mark the server puts on the pages that wait', () => {
    expect(waitsForInteraction(drawnPage().doc)).toBe(true);
    expect(waitsForInteraction(drawnPage(false).doc)).toBe(false);
  });

  it('loads nothing until someone interacts, then once, whatever the interaction', () => {
    for (const event of [new Event('pointerdown', { bubbles: true }), new KeyboardEvent('keydown', { bubbles: true }), new FocusEvent('focusin', { bubbles: true }), new Event('touchstart', { bubbles: true })]) {
      const { doc, byId } = drawnPage();
      const load = vi.fn();
      loadOnFirstInteraction(doc, load);
      doc.dispatchEvent(new Event('scroll'));
      expect(load).not.toHaveBeenCalled();
      byId('lang').dispatchEvent(event);
      expect(load, event.type).toHaveBeenCalledOnce();
      byId('lang').dispatchEvent(new Event('pointerdown', { bubbles: true }));
      expect(load).toHaveBeenCalledOnce();
    }
  });

  it('holds a button pressed before the app runs and presses it again once it does, only the last one', async () => {
    const { doc, byId } = drawnPage();
    const load = vi.fn();
    loadOnFirstInteraction(doc, load);
    const pressed: string[] = [];
    // Stands for the app's handler, there from the start here: before hydration it must not see the press.
    doc.body.addEventListener('click', (event) => pressed.push((event.target as Element).closest('button')!.id));

    (byId('lang').firstElementChild as HTMLElement).click();
    byId('lang').click();
    expect(load).toHaveBeenCalledOnce();
    expect(pressed).toEqual([]);

    await hydrate(doc);
    expect(pressed).toEqual(['lang']);
    // Once hydrated, presses go straight through and nothing is replayed again.
    byId('lang').click();
    await hydrate(doc);
    expect(pressed).toEqual(['lang', 'lang']);
  });

  it('gives the held press again as a pointer would, so a tab chosen on mousedown or a menu opened on pointerdown answers', async () => {
    const { doc, byId } = drawnPage();
    loadOnFirstInteraction(doc, vi.fn());
    const seen: string[] = [];
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
      doc.body.addEventListener(type, (event) => {
        if (doc.documentElement.hasAttribute('data-hydrated')) seen.push(`${event.type}:${(event.target as Element).id}:${(event as MouseEvent).button}`);
      });
    }
    byId('lang').click();
    await hydrate(doc);
    expect(seen).toEqual(['pointerdown:lang:0', 'mousedown:lang:0', 'pointerup:lang:0', 'mouseup:lang:0', 'click:lang:0']);
  });

  it('leaves links to the browser and ignores disabled buttons', async () => {
    const { doc, byId } = drawnPage();
    const load = vi.fn();
    loadOnFirstInteraction(doc, load);
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    byId('link').dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);

    // A browser sends no click to a disabled button; one sent anyway is not held, so never pressed a second time.
    const pressed = vi.fn();
    byId('off').addEventListener('click', pressed);
    byId('off').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await hydrate(doc);
    expect(pressed).toHaveBeenCalledOnce();
  });
});
