import type { TableDefinition } from '../../processing/processor';
import type { Day } from '../../time/calendar';
import type { Counts } from '../events';

/**
 * The statistics read models, kept by one projection from the figures and the earnings:
 * - rm_figure_rows: per affiliate, day, offer ('' = without an offer) and tracker pair ('' '' = the
 *   offer's default row): the four counts and the revenue the rate engine gave the row, and the share
 *   of the counts that imports brought (`imported_*`, the rest came by postback): a day's file
 *   replaces what imports said of that day, never an offer's conversions (its intake may change);
 * - rm_affiliate_days / rm_affiliate_months: the same per affiliate and day / month;
 * - rm_network_days: the whole network per day, with how many affiliates had any figure;
 * - rm_import_pending: the changes of imports not completed yet (they count only once completed), one
 *   row per recorded chunk: they are only ever taken back whole.
 */
const counts = `click bigint NOT NULL DEFAULT 0, registered bigint NOT NULL DEFAULT 0, essay bigint NOT NULL DEFAULT 0, bill bigint NOT NULL DEFAULT 0,
    revenue_cents bigint NOT NULL DEFAULT 0`;

export const figureRowsTable: TableDefinition = {
  name: 'rm_figure_rows',
  ddl: `CREATE TABLE rm_figure_rows (
    user_id uuid NOT NULL, day date NOT NULL, offer_id text NOT NULL, s1 text NOT NULL, s2 text NOT NULL, ${counts},
    imported_click bigint NOT NULL DEFAULT 0, imported_registered bigint NOT NULL DEFAULT 0, imported_essay bigint NOT NULL DEFAULT 0, imported_bill bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, day, offer_id, s1, s2)
  )`,
};

export const affiliateDaysTable: TableDefinition = {
  name: 'rm_affiliate_days',
  ddl: `CREATE TABLE rm_affiliate_days (user_id uuid NOT NULL, day date NOT NULL, ${counts}, PRIMARY KEY (user_id, day))`,
  indexes: [
    'CREATE INDEX IF NOT EXISTS rm_affiliate_days_by_day ON rm_affiliate_days (day)',
  ],
};

export const affiliateMonthsTable: TableDefinition = {
  name: 'rm_affiliate_months',
  ddl: `CREATE TABLE rm_affiliate_months (user_id uuid NOT NULL, month date NOT NULL, ${counts}, PRIMARY KEY (user_id, month))`,
  indexes: [
    'CREATE INDEX IF NOT EXISTS rm_affiliate_months_by_month ON rm_affiliate_months (month, revenue_cents DESC)',
  ],
};

export const networkDaysTable: TableDefinition = {
  name: 'rm_network_days',
  ddl: `CREATE TABLE rm_network_days (day date PRIMARY KEY, ${counts}, active_affiliates integer NOT NULL DEFAULT 0)`,
};

export const importPendingTable: TableDefinition = {
  name: 'rm_import_pending',
  ddl: `CREATE TABLE rm_import_pending (import_id uuid NOT NULL, chunk integer NOT NULL, changes json NOT NULL, PRIMARY KEY (import_id, chunk))`,
};

export type CountsWithRevenue = Counts & { revenue_cents: number };
export type FigureRowRecord = { user_id: string; day: Day; offer_id: string; s1: string; s2: string } & CountsWithRevenue;
