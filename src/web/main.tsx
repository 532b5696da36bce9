import '@fontsource-variable/fraunces';
// Italic for quotes and, later, memory reflections; fetched only when a page uses it.
import '@fontsource-variable/fraunces/wght-italic.css';
import '@fontsource-variable/inter';
import './styles.css';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { meQueryOptions } from './lib/api/get-me';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const queryClient = createQueryClient();
// Every page asks who is signed in: ask now, while the page's own code is still downloading (decision 0029).
void queryClient.prefetchQuery(meQueryOptions());
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      {/* flushSync lets a navigation commit at once when asked (sign-out relies on it). */}
      <RouterProvider router={router} flushSync={(fn) => void flushSync(fn)} />
    </AppProviders>
  </StrictMode>,
);

registerServiceWorker();
