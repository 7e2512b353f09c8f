import type { PaymentType } from '@affilux/contract';
import type { TableDefinition } from '../../processing/processor';

/**
 * rm_standard_rates: every value the standard rate of each payment type has had, and since when;
 * `revision` (its place in the one `standard-rates` stream) orders two changes of the same instant.
 */
export const standardRatesTable: TableDefinition = {
  name: 'rm_standard_rates',
  ddl: `CREATE TABLE rm_standard_rates (
    id           uuid PRIMARY KEY,
    payment_type text        NOT NULL,
    amount_cents integer     NOT NULL,
    effective_at timestamptz NOT NULL,
    changed_by   text        NOT NULL,
    revision     integer     NOT NULL
  );
  CREATE INDEX rm_standard_rates_in_force ON rm_standard_rates (payment_type, effective_at DESC, revision DESC);`,
};

export type StandardRateRow = { id: string; payment_type: PaymentType; amount_cents: number; effective_at: string; changed_by: string; revision: number };
