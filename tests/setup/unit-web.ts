import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { LANGUAGE_COOKIE, LANGUAGES } from '@shared/limits';
import { ON_DEMAND_NAMESPACES, loadNamespaces } from '@web/lib/i18n';

// findBy… and waitFor give up after 1 s by default: on a busy two-core CI machine a page that renders
// after a couple of awaited requests can take longer. What is waited for is unchanged, only the patience.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks a few browser APIs that the app (and Radix) use; these stand-ins behave like a desktop browser.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

// jsdom reports "not implemented" through console.error, which would fail the test.
window.scrollTo = vi.fn();
Element.prototype.scrollIntoView = vi.fn();
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// The app loads most locale namespaces with the page that needs them (decision 0029); components rendered on
// their own, outside renderApp's routes, expect them all at once: load every one, in both languages.
beforeAll(() => Promise.all(LANGUAGES.map((language) => loadNamespaces(language, ON_DEMAND_NAMESPACES))));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // The language cookie is a remembered choice too (read before local storage): each test starts without one.
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
});
