import { useEffect, useSyncExternalStore, type RefObject } from 'react';

/** Space left between the guarded control and the first toast. */
const GAP_PX = 8;

let top: number | null = null;
let dialogsOpen = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function publish(value: number | null) {
  if (value === top) return;
  top = value;
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Where toasts should start from the top of the window, in pixels, while a control that must never be covered is
 * on screen; null otherwise (the Toaster's own offsets apply).
 */
export function useToastTopOffset(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => top,
    () => null,
  );
}

/**
 * Keeps toasts (which sit at the top of the window) below this element while it is mounted: the chat's
 * "Need help now?" button must stay reachable whatever the app is saying. Follows the element as the window
 * is resized or scrolled; once it has scrolled out of view, toasts take their usual place again.
 */
export function useKeepToastsBelow(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const { bottom, height } = element.getBoundingClientRect();
      publish(height > 0 && bottom > 0 ? Math.ceil(bottom) + GAP_PX : null);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, { capture: true, passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, { capture: true });
      publish(null);
    };
  }, [ref]);
}

/** Whether a centred dialog is open: toasts then show at the bottom, clear of its title and of its close button. */
export function useDialogOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => dialogsOpen > 0,
    () => false,
  );
}

/**
 * Mounted inside a centred dialog's panel: while it is open, toasts leave the top of the window, where the panel's
 * title sits on a phone (a toast said on arrival, such as the sign-in's, used to hide the welcome-back question).
 */
export function ToastsClearOfDialog(): null {
  useEffect(() => {
    dialogsOpen += 1;
    notify();
    return () => {
      dialogsOpen -= 1;
      notify();
    };
  }, []);
  return null;
}
