// The gallery's, the heart's and the conversation dialog's texts the journeys look for, copied from
// src/web/locales/{en,fr}/gallery.json (key noted). Kept apart from texts.ts so this part's wording changes in one place.
const en = {
  title: 'Your memories', // gallery:title
  count: (n: number) => (n === 1 ? `${n} memory` : `${n} memories`), // gallery:count_*
  countFavorites: (n: number) => (n === 1 ? `${n} favorite` : `${n} favorites`), // gallery:countFavorites_*
  filters: 'Show', // gallery:filters.label
  all: 'All', // gallery:filters.all
  favorites: 'Favorites', // gallery:filters.favorites
  year: 'Year', // gallery:filters.year
  allYears: 'All years', // gallery:filters.allYears
  month: 'Month', // gallery:filters.month
  march: 'March', // Intl month name, capitalised
  pages: 'Gallery pages', // gallery:pagination.label
  previous: 'Previous', // gallery:pagination.previous
  next: 'Next', // gallery:pagination.next
  page: (n: number) => `Page ${n}`, // gallery:pagination.page
  gridLabel: (page: number, pageCount: number) => `Memories, page ${page} of ${pageCount}`, // gallery:grid.label
  emptyNoneTitle: 'Your gallery is waiting', // gallery:empty.none.title
  emptyNoneAction: 'Start a conversation', // gallery:empty.none.action
  like: 'Add to favorites', // gallery:like.add
  unlike: 'Remove from favorites', // gallery:like.remove
  liked: 'Added to your favorites', // gallery:like.added
  unliked: 'Removed from your favorites', // gallery:like.removed
  viewConversation: 'View conversation', // gallery:conversation.view
  conversationTitle: (title: string) => `The conversation behind “${title}”`, // gallery:conversation.title
  conversationNotHere: "This conversation isn't on this device", // gallery:conversation.notHere.title
  close: 'Close', // gallery:conversation.close
  homeViewAll: 'View all', // home:memories.viewAll
  homeTitle: 'Your recent memories', // home:memories.title
};

const fr: typeof en = {
  title: 'Tes souvenirs',
  count: (n: number) => (n === 1 ? `${n} souvenir` : `${n} souvenirs`),
  countFavorites: (n: number) => (n === 1 ? `${n} favori` : `${n} favoris`),
  filters: 'Afficher',
  all: 'Tous',
  favorites: 'Favoris',
  year: 'Année',
  allYears: 'Toutes les années',
  month: 'Mois',
  march: 'Mars',
  pages: 'Pages de la galerie',
  previous: 'Précédente',
  next: 'Suivante',
  page: (n: number) => `Page ${n}`,
  gridLabel: (page: number, pageCount: number) => `Souvenirs, page ${page} sur ${pageCount}`,
  emptyNoneTitle: 'Ta galerie t’attend',
  emptyNoneAction: 'Commencer une conversation',
  like: 'Ajouter aux favoris',
  unlike: 'Retirer des favoris',
  liked: 'Ajouté à tes favoris',
  unliked: 'Retiré de tes favoris',
  viewConversation: 'Voir la conversation',
  conversationTitle: (title: string) => `La conversation derrière «\u00a0${title}\u00a0»`,
  conversationNotHere: 'Cette conversation n’est pas sur cet appareil',
  close: 'Fermer',
  homeViewAll: 'Tout voir',
  homeTitle: 'Tes derniers souvenirs',
};

export type GalleryTexts = typeof en;

export function galleryUi(lang: 'en' | 'fr'): GalleryTexts {
  return lang === 'fr' ? fr : en;
}
