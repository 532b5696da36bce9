// The subscription's texts the journeys look for, copied from src/web/locales/{en,fr}/billing.json and the
// subscription block of profile.json (key noted). Kept apart from texts.ts so this part's wording changes in one place.
const en = {
  pricingTitle: 'Subscription', // billing:pricing.title
  planName: 'Souvenir monthly', // billing:pricing.plan.name
  price: /^\$4\.99$/, // PRICE_DISPLAY.en (@shared/limits)
  perMonth: 'per month', // billing:pricing.plan.perMonth
  promoCode: 'Promotion code (optional)', // billing:pricing.promo.label
  subscribe: 'Subscribe', // billing:pricing.subscribe
  preparing: 'Preparing payment…', // billing:pricing.preparing
  invalidPromo: 'Invalid promotion code. Please check your code and try again.', // billing:pricing.messages.invalidPromoCode
  sandboxNote: 'Payments are simulated on this installation: no card is needed and nothing is charged.', // billing:pricing.sandboxNote
  canceled: 'Payment cancelled — nothing was charged.', // billing:pricing.canceled.title
  currentFreeAccess: 'You have free access', // billing:pricing.current.freeAccess.title
  checkoutBanner: 'Test checkout — no real payment', // billing:sandbox.checkout.bannerTitle
  checkoutTitle: 'Confirm your subscription', // billing:sandbox.checkout.title
  checkoutPrice: /^\$4\.99 per month$/, // billing:sandbox.checkout.pricePerMonth
  pay: 'Pay (test)', // billing:sandbox.checkout.pay
  cancelCheckout: 'Cancel', // billing:sandbox.checkout.cancel
  paid: 'Payment confirmed. Welcome, your sessions are open.', // billing:sandbox.checkout.paid
  portalBanner: 'Test portal — no real payment', // billing:sandbox.portal.bannerTitle
  portalTitle: 'Your subscription', // billing:sandbox.portal.title
  portalActive: 'Your subscription is active', // billing:sandbox.portal.active.title
  cancelSubscription: 'Cancel subscription', // billing:sandbox.portal.cancel
  confirmCancelTitle: 'Cancel your subscription?', // billing:sandbox.portal.confirmTitle
  confirmCancel: 'Yes, cancel it', // billing:sandbox.portal.confirm
  subscriptionCanceled: 'Your subscription has been cancelled.', // billing:sandbox.portal.canceled
  // The profile's subscription block (profile:subscription.*).
  profileActive: 'Your subscription is active', // profile:subscription.active.headline
  profileNone: "You don't have a subscription yet", // profile:subscription.noneLater.headline
  profileFreeAccess: 'You have free access', // profile:subscription.freeAccess.headline
  profileSubscribe: 'Subscribe', // profile:subscription.subscribe
  profileManage: 'Manage subscription', // profile:subscription.manage
  // The home's free-access note (home:today.freeAccess).
  homeFreeAccess: 'You have free access to Souvenir.',
};

const fr: typeof en = {
  ...en,
  pricingTitle: 'Abonnement',
  planName: 'Souvenir au mois',
  price: /^4,99\s€$/,
  perMonth: 'par mois',
  promoCode: 'Code promo (facultatif)',
  subscribe: 'S’abonner',
  preparing: 'Préparation du paiement…',
  invalidPromo: 'Code promo invalide. Vérifie ton code et réessaie.',
  sandboxNote: 'Les paiements sont simulés sur cette installation\u00a0: aucune carte n’est demandée et rien n’est prélevé.',
  canceled: 'Paiement annulé — rien n’a été prélevé.',
  currentFreeAccess: 'Tu bénéficies d’un accès gratuit',
  checkoutBanner: 'Paiement de test — aucun vrai paiement',
  checkoutTitle: 'Confirme ton abonnement',
  checkoutPrice: /^4,99\s€ par mois$/,
  pay: 'Payer (test)',
  cancelCheckout: 'Annuler',
  paid: 'Paiement confirmé. Bienvenue, tes conversations sont ouvertes.',
  portalBanner: 'Portail de test — aucun vrai paiement',
  portalTitle: 'Ton abonnement',
  portalActive: 'Ton abonnement est actif',
  cancelSubscription: 'Résilier l’abonnement',
  confirmCancelTitle: 'Résilier ton abonnement\u00a0?',
  confirmCancel: 'Oui, résilier',
  subscriptionCanceled: 'Ton abonnement a été résilié.',
  profileActive: 'Ton abonnement est actif',
  profileNone: 'Tu n’as pas encore d’abonnement',
  profileFreeAccess: 'Tu as un accès gratuit',
  profileSubscribe: 'S’abonner',
  profileManage: 'Gérer l’abonnement',
  homeFreeAccess: 'Tu bénéficies d’un accès gratuit à Souvenir.',
};

export const billingUi = (lang: 'en' | 'fr') => (lang === 'fr' ? fr : en);
