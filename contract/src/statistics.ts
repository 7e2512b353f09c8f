import { centsToDecimal, decimalToCents } from './money';
import { formatAffiliateId } from './ids';
import type { PaymentType } from './vocabulary';

/**
 * Statistics as both front ends and the server agree on them (spec: the statistics table shared by
 * the affiliate's /affiliate/stats and the back office's user statistics, the two dashboards):
 * the answers of the statistics calls, the table's periods, its row-skipping rule, conversion
 * rates, totals, search, sort and CSV export. Pure: "today" always arrives as an argument (the
 * server's day in Europe/Paris), never from a clock. Amounts are decimal strings ('12.50') on the
 * wire, integer cents inside.
 */

// ---------------------------------------------------------------------------------------------
// Days ('YYYY-MM-DD'): calendar arithmetic at noon UTC, so no time zone or DST ever slips a day.

export type DayText = string;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const noon = (day: DayText) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 12));
};
const text = (date: Date): DayText => date.toISOString().slice(0, 10);

/** Whether `value` is a real calendar day ('2026-02-30' is not). */
export const isDayText = (value: string): boolean => DAY.test(value) && text(noon(value)) === value;
export const addDaysToDay = (day: DayText, days: number): DayText => {
  const date = noon(day);
  date.setUTCDate(date.getUTCDate() + days);
  return text(date);
};
/** A day as the interface writes it: dd/mm/yyyy. */
export const formatStatDay = (day: DayText): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
/** The first day of `day`'s month. */
export const monthStartOf = (day: DayText): DayText => `${day.slice(0, 7)}-01`;
/** The first day of the month before `day`'s. */
export const previousMonthStartOf = (day: DayText): DayText => monthStartOf(addDaysToDay(monthStartOf(day), -1));
/** Every day from `from` to `to`, both included (empty when `from` is after `to`). */
export function daysBetween(from: DayText, to: DayText): DayText[] {
  const days: DayText[] = [];
  for (let day = from; day <= to; day = addDaysToDay(day, 1)) days.push(day);
  return days;
}

// ---------------------------------------------------------------------------------------------
// Periods of the statistics table.

export const STATS_PERIODS = ['today', 'yesterday', '7days', '15days', 'thisMonth', 'lastMonth', 'thisYear', 'custom'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
export const DEFAULT_STATS_PERIOD: StatsPeriod = '7days';
export const isStatsPeriod = (value: unknown): value is StatsPeriod => typeof value === 'string' && (STATS_PERIODS as readonly string[]).includes(value);

/** The statistics' messages in French (the spec's words where it gives them; the front ends translate by key). */
export const STATISTICS_MESSAGES = {
  customRange: 'La date de début doit être antérieure à la date de fin',
  fromRequired: 'La date de début est requise',
  toRequired: 'La date de fin est requise',
  invalidDate: 'Date invalide (AAAA-MM-JJ)',
  invalidPeriod: 'Période inconnue',
  noData: 'Aucune donnée à exporter',
  exported: 'Données exportées avec succès',
  loadError: 'Erreur lors du chargement des statistiques',
  topLoadError: 'Erreur lors du chargement du top affiliés',
  refreshError: "Erreur lors de l'actualisation",
  noUniqueId: "Aucun identifiant affilié : les statistiques ne sont pas disponibles pour ce compte",
  foreignSource: "Ces statistiques ne sont pas les vôtres",
} as const;

export type DayRange = { from: DayText; to: DayText };
/** Why a custom period is refused, by its message's key; `field` is the bound the message is about. */
export type PeriodRangeError = 'fromRequired' | 'toRequired' | 'invalidDate' | 'customRange';
export type PeriodRangeCheck = ({ ok: true } & DayRange) | { ok: false; reason: PeriodRangeError; field: keyof DayRange; message: string };
const refused = (reason: PeriodRangeError, field: keyof DayRange): PeriodRangeCheck => ({ ok: false, reason, field, message: STATISTICS_MESSAGES[reason] });

/** The custom period's default: the last 7 days, today included. */
export const defaultCustomRange = (today: DayText): DayRange => ({ from: addDaysToDay(today, -6), to: today });

/**
 * The days a period covers, `today` being the network's day: 7days and 15days end today (today
 * included), thisMonth and thisYear run from their first day to today, lastMonth is the whole
 * previous month. custom takes `from` and `to` and refuses a start after the end. A bound left
 * out (a call without `from` or `to`) is the last 7 days' one; a bound given empty is a date field
 * the user cleared, and is refused: the table never loads days the user did not ask for.
 */
export function periodRange(period: StatsPeriod, today: DayText, custom: Partial<DayRange> = {}): PeriodRangeCheck {
  switch (period) {
    case 'today':
      return { ok: true, from: today, to: today };
    case 'yesterday': {
      const yesterday = addDaysToDay(today, -1);
      return { ok: true, from: yesterday, to: yesterday };
    }
    case '7days':
      return { ok: true, from: addDaysToDay(today, -6), to: today };
    case '15days':
      return { ok: true, from: addDaysToDay(today, -14), to: today };
    case 'thisMonth':
      return { ok: true, from: monthStartOf(today), to: today };
    case 'lastMonth':
      return { ok: true, from: previousMonthStartOf(today), to: addDaysToDay(monthStartOf(today), -1) };
    case 'thisYear':
      return { ok: true, from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'custom': {
      const fallback = defaultCustomRange(today);
      const from = custom.from ?? fallback.from;
      const to = custom.to ?? fallback.to;
      if (from === '') return refused('fromRequired', 'from');
      if (to === '') return refused('toRequired', 'to');
      if (!isDayText(from)) return refused('invalidDate', 'from');
      if (!isDayText(to)) return refused('invalidDate', 'to');
      if (from > to) return refused('customRange', 'from');
      return { ok: true, from, to };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Conversions, rates, growth.

/** The paid conversions: bills for a SALE affiliate, essays for a PPT one (spec: Dashboard 'conversions'). */
export const paidConversions = (counts: { essays: number; bills: number }, paymentType: PaymentType): number =>
  paymentType === 'sale' ? counts.bills : counts.essays;

/** Conversions per registration, in percent with two decimals (0 without registrations). */
export function conversionRate(conversions: number, registered: number): number {
  if (registered <= 0) return 0;
  return Math.round((conversions / registered) * 10_000) / 100;
}

/**
 * The change from `previous` to `current`, in percent with one decimal, for the dashboards' arrows:
 * null when `previous` is 0, as there is nothing to compare with.
 */
export function growthPercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** A growth as the dashboards write it: '+12,5 %', '-3 %', '0 %', or a dash when there is nothing to compare with. */
export const formatGrowth = (percent: number | null): string =>
  percent === null ? '—' : `${percent > 0 ? '+' : ''}${percent.toLocaleString('fr-FR')}\u00a0%`;

/** The back office's arrows and activity colours: green from 50 %, yellow from 25 %, red below. */
export type ShareLevel = 'high' | 'medium' | 'low';
export const shareLevel = (percent: number): ShareLevel => (percent >= 50 ? 'high' : percent >= 25 ? 'medium' : 'low');

/** The share `part / whole` in percent with one decimal; null when there is no whole to take a share of. */
export const sharePercent = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/** An affiliate counts as active when it signed in within the last 7 days (spec: activity threshold). */
export const ACTIVITY_THRESHOLD_DAYS = 7;
export function isRecentlyConnected(lastConnection: string | null, now: Date): boolean {
  if (!lastConnection) return false;
  const at = new Date(lastConnection).getTime();
  return Number.isFinite(at) && now.getTime() - at <= ACTIVITY_THRESHOLD_DAYS * 86_400_000;
}

// ---------------------------------------------------------------------------------------------
// The answers of the statistics calls.

/** A day's or month's counts of an affiliate, with its paid conversions. */
export type PerformanceCounts = { click: number; registered: number; essay: number; bill: number; conversions: number };
export type Earnings = { earnings: string };
export type AffiliateChartPoint = { date: DayText; revenue: string; registered: number; conversions: number };

/** GET /affiliate/stats/processed (spec: Affiliate processed statistics). */
export type AffiliateProcessedStats = {
  /** The network's day the figures were read on (Europe/Paris). */
  today: DayText;
  revenue: { today: Earnings; yesterday: Earnings; dayBeforeYesterday: Earnings; month: Earnings; previousMonth: Earnings };
  performance: { today: PerformanceCounts; yesterday: PerformanceCounts; month: PerformanceCounts; previousMonth: PerformanceCounts };
  user: { payment_type: PaymentType };
  charts: { last30Days: AffiliateChartPoint[] };
};

export type NetworkCounts = { click: number; registered: number; emailVerified: number; essay: number; bill: number };
export type NetworkChartPoint = { date: DayText; revenue: string; essays: number; bills: number; clicks: number; registered: number };

/** GET /admin/stats/global (spec: Global stats). */
export type GlobalStats = {
  today: DayText;
  overview: {
    totalAffiliates: number;
    /** Affiliates with at least one figure this month. */
    activeAffiliates: number;
    inactiveAffiliates: number;
    newAffiliatesThisMonth: number;
    /** Every essay ever counted. */
    totalEssays: number;
    /** This month's paid conversions: essays of PPT affiliates, bills of SALE ones. */
    conversionsThisMonth: number;
  };
  performance: { today: NetworkCounts; yesterday: NetworkCounts; month: NetworkCounts };
  revenue: { today: string; yesterday: string; month: string; total: string };
  charts: { last30Days: NetworkChartPoint[] };
};

export const TOP_AFFILIATE_PERIODS = ['today', 'yesterday', 'month', 'lastMonth', 'year'] as const;
export type TopAffiliatePeriod = (typeof TOP_AFFILIATE_PERIODS)[number];
export const TOP_AFFILIATES_LIMIT = { default: 10, max: 100 } as const;

/** GET /admin/stats/top-affiliates (spec: Top affiliate). */
export type TopAffiliate = {
  id: string;
  name: string;
  unique_id: number;
  payment_type: PaymentType;
  isActive: boolean;
  lastConnection: string | null;
  revenue: string;
  stats: { click: number; registered: number; essay: number; bill: number };
  conversions: number;
  /** Percent, two decimals. */
  conversionRate: number;
};

/** GET /admin/users/{id}/statistics (spec: User statistics). */
export type UserStatistics = {
  today: DayText;
  user: { id: string; unique_id: number | null; first_name: string; last_name: string; email: string; payment_type: PaymentType; is_frozen: boolean; created_at: string; last_connection: string | null };
  performance: { today: PerformanceCounts; month: PerformanceCounts };
  revenue: { today: Earnings; yesterday: Earnings; month: Earnings; total: Earnings };
  activity: { lastConnection: string | null; status: 'active' | 'inactive'; accountCreated: string; /** Days with at least one figure. */ totalDays: number };
  charts: { last30Days: AffiliateChartPoint[] };
};

/** A raw stat row as brands send it and GET .../stats/raw gives it back: `data` is a JSON string. */
export type RawStatRowView = { stat_date: DayText; data: string };
export type RawCounts = { click: number; registered: number; essay: number; bill: number };
export type RawStatGroup = RawCounts & { trackers?: Record<string, RawCounts & { s1: string; s2: string }> };
export type RawStatData = { siteGroups?: Record<string, RawStatGroup>; globals?: RawStatGroup };

/** A row of POST .../calculate-bulk-revenues: which figures (day, offer unique id or none, trackers). */
export type BulkRevenueRow = { date: DayText; offerId: number | null; tracker1: string; tracker2: string };
export type BulkRevenueResult = BulkRevenueRow & { revenue: string };

/** Spec: Processed stat row. `offerId` is the offer's 5-digit id, null for figures sent without an offer. */
export type ProcessedStatRow = {
  date: DayText;
  offer: string;
  offerId: number | null;
  tracker1: string;
  tracker2: string;
  clicks: number;
  registered: number;
  essays: number;
  bills: number;
  revenue: string;
  /** Percent, two decimals: essays (PPT) or bills (SALE) per registration. */
  conversionRate: number;
};

/**
 * One figure row on the wire, as an array (a year of an affiliate's rows is some 80,000 of them):
 * [date, offer's 5-digit id or null, tracker 1, tracker 2, clicks, registered, essays, bills, revenue in cents].
 */
export type CompactStatRow = [DayText, number | null, string, string, number, number, number, number, number];
export const COMPACT_STAT_COLUMNS = ['date', 'offerId', 'tracker1', 'tracker2', 'clicks', 'registered', 'essays', 'bills', 'revenueCents'] as const;

/**
 * GET /affiliate/stats/rows and GET /admin/users/{id}/stats/rows: the statistics table's rows of a
 * period with their revenue, in one call (the table's own call; the spec leaves it open). Rows come
 * compact and in no order: `expandStatRows` makes the spec's processed rows of them, and the table
 * skips, searches, sorts and totals them with the functions below.
 */
export type StatsTableAnswer = DayRange & {
  period: StatsPeriod;
  today: DayText;
  payment_type: PaymentType;
  /** The names of the offers the rows name, by 5-digit id. */
  offers: Record<string, string>;
  rows: CompactStatRow[];
};

/** The spec's processed stat rows of a table answer (revenue as a decimal string, conversion rate by the payment type). */
export function expandStatRows(answer: Pick<StatsTableAnswer, 'offers' | 'rows' | 'payment_type'>): ProcessedStatRow[] {
  return answer.rows.map(([date, offerId, tracker1, tracker2, clicks, registered, essays, bills, revenueCents]) => ({
    date,
    offer: offerId === null ? '' : (answer.offers[String(offerId)] ?? ''),
    offerId,
    tracker1,
    tracker2,
    clicks,
    registered,
    essays,
    bills,
    revenue: centsToDecimal(revenueCents),
    conversionRate: conversionRate(paidConversions({ essays, bills }, answer.payment_type), registered),
  }));
}

// ---------------------------------------------------------------------------------------------
// The statistics table.

const isDefaultTrackerRow = (row: Pick<ProcessedStatRow, 'tracker1' | 'tracker2'>) => row.tracker1 === '' && row.tracker2 === '';

/**
 * The spec's row skipping: an offer's default tracker row is not shown when it has no clicks, no
 * essays or bills and 10 registrations or fewer; a tracker row when all four counts are zero.
 */
export function isStatRowShown(row: Pick<ProcessedStatRow, 'tracker1' | 'tracker2' | 'clicks' | 'registered' | 'essays' | 'bills'>): boolean {
  if (isDefaultTrackerRow(row)) return row.clicks > 0 || row.essays > 0 || row.bills > 0 || row.registered > 10;
  return row.clicks > 0 || row.registered > 0 || row.essays > 0 || row.bills > 0;
}

export type StatsTotals = { clicks: number; registered: number; essays: number; bills: number; conversions: number; revenue: string; conversionRate: number };

/** The totals row: sums of the rows, the revenue in exact cents, and the rate of the sums. */
export function statsTotals(rows: readonly ProcessedStatRow[], paymentType: PaymentType): StatsTotals {
  let clicks = 0, registered = 0, essays = 0, bills = 0, cents = 0;
  for (const row of rows) {
    clicks += row.clicks;
    registered += row.registered;
    essays += row.essays;
    bills += row.bills;
    cents += decimalToCents(row.revenue) ?? 0;
  }
  const conversions = paidConversions({ essays, bills }, paymentType);
  return { clicks, registered, essays, bills, conversions, revenue: centsToDecimal(cents), conversionRate: conversionRate(conversions, registered) };
}

/**
 * Rows whose date (as the table shows it, 24/11/2026, or as a day, 2026-11-24), offer name, offer id
 * (with or without its zeros) or trackers contain the search, case-insensitively.
 */
export function searchStatRows(rows: readonly ProcessedStatRow[], search: string): ProcessedStatRow[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) =>
    [row.date, formatStatDay(row.date), row.offer, row.offerId === null ? '' : formatAffiliateId(row.offerId), row.tracker1, row.tracker2].some((field) => field.toLowerCase().includes(needle)),
  );
}

export const STATS_SORTS = ['date_desc', 'date_asc', 'revenue_desc', 'clicks_desc', 'registered_desc', 'conversions_desc', 'conversionRate_desc', 'offer_asc'] as const;
export type StatsSort = (typeof STATS_SORTS)[number];
export const DEFAULT_STATS_SORT: StatsSort = 'date_desc';

/** The table's natural order: newest day first, then figures without an offer, offers by id, default row before trackers. */
function naturalOrder(a: ProcessedStatRow, b: ProcessedStatRow): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  const offerA = a.offerId ?? -1;
  const offerB = b.offerId ?? -1;
  if (offerA !== offerB) return offerA - offerB;
  if (a.tracker1 !== b.tracker1) return a.tracker1 < b.tracker1 ? -1 : 1;
  if (a.tracker2 !== b.tracker2) return a.tracker2 < b.tracker2 ? -1 : 1;
  return 0;
}

/** Sorted copy of the rows; ties keep the natural order, so the order is always the same for the same rows. */
export function sortStatRows(rows: readonly ProcessedStatRow[], sort: StatsSort, paymentType: PaymentType): ProcessedStatRow[] {
  const descending = (value: (row: ProcessedStatRow) => number) => (a: ProcessedStatRow, b: ProcessedStatRow) => value(b) - value(a) || naturalOrder(a, b);
  const compare: Record<StatsSort, (a: ProcessedStatRow, b: ProcessedStatRow) => number> = {
    date_desc: naturalOrder,
    date_asc: (a, b) => (a.date === b.date ? naturalOrder(a, b) : a.date < b.date ? -1 : 1),
    revenue_desc: descending((row) => decimalToCents(row.revenue) ?? 0),
    clicks_desc: descending((row) => row.clicks),
    registered_desc: descending((row) => row.registered),
    conversions_desc: descending((row) => paidConversions(row, paymentType)),
    conversionRate_desc: descending((row) => row.conversionRate),
    offer_asc: (a, b) => a.offer.localeCompare(b.offer, 'fr') || naturalOrder(a, b),
  };
  return [...rows].sort(compare[sort]);
}

/** What the table shows for a search and a sort: the rows kept by the skipping rule, found, sorted, and their totals. */
export function statsTableView(
  rows: readonly ProcessedStatRow[],
  options: { paymentType: PaymentType; search: string; sort: StatsSort },
): { rows: ProcessedStatRow[]; totals: StatsTotals; hiddenBySearch: boolean } {
  const kept = rows.filter(isStatRowShown);
  const shown = sortStatRows(searchStatRows(kept, options.search), options.sort, options.paymentType);
  // An empty table says why: nothing to show in the period, or nothing the search matches.
  return { rows: shown, totals: statsTotals(shown, options.paymentType), hiddenBySearch: shown.length === 0 && kept.length > 0 };
}

// ---------------------------------------------------------------------------------------------
// CSV export.

export type StatsCsvLabels = {
  date: string; offer: string; tracker1: string; tracker2: string; clicks: string; registered: string;
  /** 'Essais' for PPT, 'Ventes' for SALE (the interface's word). */
  conversions: string;
  revenue: string; conversionRate: string;
  /** How figures without an offer are named. */
  noOffer: string;
};

/**
 * A cell as spreadsheets read it: quoted when needed, and never taken for a formula (=, +, -, @,
 * tab or carriage return at the start gets a leading '). Every CSV the front ends build goes through it.
 */
export function csvCell(value: string, separator: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The export of the rows the table shows, in its order: date, offer, tracker 1, tracker 2, clicks,
 * registered, essays or bills, revenue, conversion rate. French spreadsheets want ';' between
 * cells and a decimal comma; English ones ',' and a decimal point.
 */
export function buildStatsCsv(rows: readonly ProcessedStatRow[], options: { paymentType: PaymentType; labels: StatsCsvLabels; decimalComma: boolean }): string {
  const separator = options.decimalComma ? ';' : ',';
  const decimal = (value: string) => (options.decimalComma ? value.replace('.', ',') : value);
  const { labels } = options;
  const lines = [[labels.date, labels.offer, labels.tracker1, labels.tracker2, labels.clicks, labels.registered, labels.conversions, labels.revenue, labels.conversionRate]];
  for (const row of rows) {
    lines.push([
      row.date,
      row.offerId === null ? labels.noOffer : `${row.offer} (${formatAffiliateId(row.offerId)})`,
      row.tracker1,
      row.tracker2,
      String(row.clicks),
      String(row.registered),
      String(paidConversions(row, options.paymentType)),
      decimal(row.revenue),
      decimal(row.conversionRate.toFixed(2)),
    ]);
  }
  return `${lines.map((cells) => cells.map((cell) => csvCell(cell, separator)).join(separator)).join('\r\n')}\r\n`;
}

/** The export's file name: the period and the day it was made, e.g. statistiques_7days_2026-11-18.csv (a custom period also names its days). */
export function statsCsvFileName(period: StatsPeriod, today: DayText, range?: DayRange): string {
  const what = period === 'custom' && range ? `custom_${range.from}_${range.to}` : period;
  return `statistiques_${what}_${today}.csv`;
}
