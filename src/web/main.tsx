// The page's first script: its styles, the service worker, and the app's code — at once, or on a server-drawn
// public page at the reader's first interaction (docs/decisions/0085-hydrate-public-pages-on-interaction.md).
// Everything here stays small: it is all the JavaScript those pages load before someone uses them.
import './fonts.css';
import './styles.css';
import { loadOnFirstInteraction, waitsForInteraction } from './lib/deferred-hydration';
import { wholeStylesheet } from './lib/page-styles';
import { registerServiceWorker } from './lib/service-worker';

// The whole stylesheet downloads beside the app's code, not after it (a drawn page carries only its own rules).
const startApp = () => Promise.all([wholeStylesheet(), import('./start')]);

if (waitsForInteraction(document)) loadOnFirstInteraction(document, () => void startApp());
else void startApp();
registerServiceWorker();
