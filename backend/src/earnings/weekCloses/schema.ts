import type { TableDefinition } from '../../processing/processor';
import type { IsoWeek } from '../../time/calendar';

/** rm_week_closes: each closed affiliate-week, its total at the close and the corrections since. */
export const weekClosesTable: TableDefinition = {
  name: 'rm_week_closes',
  ddl: `CREATE TABLE rm_week_closes (
    user_id          uuid        NOT NULL,
    week             text        NOT NULL,
    total_cents      bigint      NOT NULL,
    corrected_cents  bigint      NOT NULL,
    corrections      integer     NOT NULL,
    closed_at        timestamptz NOT NULL,
    PRIMARY KEY (user_id, week)
  )`,
  indexes: [
    'CREATE INDEX IF NOT EXISTS rm_week_closes_week ON rm_week_closes (week)',
  ],
};

/** rm_open_weeks: affiliate-weeks with recorded earnings and no close yet: what the next close has to look at, however long the history. */
export const openWeeksTable: TableDefinition = {
  name: 'rm_open_weeks',
  ddl: `CREATE TABLE rm_open_weeks (
    user_id  uuid  NOT NULL,
    week     text  NOT NULL,
    PRIMARY KEY (week, user_id)
  )`,
};

export type WeekCloseRow = { user_id: string; week: IsoWeek; total_cents: number; corrected_cents: number; corrections: number; closed_at: string };
