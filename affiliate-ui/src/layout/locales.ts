/** The `layout` namespace: header, footer, language switcher and the shared support details. */
const fr = {
  brand: 'Affilux',
  pageTitle: '{{page}} · Affilux',
  nav: {
    home: 'Accueil',
    faq: 'FAQ',
    contact: 'Contact',
    login: 'Connexion',
    register: 'Devenir affilié',
    myArea: 'Mon espace',
    logout: 'Déconnexion',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
    main: 'Navigation principale',
  },
  language: {
    switchTo: 'Switch to English',
    short: 'EN',
  },
  footer: {
    tagline:
      "Le réseau d'affiliation premium des verticales Dating, Cams, Adult, Adult Games et Casino. Offres exclusives, tracking en temps réel et paiements hebdomadaires en crypto.",
    navigation: 'Navigation',
    terms: 'CGU',
    faq: 'FAQ',
    contact: 'Contact',
    support: 'Support',
    copyright: '© {{year}} Affilux. Tous droits réservés.',
    adultNotice: "Réservé aux professionnels majeurs du marketing d'affiliation.",
  },
  newsletter: {
    title: 'Newsletter',
    text: 'Nouvelles offres, hausses de payout et conseils de nos account managers, une fois par mois.',
    label: 'Votre adresse email',
    submit: "S'inscrire",
    required: "L'email est requis",
    invalid: 'Adresse email invalide',
    confirmation: 'Presque fini : confirmez votre inscription avec le lien que nous venons de vous envoyer par email.',
    failed: "L'inscription à la newsletter a échoué, réessayez plus tard.",
    legal:
      "En vous inscrivant, vous acceptez notre <privacy>politique de confidentialité</privacy>, nos <terms>conditions d'utilisation</terms> et notre <cookies>politique de cookies</cookies>.",
  },
  support: {
    email: 'Email du support',
    messaging: 'Telegram',
    comingSoon: 'Bientôt disponible',
    hoursLabel: 'Horaires',
    hours: 'Du lundi au vendredi, 9h00 - 18h00 (CET)',
    replyLabel: 'Délai de réponse',
    reply: 'Réponse sous 24h',
  },
};

type LayoutMessages = typeof fr;

const en: LayoutMessages = {
  brand: 'Affilux',
  pageTitle: '{{page}} · Affilux',
  nav: {
    home: 'Home',
    faq: 'FAQ',
    contact: 'Contact',
    login: 'Log in',
    register: 'Become an affiliate',
    myArea: 'My area',
    logout: 'Log out',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    main: 'Main navigation',
  },
  language: {
    switchTo: 'Passer en français',
    short: 'FR',
  },
  footer: {
    tagline:
      'The premium affiliate network for Dating, Cams, Adult, Adult Games and Casino. Exclusive offers, real-time tracking and weekly crypto payouts.',
    navigation: 'Navigation',
    terms: 'Terms of service',
    faq: 'FAQ',
    contact: 'Contact',
    support: 'Support',
    copyright: '© {{year}} Affilux. All rights reserved.',
    adultNotice: 'For adult affiliate marketing professionals only.',
  },
  newsletter: {
    title: 'Newsletter',
    text: 'New offers, payout increases and tips from our account managers, once a month.',
    label: 'Your email address',
    submit: 'Subscribe',
    required: 'Email is required',
    invalid: 'Invalid email address',
    confirmation: 'Almost done: confirm your subscription with the link we have just emailed you.',
    failed: 'The newsletter subscription failed, please try again later.',
    legal:
      'By subscribing, you accept our <privacy>privacy policy</privacy>, our <terms>terms of service</terms> and our <cookies>cookie policy</cookies>.',
  },
  support: {
    email: 'Support email',
    messaging: 'Telegram',
    comingSoon: 'Coming soon',
    hoursLabel: 'Opening hours',
    hours: 'Monday to Friday, 9:00 - 18:00 (CET)',
    replyLabel: 'Response time',
    reply: 'Reply within 24h',
  },
};

export const layoutLocales = { fr, en };
