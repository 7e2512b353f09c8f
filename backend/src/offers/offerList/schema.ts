import type { TableDefinition } from '../../processing/processor';
import type { OfferDefinition } from '../events';

/** rm_offers: every offer that is not deleted, for the back office and (filtered) for affiliates. */
export const offersTable: TableDefinition = {
  name: 'rm_offers',
  ddl: `CREATE TABLE rm_offers (
    id                    uuid PRIMARY KEY,
    unique_id             integer NOT NULL UNIQUE,
    brand_name            text    NOT NULL,
    category              text    NOT NULL,
    status                text    NOT NULL,
    is_private            boolean NOT NULL,
    private_affiliate_ids jsonb   NOT NULL,
    brand_image           text,
    script_code_ppt       text    NOT NULL,
    script_code_sale      text    NOT NULL,
    intake                text    NOT NULL,
    templates             jsonb   NOT NULL,
    created_at            timestamptz NOT NULL,
    updated_at            timestamptz NOT NULL,
    revision              integer NOT NULL
  );
  CREATE INDEX rm_offers_private_affiliates ON rm_offers USING gin (private_affiliate_ids);`,
};

/** The offer's definition as its events carry it, keyed by its id, with when it was created and last changed. */
export type OfferRow = Omit<OfferDefinition, 'offer_id'> & { id: string; created_at: string; updated_at: string; revision: number };
