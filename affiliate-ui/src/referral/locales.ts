/** `referral` namespace: /affiliate/referral. */
const fr = {
  title: 'Parrainage',
  intro: 'Invitez d’autres affiliés : vous touchez une commission sur leurs gains, chaque semaine, sans rien retirer aux leurs.',
  link: {
    title: 'Votre lien de parrainage',
    label: 'Lien de parrainage',
    copy: 'Copier le lien',
    copied: 'Copié !',
    toast: 'Lien de parrainage copié',
    hint: 'Toute personne qui s’inscrit depuis ce lien dans les 24 heures est enregistrée comme votre filleul.',
  },
  refresh: 'Actualiser',
  loadError: 'Erreur lors du chargement des données de parrainage',
  cards: {
    referred: 'Affiliés parrainés',
    referredHint: 'Inscrits et approuvés grâce à votre lien',
    unpaid: 'Commissions impayées',
    unpaidHint: 'Versées avec vos gains, au paiement du mercredi',
    rate: 'Taux de commission',
    rateHint: 'De leurs gains nets de chaque semaine',
  },
  how: {
    title: 'Comment ça marche',
    step1Title: 'Partagez votre lien',
    step1: 'Envoyez votre lien de parrainage à des éditeurs, media buyers ou agences.',
    step2Title: 'Ils rejoignent Affilux',
    step2: 'Leur candidature porte votre identifiant ; une fois approuvés, ils deviennent vos filleuls.',
    step3Title: 'Vous touchez votre commission',
    step3: 'À chaque clôture de semaine, {{rate}} de leurs gains nets est ajouté à votre solde et payé avec vos gains.',
  },
};

type Catalogue = typeof fr;

const en: Catalogue = {
  title: 'Referral',
  intro: 'Invite other affiliates: you earn a commission on their earnings every week, without taking anything from theirs.',
  link: {
    title: 'Your referral link',
    label: 'Referral link',
    copy: 'Copy the link',
    copied: 'Copied!',
    toast: 'Referral link copied',
    hint: 'Anyone who signs up from this link within 24 hours is recorded as your referred affiliate.',
  },
  refresh: 'Refresh',
  loadError: 'Error while loading the referral data',
  cards: {
    referred: 'Referred affiliates',
    referredHint: 'Signed up and approved through your link',
    unpaid: 'Unpaid commissions',
    unpaidHint: 'Paid with your earnings, on the Wednesday payment',
    rate: 'Commission rate',
    rateHint: 'Of their net earnings each week',
  },
  how: {
    title: 'How it works',
    step1Title: 'Share your link',
    step1: 'Send your referral link to publishers, media buyers or agencies.',
    step2Title: 'They join Affilux',
    step2: 'Their application carries your id; once approved, they are your referred affiliates.',
    step3Title: 'You earn your commission',
    step3: 'Each time a week closes, {{rate}} of their net earnings is added to your balance and paid with your earnings.',
  },
};

export const referralLocales = { fr, en };
