import type { PaymentType } from '@affilux/contract';
import type { TableDefinition } from '../../processing/processor';
import type { Tier } from '../events';

/** rm_payment_variants: the variants as they stand today (their earlier versions are in the events). */
export const paymentVariantsTable: TableDefinition = {
  name: 'rm_payment_variants',
  ddl: `CREATE TABLE rm_payment_variants (
    id                uuid PRIMARY KEY,
    payment_type      text    NOT NULL,
    name              text    NOT NULL,
    base_amount_cents integer NOT NULL,
    is_evolutionary   boolean NOT NULL,
    tiers             jsonb   NOT NULL,
    created_at        timestamptz NOT NULL,
    deleted           boolean NOT NULL DEFAULT false,
    revision          integer NOT NULL
  )`,
};

export type PaymentVariantRow = {
  id: string;
  payment_type: PaymentType;
  name: string;
  base_amount_cents: number;
  is_evolutionary: boolean;
  tiers: Tier[];
  created_at: string;
  deleted: boolean;
  revision: number;
};
