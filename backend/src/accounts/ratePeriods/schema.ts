import type { PaymentType } from '@affilux/contract';
import type { TableDefinition } from '../../processing/processor';
import type { Tier } from '../../variants/events';

/**
 * rm_rate_periods: every period of an affiliate's rate, as it was. A period starts when the
 * affiliate's payment settings change, when the variant it is on gets a new version, or (without a
 * variant) when the standard rate of its payment type changes; it ends when the next one starts
 * (`ended_at` null: in force now). Periods of an affiliate never overlap and leave no gap. This is
 * the variation history of the spec and what the rate engine asks for "the settings in force".
 */
export const ratePeriodsTable: TableDefinition = {
  name: 'rm_rate_periods',
  ddl: `CREATE TABLE rm_rate_periods (
    id                uuid PRIMARY KEY,
    user_id           uuid        NOT NULL,
    started_at        timestamptz NOT NULL,
    ended_at          timestamptz,
    payment_type      text        NOT NULL,
    standard          boolean     NOT NULL,
    variant_id        uuid,
    variant_version   integer,
    variant_name      text,
    base_amount_cents integer,
    is_evolutionary   boolean     NOT NULL,
    tiers             jsonb       NOT NULL,
    cause             text        NOT NULL,
    cause_event_id    uuid        NOT NULL,
    CHECK (ended_at IS NULL OR ended_at > started_at)
  );
  CREATE UNIQUE INDEX rm_rate_periods_current ON rm_rate_periods (user_id) WHERE ended_at IS NULL;
  CREATE INDEX rm_rate_periods_by_user ON rm_rate_periods (user_id, started_at);
  CREATE INDEX rm_rate_periods_current_variant ON rm_rate_periods (variant_id) WHERE ended_at IS NULL AND NOT standard;
  CREATE INDEX rm_rate_periods_current_standard ON rm_rate_periods (payment_type) WHERE ended_at IS NULL AND standard;`,
};

/**
 * The projection's own copy of what it prices periods with, so it folds the log alone (it reads no
 * other read model) and rebuilds on its own: the latest definition of each variant with its version
 * number, and the standard rate of each payment type (absent: the default 20.00).
 */
export const ratePeriodVariantsTable: TableDefinition = {
  name: 'rm_rate_period_variants',
  ddl: `CREATE TABLE rm_rate_period_variants (
    id                uuid PRIMARY KEY,
    version           integer NOT NULL,
    payment_type      text    NOT NULL,
    name              text    NOT NULL,
    base_amount_cents integer NOT NULL,
    is_evolutionary   boolean NOT NULL,
    tiers             jsonb   NOT NULL
  )`,
};

export const ratePeriodStandardRatesTable: TableDefinition = {
  name: 'rm_rate_period_standard_rates',
  ddl: `CREATE TABLE rm_rate_period_standard_rates (
    id           text PRIMARY KEY,
    amount_cents integer NOT NULL
  )`,
};

/** Why a period started. */
export type RatePeriodCause = 'settings' | 'variant_version' | 'standard_rate';

export type RatePeriodRow = {
  id: string;
  user_id: string;
  started_at: string;
  ended_at: string | null;
  payment_type: PaymentType;
  /** No variant: the standard rate of the payment type (base_amount_cents), flat. */
  standard: boolean;
  variant_id: string | null;
  variant_version: number | null;
  variant_name: string | null;
  /** Null only for a variant the log never defined (the rate engine cannot price such a period). */
  base_amount_cents: number | null;
  is_evolutionary: boolean;
  tiers: Tier[];
  cause: RatePeriodCause;
  cause_event_id: string;
};
