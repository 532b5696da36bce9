import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to show its heading (its data loading) before we stop waiting for it. */
const HEADING_WAIT_MS = 4000;

function focusHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1, h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

/** A control the person (or the page itself, like the chat's input) is already using keeps the focus. */
function focusIsTaken(): boolean {
  const active = document.activeElement;
  return Boolean(active && active !== document.body && active.closest('main') && active.matches('input, textarea, select, [contenteditable="true"]'));
}

/**
 * After a navigation inside the app the focus moves to the new page's heading, so a screen reader announces
 * the page and the keyboard starts from its top, as after a full page load. The first page is left alone
 * (the browser already starts there). A page whose heading comes with its data is waited for a little.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (focusIsTaken() || focusHeading()) return;
    // While the heading is awaited, a person who already moved on (Tab to a control) keeps where they are.
    const before = document.activeElement;
    const movedOn = () => document.activeElement !== before && document.activeElement !== document.body;
    const observer = new MutationObserver(() => {
      if (movedOn() || focusIsTaken() || focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);

  return null;
}
