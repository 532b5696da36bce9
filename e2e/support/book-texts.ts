// The memory book's texts the journey looks for, copied from src/web/locales/{en,fr}/gallery.json (key noted).
const en = {
  open: 'Download as a book', // gallery:book.open
  year: 'Year', // gallery:book.year
  month: 'Month', // gallery:book.month
  make: 'Make the book', // gallery:book.make
  ready: 'Your book is ready. It is in your downloads.', // gallery:book.ready
  progress: (done: number, total: number) => `Page ${done} of ${total}`, // gallery:book.progress
};

const fr: typeof en = {
  open: 'Télécharger en livre',
  year: 'Année',
  month: 'Mois',
  make: 'Créer le livre',
  ready: 'Ton livre est prêt. Il est dans tes téléchargements.',
  progress: (done, total) => `Page ${done} sur ${total}`,
};

export function bookUi(lang: 'en' | 'fr') {
  return lang === 'fr' ? fr : en;
}
