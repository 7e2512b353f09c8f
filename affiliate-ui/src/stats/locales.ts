import { statisticsLabels } from '@affilux/contract';

/** `stats` namespace: the affiliate's dashboard (/affiliate) and statistics page (/affiliate/stats); the table's words are the contract's. */
const fr = {
  table: statisticsLabels.fr,
  dashboard: {
    title: 'Tableau de bord',
    intro: 'Vos revenus et vos conversions, arrêtés au {{day}}.',
    refresh: 'Actualiser',
    refreshed: 'Statistiques actualisées',
    today: "Aujourd'hui",
    yesterday: 'Hier',
    month: 'Ce mois-ci',
    conversions: 'Conversions du mois',
    conversions_ppt: 'Essais du mois',
    conversions_sale: 'Ventes du mois',
    versus_today: 'vs hier',
    versus_yesterday: 'vs avant-hier',
    versus_month: 'vs mois dernier',
    no_comparison: 'pas de comparaison',
    chartTitle: 'Vos 30 derniers jours',
    chartRevenue: 'Revenus',
    chartRegistrations: 'Inscriptions',
    chartEmpty: 'Aucune donnée sur les 30 derniers jours',
    compensationTitle: 'Votre rémunération',
  },
  page: {
    title: 'Statistiques',
    intro: 'Le détail de votre trafic par jour, offre et tracker.',
  },
};

type Catalogue = typeof fr;

const en: Catalogue = {
  table: statisticsLabels.en,
  dashboard: {
    title: 'Dashboard',
    intro: 'Your revenue and conversions, as of {{day}}.',
    refresh: 'Refresh',
    refreshed: 'Statistics refreshed',
    today: 'Today',
    yesterday: 'Yesterday',
    month: 'This month',
    conversions: 'Conversions this month',
    conversions_ppt: 'Essays this month',
    conversions_sale: 'Bills this month',
    versus_today: 'vs yesterday',
    versus_yesterday: 'vs the day before',
    versus_month: 'vs last month',
    no_comparison: 'no comparison',
    chartTitle: 'Your last 30 days',
    chartRevenue: 'Revenue',
    chartRegistrations: 'Registrations',
    chartEmpty: 'No data over the last 30 days',
    compensationTitle: 'Your compensation',
  },
  page: {
    title: 'Statistics',
    intro: 'Your traffic by day, offer and tracker.',
  },
};

export const statsLocales = { fr, en };
