import { formatAffiliateId } from './ids';
import { withVisibleGrouping } from './money';
import { formatStatDay, paidConversions, STATISTICS_MESSAGES, type DayRange, type PeriodRangeCheck, type ProcessedStatRow, type PeriodRangeError, type StatsCsvLabels, type StatsPeriod, type StatsSort, type StatsTotals } from './statistics';
import type { PaymentType } from './vocabulary';

/**
 * The words of the statistics table, which the portal and the back office share (spec: "the
 * statistics table, shared with the affiliate's own view"), in French and English, without
 * variables (the portal's i18next and the back office's polyglot write them differently).
 */
type PagerButton = 'first' | 'previous' | 'next' | 'last';

export type StatisticsLabels = {
  periods: Record<StatsPeriod, string>;
  sorts: Record<StatsSort, string>;
  columns: { date: string; offer: string; tracker1: string; tracker2: string; clicks: string; registered: string; essays: string; bills: string; revenue: string; conversionRate: string };
  table: {
    title: string; period: string; from: string; to: string; search: string; sort: string; refresh: string; export: string; totals: string;
    noOffer: string; empty: string; noMatch: string; invalidPeriod: string; rowsPerPage: string; loading: string; of: string;
    pages: Record<PagerButton, string>;
  };
  csv: Pick<StatsCsvLabels, 'revenue' | 'conversionRate'>;
  messages: Record<'loadError' | 'noData' | 'exported' | PeriodRangeError | 'topLoadError' | 'refreshError' | 'noUniqueId', string>;
};

export const statisticsLabels: { fr: StatisticsLabels; en: StatisticsLabels } = {
  fr: {
    periods: {
      today: "Aujourd'hui", yesterday: 'Hier', '7days': '7 derniers jours', '15days': '15 derniers jours',
      thisMonth: 'Ce mois-ci', lastMonth: 'Mois dernier', thisYear: 'Cette année', custom: 'Personnalisée',
    },
    sorts: {
      date_desc: 'Date (récentes d’abord)', date_asc: 'Date (anciennes d’abord)', revenue_desc: 'Revenus', clicks_desc: 'Clics',
      registered_desc: 'Inscrits', conversions_desc: 'Conversions', conversionRate_desc: 'Taux de conversion', offer_asc: 'Offre (A-Z)',
    },
    columns: {
      date: 'Date', offer: 'Offre', tracker1: 'Tracker 1', tracker2: 'Tracker 2', clicks: 'Clics', registered: 'Inscrits',
      essays: 'Essais', bills: 'Ventes', revenue: 'Revenus', conversionRate: 'Taux de conversion',
    },
    table: {
      title: 'Statistiques détaillées', period: 'Période', from: 'Du', to: 'Au', search: 'Rechercher (offre, ID, tracker, date)', sort: 'Trier par',
      refresh: 'Actualiser', export: 'Exporter en CSV', totals: 'Total', noOffer: 'Sans offre', empty: 'Aucune statistique sur cette période', noMatch: 'Aucune statistique ne correspond à la recherche',
      invalidPeriod: 'Corrigez les dates de la période pour afficher les statistiques',
      rowsPerPage: 'Lignes par page', loading: 'Chargement des statistiques…', of: 'sur',
      pages: { first: 'Première page', previous: 'Page précédente', next: 'Page suivante', last: 'Dernière page' },
    },
    csv: { revenue: 'Revenus (EUR)', conversionRate: 'Taux de conversion (%)' },
    messages: {
      loadError: STATISTICS_MESSAGES.loadError,
      noData: STATISTICS_MESSAGES.noData,
      exported: STATISTICS_MESSAGES.exported,
      customRange: STATISTICS_MESSAGES.customRange,
      fromRequired: STATISTICS_MESSAGES.fromRequired,
      toRequired: STATISTICS_MESSAGES.toRequired,
      invalidDate: STATISTICS_MESSAGES.invalidDate,
      topLoadError: STATISTICS_MESSAGES.topLoadError,
      refreshError: STATISTICS_MESSAGES.refreshError,
      noUniqueId: STATISTICS_MESSAGES.noUniqueId,
    },
  },
  en: {
    periods: {
      today: 'Today', yesterday: 'Yesterday', '7days': 'Last 7 days', '15days': 'Last 15 days',
      thisMonth: 'This month', lastMonth: 'Last month', thisYear: 'This year', custom: 'Custom',
    },
    sorts: {
      date_desc: 'Date (newest first)', date_asc: 'Date (oldest first)', revenue_desc: 'Revenue', clicks_desc: 'Clicks',
      registered_desc: 'Registered', conversions_desc: 'Conversions', conversionRate_desc: 'Conversion rate', offer_asc: 'Offer (A-Z)',
    },
    columns: {
      date: 'Date', offer: 'Offer', tracker1: 'Tracker 1', tracker2: 'Tracker 2', clicks: 'Clicks', registered: 'Registered',
      essays: 'Essays', bills: 'Bills', revenue: 'Revenue', conversionRate: 'Conversion rate',
    },
    table: {
      title: 'Detailed statistics', period: 'Period', from: 'From', to: 'To', search: 'Search (offer, ID, tracker, date)', sort: 'Sort by',
      refresh: 'Refresh', export: 'Export to CSV', totals: 'Total', noOffer: 'No offer', empty: 'No statistics for this period', noMatch: 'No statistics match the search',
      invalidPeriod: "Correct the period's dates to show the statistics",
      rowsPerPage: 'Rows per page', loading: 'Loading statistics…', of: 'of',
      pages: { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' },
    },
    csv: { revenue: 'Revenue (EUR)', conversionRate: 'Conversion rate (%)' },
    messages: {
      loadError: 'Error while loading the statistics',
      noData: 'No data to export',
      exported: 'Data exported',
      customRange: 'The start date must be before the end date',
      fromRequired: 'The start date is required',
      toRequired: 'The end date is required',
      invalidDate: 'Invalid date (YYYY-MM-DD)',
      topLoadError: 'Error while loading the top affiliates',
      refreshError: 'Error while refreshing',
      noUniqueId: 'No affiliate ID: statistics are not available for this account',
    },
  },
};

/** The CSV export's header in a language, 'Essais' or 'Ventes' by payment type. */
export function statsCsvLabels(labels: StatisticsLabels, paymentType: 'ppt' | 'sale'): StatsCsvLabels {
  const { columns, csv, table } = labels;
  return {
    date: columns.date, offer: columns.offer, tracker1: columns.tracker1, tracker2: columns.tracker2, clicks: columns.clicks, registered: columns.registered,
    conversions: paymentType === 'sale' ? columns.bills : columns.essays, revenue: csv.revenue, conversionRate: csv.conversionRate, noOffer: table.noOffer,
  };
}

/** Amounts in euros, French style whatever the interface language (spec: EUR, fr-FR). */
const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
export const formatRevenue = (amount: string | number): string => withVisibleGrouping(EUROS.format(typeof amount === 'number' ? amount : Number(amount)));
/** A chart's axis of euros, French style: whole amounts without decimals (1 000 €), others with what they need (0,5 €). */
const AXIS_EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 2 });
export const formatAxisEuros = (amount: number): string => withVisibleGrouping(AXIS_EUROS.format(amount));
/** A count, French style: 1 394. */
const COUNT = new Intl.NumberFormat('fr-FR');
export const formatCount = (count: number): string => withVisibleGrouping(COUNT.format(count));
/** A percentage with two decimals, French style: 12,50 %. */
const PERCENT = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatRate = (percent: number): string => `${withVisibleGrouping(PERCENT.format(percent))}\u00a0%`;

/** The table's text in place of rows: none while loading or when rows show; else a refused period, a search hiding every row, or a period without figures. */
export const statsEmptyText = (labels: StatisticsLabels, table: { loading: boolean; shown: number; range: PeriodRangeCheck; hiddenBySearch: boolean }): string | null =>
  table.loading || table.shown > 0 ? null : !table.range.ok ? labels.table.invalidPeriod : table.hiddenBySearch ? labels.table.noMatch : labels.table.empty;

/** The message under a custom period's date field: the refusal's, under the field it is about. */
export const periodFieldMessage = (labels: StatisticsLabels, range: PeriodRangeCheck, field: keyof DayRange): string | undefined =>
  !range.ok && range.field === field ? labels.messages[range.reason] : undefined;

/** A column of the statistics table: its heading, a row's cell and the totals row's cell (none for the first four). */
export type StatsColumn = { key: string; label: string; numeric: boolean; cell: (row: ProcessedStatRow) => string; total: ((totals: StatsTotals) => string) | null };

/** The table's nine columns (spec), in order, 'essays or bills' by the payment type; counts, amounts in EUR and rates French style. */
export function statsColumns(labels: StatisticsLabels, paymentType: PaymentType): StatsColumn[] {
  const { columns, table } = labels;
  return [
    { key: 'date', label: columns.date, numeric: false, cell: (r) => formatStatDay(r.date), total: null },
    { key: 'offer', label: columns.offer, numeric: false, cell: (r) => (r.offerId === null ? table.noOffer : `${r.offer} (${formatAffiliateId(r.offerId)})`), total: null },
    { key: 'tracker1', label: columns.tracker1, numeric: false, cell: (r) => r.tracker1 || '-', total: null },
    { key: 'tracker2', label: columns.tracker2, numeric: false, cell: (r) => r.tracker2 || '-', total: null },
    { key: 'clicks', label: columns.clicks, numeric: true, cell: (r) => formatCount(r.clicks), total: (t) => formatCount(t.clicks) },
    { key: 'registered', label: columns.registered, numeric: true, cell: (r) => formatCount(r.registered), total: (t) => formatCount(t.registered) },
    { key: 'conversions', label: paymentType === 'sale' ? columns.bills : columns.essays, numeric: true, cell: (r) => formatCount(paidConversions(r, paymentType)), total: (t) => formatCount(t.conversions) },
    { key: 'revenue', label: columns.revenue, numeric: true, cell: (r) => formatRevenue(r.revenue), total: (t) => formatRevenue(t.revenue) },
    { key: 'conversionRate', label: columns.conversionRate, numeric: true, cell: (r) => formatRate(r.conversionRate), total: (t) => formatRate(t.conversionRate) },
  ];
}

/** The table's pager in the interface's words, its counts French style (the label props of MUI's TablePagination). */
export function statsPagerLabels(labels: StatisticsLabels) {
  return {
    labelRowsPerPage: labels.table.rowsPerPage,
    labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) => `${formatCount(from)}–${formatCount(to)} ${labels.table.of} ${formatCount(count)}`,
    getItemAriaLabel: (button: PagerButton) => labels.table.pages[button],
  };
}
