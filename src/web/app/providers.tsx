import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import { i18n } from '@web/lib/i18n';
import { useToastTopOffset } from '@web/lib/toast-offset';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything the pages rely on except the router, which the caller supplies (browser or memory). */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  // A control that must never be covered (the chat's help button) pushes the toasts below it.
  const toastTop = useToastTopOffset();
  const offset = toastTop === null ? undefined : { top: toastTop };
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster
          theme="light"
          position="top-center"
          offset={offset}
          mobileOffset={offset}
          className={offset ? 'toasts-in-place' : undefined}
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
