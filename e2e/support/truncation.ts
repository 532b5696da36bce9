// Finds controls whose words do not fit: a button, tab or button-like link whose content is wider than its box
// (or than one of its own boxes, such as a `truncate` span inside it), and a select whose chosen option is wider
// than the room its box leaves for text. A native select clips its text without ever growing its scrollWidth, so
// its text is measured in a hidden span set in the select's own font.
import type { Page } from 'playwright-core';

export interface TruncatedControl {
  kind: string;
  text: string;
  /** Pixels of text that do not fit. */
  over: number;
}

export function truncatedControls(page: Page): Promise<TruncatedControl[]> {
  return page.evaluate(() => {
    const found: { kind: string; text: string; over: number }[] = [];
    // Screen-reader-only text (the skip link until it has the focus) is a 1 px box on purpose.
    const visible = (el: Element) => {
      const { width, height } = el.getBoundingClientRect();
      return el.checkVisibility() && width > 1 && height > 1;
    };
    const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim() || (el.getAttribute('aria-label') ?? '');

    for (const select of document.querySelectorAll('select')) {
      if (!visible(select)) continue;
      const style = getComputedStyle(select);
      const text = select.selectedOptions[0]?.text ?? '';
      const probe = document.createElement('span');
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${style.font};letter-spacing:${style.letterSpacing}`;
      probe.textContent = text;
      document.body.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (needed > room + 0.5) found.push({ kind: 'select', text, over: Math.ceil(needed - room) });
    }

    const controls = document.querySelectorAll('button, [role="tab"], [role="menuitem"], a');
    for (const control of controls) {
      if (!visible(control) || getComputedStyle(control).display === 'inline') continue;
      for (const box of [control, ...control.querySelectorAll('*')]) {
        if (box instanceof SVGElement || getComputedStyle(box).display === 'inline' || box.clientWidth === 0) continue;
        if (box.scrollWidth > box.clientWidth) {
          found.push({ kind: control.getAttribute('role') ?? control.tagName.toLowerCase(), text: textOf(control), over: box.scrollWidth - box.clientWidth });
          break;
        }
      }
      const { left, right } = control.getBoundingClientRect();
      if (left < -0.5 || right > document.documentElement.clientWidth + 0.5) {
        found.push({ kind: `${control.tagName.toLowerCase()} off screen`, text: textOf(control), over: Math.ceil(Math.max(-left, right - document.documentElement.clientWidth)) });
      }
    }
    return found;
  });
}
