import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a page is drawn on the server and while the browser hydrates it, true from then on (and at once
 * for a page drawn in the browser). A form drawn on the server keeps its submit button disabled until then: its
 * browser-native submission would put what was typed (a password) in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
