import { useSyncExternalStore } from 'react';

/*
 * Whether the authentication-error dialog (docs/decisions/0011-auth-error-dialog.md) is open.
 * Any feature may open it without importing another feature; the app layer mounts the one dialog.
 */
let open = false;
const listeners = new Set<() => void>();

function setOpen(next: boolean) {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export function openAuthErrorDialog(): void {
  setOpen(true);
}

export function closeAuthErrorDialog(): void {
  setOpen(false);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthErrorDialogOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
