// The memory page, share dialog and rename page texts the journeys look for, copied from
// src/web/locales/{en,fr}/{memories,gallery,shared,validation}.json (namespace:key noted). Kept apart from texts.ts,
// which other journeys share.
const en = {
  detailActions: 'Memory actions', // memories:detail.actions
  like: 'Add to favorites', // gallery:like.add
  unlike: 'Remove from favorites', // gallery:like.remove
  rename: 'Rename', // memories:detail.rename
  download: 'Download', // memories:detail.download
  downloaded: 'The image has been downloaded', // memories:detail.toasts.downloadSuccess
  delete: 'Delete', // memories:detail.delete
  deleteTitle: 'Delete this memory?', // memories:detail.deleteDialog.title
  deleteConfirm: 'Delete for good', // memories:detail.deleteDialog.confirm
  deleted: 'The memory has been deleted', // memories:detail.toasts.deleteSuccess
  notFoundTitle: "This memory isn't here", // memories:detail.notFound.title
  notFoundAction: 'See all your memories', // memories:detail.notFound.action
  galleryTitle: 'Your memories', // gallery:title
  // Share dialog (memories:share.*).
  share: 'Share', // memories:share.trigger
  shareTitle: 'Share this memory', // memories:share.title
  createLink: 'Create link', // memories:share.create
  linkLabel: 'Link to this memory', // memories:share.linkLabel
  linkGenerated: 'Link created and copied to the clipboard', // memories:share.toasts.linkGenerated
  linkGeneratedOnly: 'Your link is ready. Copy it from the field below.', // memories:share.toasts.linkGeneratedOnly
  stopSharing: 'Stop sharing', // memories:share.stop
  stopConfirm: 'Yes, stop sharing', // memories:share.stopConfirm
  revoked: 'This memory is private again. The old link no longer works.', // memories:share.toasts.revoked
  sharedNotFound: 'Memory not found', // shared:notFound.title
  // Rename page (memories:edit.*, validation:memoryTitleRequired).
  editTitle: 'Rename this memory', // memories:edit.title
  titleField: 'Title', // memories:edit.fieldLabel
  save: 'Save', // memories:edit.save
  saved: 'The new title is saved', // memories:edit.toasts.updateSuccess
  titleRequired: 'Title is required', // validation:memoryTitleRequired
};

const fr: typeof en = {
  detailActions: 'Actions du souvenir',
  like: 'Ajouter aux favoris',
  unlike: 'Retirer des favoris',
  rename: 'Renommer',
  download: 'Télécharger',
  downloaded: 'L’image a été téléchargée',
  delete: 'Supprimer',
  deleteTitle: 'Supprimer ce souvenir\u00a0?',
  deleteConfirm: 'Supprimer définitivement',
  deleted: 'Le souvenir a été supprimé',
  notFoundTitle: 'Ce souvenir est introuvable',
  notFoundAction: 'Voir tous tes souvenirs',
  galleryTitle: 'Tes souvenirs',
  share: 'Partager',
  shareTitle: 'Partager ce souvenir',
  createLink: 'Créer le lien',
  linkLabel: 'Lien vers ce souvenir',
  linkGenerated: 'Lien créé et copié dans le presse-papiers',
  linkGeneratedOnly: 'Ton lien est prêt. Copie-le depuis le champ ci-dessous.',
  stopSharing: 'Arrêter le partage',
  stopConfirm: 'Oui, arrêter le partage',
  revoked: 'Ce souvenir est de nouveau privé. L’ancien lien ne fonctionne plus.',
  sharedNotFound: 'Souvenir introuvable',
  editTitle: 'Renommer ce souvenir',
  titleField: 'Titre',
  save: 'Enregistrer',
  saved: 'Le nouveau titre est enregistré',
  titleRequired: 'Le titre est obligatoire',
};

export type MemoryTexts = typeof en;

export function memoryUi(lang: 'en' | 'fr'): MemoryTexts {
  return lang === 'fr' ? fr : en;
}
