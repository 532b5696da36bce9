import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import { i18n } from '@web/lib/i18n';
import { useDialogOpen, useToastTopOffset } from '@web/lib/toast-offset';

/**
 * Toasts sit under the 64 px header (never over it, nor at the bottom where the chat's input and the phone's bottom
 * bar are), and at most two show at once: a third waits for one of them to leave. While a centred dialog is open
 * the page underneath cannot be used, so they go to the bottom, clear of the dialog's title.
 */
const TOAST_OFFSET = { top: 'calc(env(safe-area-inset-top, 0px) + 76px)' } as const;
const TOAST_OFFSET_UNDER_DIALOG = { bottom: 'calc(env(safe-area-inset-bottom, 0px) + 16px)' } as const;
export const VISIBLE_TOASTS = 2;

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** The server render passes its own instance per request (its language); the browser uses the app's. */
  i18nInstance?: I18n;
}

/** Everything the pages rely on except the router, which the caller supplies (browser or memory). */
export function AppProviders({ queryClient, children, i18nInstance = i18n }: AppProvidersProps) {
  // A control that must never be covered (the chat's help button) pushes the toasts below it; else under the header.
  const toastTop = useToastTopOffset();
  const dialogOpen = useDialogOpen();
  const offset = dialogOpen ? TOAST_OFFSET_UNDER_DIALOG : toastTop === null ? TOAST_OFFSET : { top: toastTop };
  // Says on the page that its code now answers: a page drawn on the server looks ready before it is, and browser
  // tests (and anything else driving it) wait for this before pressing what only the code can handle.
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
  }, []);
  return (
    <I18nextProvider i18n={i18nInstance}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster
          theme="light"
          position={dialogOpen ? 'bottom-center' : 'top-center'}
          offset={offset}
          mobileOffset={offset}
          className={toastTop === null || dialogOpen ? undefined : 'toasts-in-place'}
          visibleToasts={VISIBLE_TOASTS}
          closeButton
          toastOptions={{
            classNames: {
              // `!shadow-soft` overrides sonner's focus ring (a box-shadow), so a focused toast gets the app's outline instead.
              toast:
                '!rounded-lg !border-line !bg-surface !font-sans !text-ink !shadow-soft focus-visible:!outline-2 focus-visible:!outline-offset-2 focus-visible:!outline-solid focus-visible:!outline-accent',
              description: '!text-ink-muted',
            },
          }}
        />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
