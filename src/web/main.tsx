// The page's first script: its styles, the service worker, and the app's code — at once, or on a server-drawn
// public page at the reader's first interaction (docs/decisions/0085-hydrate-public-pages-on-interaction.md).
// Everything here stays small: it is all the JavaScript those pages load before someone uses them.
import './fonts.css';
import './styles.css';
import { loadOnFirstInteraction, waitsForInteraction } from './lib/deferred-hydration';
import { registerServiceWorker } from './lib/service-worker';

const startApp = () => import('./start');

if (waitsForInteraction(document)) loadOnFirstInteraction(document, () => void startApp());
else void startApp();
registerServiceWorker();
