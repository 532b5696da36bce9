// The profile page's texts the journeys look for, copied from src/web/locales/{en,fr}/profile.json (key noted).
// Kept apart from texts.ts so this part's wording changes in one place.
const en = {
  title: 'Your profile', // profile:title
  firstName: 'First name', // profile:form.firstName
  language: 'Default language', // profile:form.language
  gender: 'Gender', // profile:form.gender
  save: 'Save changes', // profile:form.save
  medicalNote: 'Confidential medical note', // profile:form.medicalNote
  adminOnly: 'Visible to administrators only', // profile:form.adminOnly
  updated: 'Your profile has been updated', // profile:messages.profileUpdateSuccess
  changePicture: 'Change picture', // profile:avatar.change
  removePicture: 'Remove picture', // profile:avatar.remove
  pictureUpdated: 'Your picture has been updated', // profile:avatar.updated
  tooLarge: 'This image is larger than 2 MB. Choose a smaller one, or reduce its size first.', // profile:avatar.tooLarge
  notImage: "This file isn't an image Souvenir can use. Please select a JPEG, PNG, WebP, GIF or AVIF picture.", // profile:avatar.notImage
  openPassword: 'Change password', // profile:password.open
  passwordDialog: 'Change your password', // profile:password.dialogTitle
  currentPassword: 'Current password', // profile:password.current
  newPassword: 'New password', // profile:password.new
  confirmPassword: 'Confirm the new password', // profile:password.confirm
  savePassword: 'Save the new password', // profile:password.submit
  passwordChanged: 'Your password has been changed', // profile:messages.passwordUpdateSuccess
  otherDevices: 'For your safety, your other devices have been signed out.', // profile:password.otherDevices
  wrongPassword: "Your password wasn't changed. Your current password isn't right.", // profile:messages.passwordUpdateError + password.errors.INVALID_PASSWORD
  exportData: 'Export my data', // profile:export.action
  exported: 'Your data has been downloaded', // profile:export.success
  subscriptionFree: 'Your first session is free', // profile:subscription.none.headline
  closeAccount: 'Close my account', // profile:closeAccount.open
  closeDialog: 'Close your account for good?', // profile:closeAccount.dialogTitle
  typeToConfirm: 'Type DELETE to confirm', // profile:closeAccount.typeToConfirm
  word: 'DELETE', // profile:closeAccount.word
  closeConfirm: 'Close my account for good', // profile:closeAccount.confirm
  closeCancel: 'Keep my account', // profile:closeAccount.cancel
  accountDeleted: 'Your account has been deleted', // profile:messages.accountDeleted
};

const fr: typeof en = {
  title: 'Ton profil',
  firstName: 'Prénom',
  language: 'Langue par défaut',
  gender: 'Genre',
  save: 'Enregistrer',
  medicalNote: 'Note médicale confidentielle',
  adminOnly: 'Visible uniquement par les administrateurs',
  updated: 'Ton profil a été mis à jour',
  changePicture: 'Changer de photo',
  removePicture: 'Retirer la photo',
  pictureUpdated: 'Ta photo a été mise à jour',
  tooLarge: 'Cette image dépasse 2\u00a0Mo. Choisis-en une plus légère, ou réduis d’abord sa taille.',
  notImage: 'Ce fichier n’est pas une image que Souvenir peut utiliser. Choisis une photo JPEG, PNG, WebP, GIF ou AVIF.',
  openPassword: 'Changer le mot de passe',
  passwordDialog: 'Changer ton mot de passe',
  currentPassword: 'Mot de passe actuel',
  newPassword: 'Nouveau mot de passe',
  confirmPassword: 'Confirme le nouveau mot de passe',
  savePassword: 'Enregistrer le nouveau mot de passe',
  passwordChanged: 'Ton mot de passe a été modifié',
  otherDevices: 'Par sécurité, tes autres appareils ont été déconnectés.',
  wrongPassword: 'Ton mot de passe n’a pas été modifié. Ton mot de passe actuel n’est pas le bon.',
  exportData: 'Exporter mes données',
  exported: 'Tes données ont été téléchargées',
  subscriptionFree: 'Ta première session est offerte',
  closeAccount: 'Fermer mon compte',
  closeDialog: 'Fermer ton compte pour de bon\u00a0?',
  typeToConfirm: 'Écris SUPPRIMER pour confirmer',
  word: 'SUPPRIMER',
  closeConfirm: 'Fermer mon compte pour de bon',
  closeCancel: 'Garder mon compte',
  accountDeleted: 'Ton compte a été supprimé',
};

export function profileUi(lang: 'en' | 'fr') {
  return lang === 'fr' ? fr : en;
}
