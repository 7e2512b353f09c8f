import type { TableDefinition } from '../../processing/processor';
import type { Day, IsoWeek } from '../../time/calendar';
import type { PaidKind, RateSettings, TierSpan } from '../rateEngine';

/**
 * rm_day_earnings: what each affiliate-day earned as last priced, with its explanation (the week's
 * tier, the rate). Settings and spans are json, read whole: jsonb took each apart on the way in.
 */
export const dayEarningsTable: TableDefinition = {
  name: 'rm_day_earnings',
  ddl: `CREATE TABLE rm_day_earnings (
    user_id        uuid    NOT NULL,
    day            date    NOT NULL,
    week           text    NOT NULL,
    paid_kind      text    NOT NULL,
    count          bigint  NOT NULL,
    first_position bigint  NOT NULL,
    last_position  bigint  NOT NULL,
    amount_cents   bigint  NOT NULL,
    settings       json    NOT NULL,
    spans          json    NOT NULL,
    event_id       uuid    NOT NULL,
    PRIMARY KEY (user_id, day)
  )`,
  indexes: [
    'CREATE INDEX IF NOT EXISTS rm_day_earnings_week ON rm_day_earnings (user_id, week)',
  ],
};

export type DayEarningsRow = {
  user_id: string;
  day: Day;
  week: IsoWeek;
  paid_kind: PaidKind;
  count: number;
  first_position: number;
  last_position: number;
  amount_cents: number;
  settings: RateSettings;
  spans: TierSpan[];
  event_id: string;
};
