// The labels of keeping conversations across devices, read from the locale files themselves (not copies, so
// scripts/e2e-texts.test.ts, which holds copied texts to the catalogues, has nothing to check here).
import enKeeping from '../../src/web/locales/en/keeping.json';
import frKeeping from '../../src/web/locales/fr/keeping.json';
import enGallery from '../../src/web/locales/en/gallery.json';
import frGallery from '../../src/web/locales/fr/gallery.json';

export const keepingTexts = { en: enKeeping, fr: frKeeping } as const;
/** "View conversation" (gallery:conversation.view). */
export const viewConversation = enGallery.conversation.view;
/** « Voir la conversation » (gallery:conversation.view). */
export const viewConversationFr = frGallery.conversation.view;
