// The administrator panel's Coupons and Users tabs as the journeys read them, copied from
// src/web/locales/{en,fr}/admin.json, common.json, validation.json and home.json (key noted). Kept apart from texts.ts so
// this part's wording changes in one place.
const en = {
  title: 'Administrator Panel', // admin:title
  tab: {
    coupons: 'Coupons', // admin:tabs.coupons
    users: 'Users', // admin:tabs.users
  },
  // Coupons (admin:coupons.*).
  couponLanguage: 'Coupons for', // admin:coupons.language
  languageName: { en: 'English', fr: 'Français' }, // common:language.names.* (each in its own language)
  couponList: 'Coupon codes', // admin:coupons.title
  couponsIn: (language: string) => `Coupons in ${language}`, // admin:coupons.listLabel, the language from admin:coupons.languageNames.*
  noCoupons: (language: string) => `No codes in ${language} yet. Add one below and it works on the pricing page at once.`, // admin:coupons.empty
  removeCode: (code: string) => `Remove the code ${code}`, // admin:coupons.removeCode
  confirmYes: 'Yes, remove', // admin:coupons.confirmYes
  removed: 'Coupon removed', // admin:coupons.removed
  addSection: 'Add a coupon', // admin:coupons.addTitle
  code: 'Coupon code', // admin:coupons.code
  promotionId: 'Stripe promotion id', // admin:coupons.promotionId
  add: 'Add coupon', // admin:coupons.add
  added: 'Coupon added', // admin:coupons.added
  bothRequired: 'Please enter both coupon code and Stripe ID', // validation:couponFieldsRequired
  testSection: 'Test a code', // admin:coupons.testTitle
  testCode: 'Code to test', // admin:coupons.testCode
  test: 'Test the code', // admin:coupons.test
  valid: 'Coupon code is valid!', // admin:coupons.valid
  invalid: 'Coupon code is invalid', // admin:coupons.invalid
  // Users (admin:users.*).
  usersSection: 'People', // admin:users.title
  search: 'Search by e-mail', // admin:users.search
  accounts: 'Accounts', // admin:users.listLabel
  freeAccessFor: (email: string) => `Free access for ${email}`, // admin:users.freeAccessFor
  adminMark: 'Administrator', // admin:users.adminBadge
  freeAccessMark: 'Free access', // admin:users.freeAccessBadge
  granted: 'Free access granted', // admin:users.granted
  revoked: 'Free access removed', // admin:users.removed
  // The home's free-access note (home:today.freeAccess).
  homeFreeAccess: 'You have free access to Souvenir.',
};

const fr: typeof en = {
  ...en,
  title: 'Panneau d’administration',
  tab: { coupons: 'Codes promo', users: 'Utilisateurs' },
  couponLanguage: 'Codes promo pour',
  couponList: 'Codes promo',
  couponsIn: (language) => `Codes promo en ${language}`,
  noCoupons: (language) => `Aucun code en ${language} pour l’instant. Ajoutes-en un ci-dessous\u00a0: il fonctionne aussitôt sur la page des tarifs.`,
  removeCode: (code) => `Retirer le code ${code}`,
  confirmYes: 'Oui, retirer',
  removed: 'Code promo retiré',
  addSection: 'Ajouter un code promo',
  code: 'Code promo',
  promotionId: 'Identifiant de promotion Stripe',
  add: 'Ajouter le code',
  added: 'Code promo ajouté',
  bothRequired: 'Saisis le code promo et l’identifiant Stripe',
  testSection: 'Tester un code',
  testCode: 'Code à tester',
  test: 'Tester le code',
  valid: 'Ce code promo est valide\u00a0!',
  invalid: 'Ce code promo n’est pas valide',
  usersSection: 'Utilisateurs',
  search: 'Rechercher par e-mail',
  accounts: 'Comptes',
  freeAccessFor: (email) => `Accès gratuit pour ${email}`,
  adminMark: 'Admin',
  freeAccessMark: 'Accès gratuit',
  granted: 'Accès gratuit accordé',
  revoked: 'Accès gratuit retiré',
  homeFreeAccess: 'Tu bénéficies d’un accès gratuit à Souvenir.',
};

export const adminBillingUi = (lang: 'en' | 'fr') => (lang === 'fr' ? fr : en);
