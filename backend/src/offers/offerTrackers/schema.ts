import type { TableDefinition } from '../../processing/processor';

/** rm_offer_trackers: an affiliate's trackers (S1, S2) per offer. */
export const offerTrackersTable: TableDefinition = {
  name: 'rm_offer_trackers',
  ddl: `CREATE TABLE rm_offer_trackers (
    id         uuid PRIMARY KEY,
    user_id    uuid NOT NULL,
    offer_id   uuid NOT NULL,
    tracker1   text NOT NULL,
    tracker2   text NOT NULL,
    updated_at timestamptz NOT NULL,
    UNIQUE (user_id, offer_id)
  )`,
};

export type OfferTrackersRow = { id: string; user_id: string; offer_id: string; tracker1: string; tracker2: string; updated_at: string };
