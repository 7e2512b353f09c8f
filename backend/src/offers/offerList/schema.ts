import type { OfferCategory, OfferIntake, OfferStatus, OfferTemplate } from '@affilux/contract';
import type { TableDefinition } from '../../processing/processor';

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
    updated_at            timestamptz NOT NULL
  );
  CREATE INDEX rm_offers_private_affiliates ON rm_offers USING gin (private_affiliate_ids);`,
};

export type OfferRow = {
  id: string;
  unique_id: number;
  brand_name: string;
  category: OfferCategory;
  status: OfferStatus;
  is_private: boolean;
  private_affiliate_ids: number[];
  brand_image: string | null;
  script_code_ppt: string;
  script_code_sale: string;
  intake: OfferIntake;
  templates: OfferTemplate[];
  created_at: string;
  updated_at: string;
};
