/** `payment` namespace: the payment method card and the variation history modal of /affiliate/account. */
const fr = {
  method: {
    title: 'Moyen de paiement',
    type: 'Type',
    crypto: 'Crypto-monnaie',
    bank: 'Virement bancaire',
    currency: 'Crypto-monnaie',
    address: 'Adresse du portefeuille',
    company: 'Société',
    siret: 'SIRET',
    iban: 'IBAN',
    country: 'Pays',
    postalAddress: 'Adresse',
    none: 'Aucun moyen de paiement n’est encore enregistré : votre manager le configure pour vous.',
    unavailable: 'Votre moyen de paiement n’est pas disponible pour le moment.',
    managerOnly: 'Les modifications de votre moyen de paiement passent uniquement par votre manager.',
  },
  history: {
    open: 'Historique de mes tarifs',
    title: 'Historique des variations de paiement',
    intro: 'Chaque période de vos paramètres de paiement, avec le tarif tel qu’il était.',
    current: 'En cours',
    since: 'Depuis le {{start}}',
    fromTo: 'Du {{start}} au {{end}}',
    standard: 'Tarif standard',
    evolutionary: 'évolutif',
    tier: {
      ppt: 'Palier {{level}} : {{min}} à {{max}} essais · {{amount}}',
      sale: 'Palier {{level}} : {{min}} à {{max}} ventes · {{amount}}',
    },
    tierOpen: {
      ppt: 'Palier {{level}} : à partir de {{min}} essais · {{amount}}',
      sale: 'Palier {{level}} : à partir de {{min}} ventes · {{amount}}',
    },
    empty: 'Aucune période enregistrée.',
    loadError: "Erreur lors du chargement de l'historique",
    close: 'Fermer',
    types: { ppt: 'PPT (par essai)', sale: 'SALE (par vente)' },
  },
};

type Catalogue = typeof fr;

const en: Catalogue = {
  method: {
    title: 'Payment method',
    type: 'Type',
    crypto: 'Cryptocurrency',
    bank: 'Bank transfer',
    currency: 'Cryptocurrency',
    address: 'Wallet address',
    company: 'Company',
    siret: 'SIRET',
    iban: 'IBAN',
    country: 'Country',
    postalAddress: 'Address',
    none: 'No payment method is recorded yet: your manager sets it up for you.',
    unavailable: 'Your payment method is not available right now.',
    managerOnly: 'Changes to your payment method go through your manager only.',
  },
  history: {
    open: 'My rate history',
    title: 'Payment variation history',
    intro: 'Every period of your payment settings, with the rate as it was.',
    current: 'Current',
    since: 'Since {{start}}',
    fromTo: 'From {{start}} to {{end}}',
    standard: 'Standard rate',
    evolutionary: 'tiered',
    tier: {
      ppt: 'Tier {{level}}: {{min}} to {{max}} essays · {{amount}}',
      sale: 'Tier {{level}}: {{min}} to {{max}} sales · {{amount}}',
    },
    tierOpen: {
      ppt: 'Tier {{level}}: from {{min}} essays · {{amount}}',
      sale: 'Tier {{level}}: from {{min}} sales · {{amount}}',
    },
    empty: 'No period recorded.',
    loadError: 'Could not load the history',
    close: 'Close',
    types: { ppt: 'PPT (per trial)', sale: 'SALE (per sale)' },
  },
};

export const paymentLocales = { fr, en };
