import type { PaymentType } from '@affilux/contract';
import type { TableDefinition } from '../../processing/processor';
import type { Tier } from '../events';

/**
 * rm_payment_variant_versions: every version of every variant (1 = as created, then one per edit),
 * in force from `effective_at` until the next version: what earnings of a given day were paid with,
 * and what the variation history shows "as it was".
 */
export const variantVersionsTable: TableDefinition = {
  name: 'rm_payment_variant_versions',
  ddl: `CREATE TABLE rm_payment_variant_versions (
    variant_id        uuid        NOT NULL,
    version           integer     NOT NULL,
    effective_at      timestamptz NOT NULL,
    payment_type      text        NOT NULL,
    name              text        NOT NULL,
    base_amount_cents integer     NOT NULL,
    is_evolutionary   boolean     NOT NULL,
    tiers             jsonb       NOT NULL,
    PRIMARY KEY (variant_id, version)
  )`,
};

export type VariantVersionRow = {
  variant_id: string;
  version: number;
  effective_at: string;
  payment_type: PaymentType;
  name: string;
  base_amount_cents: number;
  is_evolutionary: boolean;
  tiers: Tier[];
};
