import type { TableDefinition } from '../../processing/processor';

/**
 * rm_stat_offers: every offer that ever existed, with its 5-digit id and its last name. The
 * statistics keep naming an offer's figures after the offer is deleted (rm_offers forgets it).
 */
export const statOffersTable: TableDefinition = {
  name: 'rm_stat_offers',
  ddl: `CREATE TABLE rm_stat_offers (
    id         uuid    PRIMARY KEY,
    unique_id  integer NOT NULL UNIQUE,
    brand_name text    NOT NULL,
    deleted    boolean NOT NULL DEFAULT false
  )`,
};

export type StatOfferRow = { id: string; unique_id: number; brand_name: string; deleted: boolean };
