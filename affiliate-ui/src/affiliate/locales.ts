/** `affiliate` namespace: the affiliate area (layout, frozen screen, email verification, pages). */
const fr = {
  brand: 'Affilux',
  nav: {
    dashboard: 'Tableau de bord',
    offers: 'Offres',
    stats: 'Statistiques',
    referral: 'Parrainage',
    payments: 'Paiements',
    account: 'Mon compte',
    home: 'Accueil',
    logout: 'Déconnexion',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
  },
  affiliateId: 'ID {{id}}',
  frozen: {
    title: 'Compte gelé',
    explanation:
      "Votre compte affilié a été gelé par notre équipe. Vous n'avez plus accès à vos offres, statistiques et paiements tant qu'il n'est pas réactivé.",
    whatToDo: 'Pour en connaître la raison ou demander sa réactivation, contactez :',
    yourManager: 'Votre manager',
    support: 'Le support Affilux',
    account: 'Compte concerné',
  },
  verification: {
    title: 'Vérifiez votre adresse email',
    intro: 'Pour accéder à votre espace affilié, confirmez votre adresse {{email}} avec un code à 6 chiffres.',
    send: 'Envoyer le code',
    sending: 'Envoi…',
    resend: 'Renvoyer le code',
    sentTo: 'Un code a été envoyé à {{email}}. Il est valable 15 minutes.',
    code: 'Code de vérification',
    codeFormat: 'Le code doit contenir 6 chiffres',
    verify: 'Vérifier',
    verifying: 'Vérification…',
    sent: 'Code envoyé',
    verified: 'Email vérifié, bienvenue !',
    invalidCode: 'Code de vérification invalide',
    sendFailed: "Erreur lors de l'envoi du code",
  },
  manager: {
    title: 'Votre manager',
    telegram: 'Telegram',
    mail: 'Email',
    none: "Aucun manager ne vous est encore attribué. Notre équipe vous en assignera un très bientôt ; en attendant, écrivez-nous depuis la page contact.",
    contactLink: 'Nous contacter',
    unavailable: 'Les coordonnées de votre manager ne sont pas disponibles pour le moment.',
  },
  dashboard: {
    title: 'Tableau de bord',
    emptyTitle: 'Aucune statistique pour le moment',
    emptyText:
      "Vos revenus du jour, d'hier et du mois, vos conversions du mois et le graphique de vos 30 derniers jours apparaîtront ici dès vos premiers clics.",
  },
  offers: {
    title: 'Offres',
    emptyTitle: 'Aucune offre disponible pour le moment',
    emptyText:
      "Les offres de nos marques apparaîtront ici avec leurs templates, votre lien d'affiliation et vos trackers. Votre manager peut vous renseigner sur les offres à venir.",
  },
  stats: {
    title: 'Statistiques',
    emptyTitle: 'Aucune statistique pour le moment',
    emptyText: 'Le détail de votre trafic par jour, offre et tracker (clics, inscriptions, conversions, revenus) apparaîtra ici.',
  },
  referral: {
    title: 'Parrainage',
    emptyTitle: 'Aucun filleul pour le moment',
    emptyText:
      'Votre lien de parrainage, vos filleuls, votre solde de commissions et votre taux de commission apparaîtront ici.',
  },
  payments: {
    title: 'Paiements',
    emptyTitle: 'Aucun paiement pour le moment',
    emptyText:
      'Vos gains de la semaine, votre solde impayé (versé à partir de 500 €) et l’historique de vos paiements hebdomadaires apparaîtront ici.',
  },
  account: {
    title: 'Mon compte',
    personalInfo: 'Informations personnelles',
    first_name: 'Prénom',
    last_name: 'Nom',
    email: 'Email',
    username: "Nom d'utilisateur",
    contact_method: 'Contact messagerie',
    country: 'Pays',
    affiliateId: 'ID affilié',
  },
};

type Catalogue = typeof fr;

const en: Catalogue = {
  brand: 'Affilux',
  nav: {
    dashboard: 'Dashboard',
    offers: 'Offers',
    stats: 'Statistics',
    referral: 'Referral',
    payments: 'Payments',
    account: 'My account',
    home: 'Home',
    logout: 'Log out',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
  },
  affiliateId: 'ID {{id}}',
  frozen: {
    title: 'Account frozen',
    explanation:
      'Your affiliate account has been frozen by our team. You no longer have access to your offers, statistics and payments until it is reactivated.',
    whatToDo: 'To learn why or to ask for reactivation, contact:',
    yourManager: 'Your manager',
    support: 'Affilux support',
    account: 'Account concerned',
  },
  verification: {
    title: 'Verify your email address',
    intro: 'To access your affiliate area, confirm your address {{email}} with a 6-digit code.',
    send: 'Send the code',
    sending: 'Sending…',
    resend: 'Send the code again',
    sentTo: 'A code was sent to {{email}}. It is valid for 15 minutes.',
    code: 'Verification code',
    codeFormat: 'The code must contain 6 digits',
    verify: 'Verify',
    verifying: 'Verifying…',
    sent: 'Code sent',
    verified: 'Email verified, welcome!',
    invalidCode: 'Invalid verification code',
    sendFailed: 'Error while sending the code',
  },
  manager: {
    title: 'Your manager',
    telegram: 'Telegram',
    mail: 'Email',
    none: 'No manager has been assigned to you yet. Our team will assign one very soon; meanwhile, write to us from the contact page.',
    contactLink: 'Contact us',
    unavailable: "Your manager's details are not available right now.",
  },
  dashboard: {
    title: 'Dashboard',
    emptyTitle: 'No statistics yet',
    emptyText:
      "Today's, yesterday's and this month's earnings, this month's conversions and your last 30 days chart will appear here as soon as your first clicks come in.",
  },
  offers: {
    title: 'Offers',
    emptyTitle: 'No offers available yet',
    emptyText:
      'Our brands’ offers will appear here with their templates, your affiliation link and your trackers. Your manager can tell you about upcoming offers.',
  },
  stats: {
    title: 'Statistics',
    emptyTitle: 'No statistics yet',
    emptyText: 'Your traffic by day, offer and tracker (clicks, registrations, conversions, revenue) will appear here.',
  },
  referral: {
    title: 'Referral',
    emptyTitle: 'No referred affiliates yet',
    emptyText: 'Your referral link, referred affiliates, commission balance and commission rate will appear here.',
  },
  payments: {
    title: 'Payments',
    emptyTitle: 'No payments yet',
    emptyText:
      "This week's earnings, your unpaid balance (paid out from 500 €) and your weekly payment history will appear here.",
  },
  account: {
    title: 'My account',
    personalInfo: 'Personal information',
    first_name: 'First name',
    last_name: 'Last name',
    email: 'Email',
    username: 'Username',
    contact_method: 'Messaging contact',
    country: 'Country',
    affiliateId: 'Affiliate ID',
  },
};

export const affiliateLocales = { fr, en };
