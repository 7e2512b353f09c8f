import type { OfferCategory, OfferIntake, OfferStatus, OfferTemplate } from '@affilux/contract';
import type { DomainEvent } from '../eventstore/commands';

/**
 * What an offer is, as its events record it. Images are named by their upload (a server-made file
 * name, see uploads/); the postback secret is never here (offer_postback_keys table).
 */
export type OfferDefinition = {
  offer_id: string;
  unique_id: number;
  brand_name: string;
  category: OfferCategory;
  status: OfferStatus;
  is_private: boolean;
  /** The affiliates (5-digit ids) a private offer is reserved for; empty for a public offer. */
  private_affiliate_ids: number[];
  brand_image: string | null;
  script_code_ppt: string;
  script_code_sale: string;
  intake: OfferIntake;
  templates: OfferTemplate[];
};

/** Events of `offer-<id>`. Created and Updated carry the whole definition (the read models stay a pure fold). */
export type OfferEvent =
  | DomainEvent<'OfferCreated', OfferDefinition>
  | DomainEvent<'OfferUpdated', OfferDefinition>
  | DomainEvent<'OfferDeleted', { offer_id: string; unique_id: number }>
  | DomainEvent<'OfferPostbackKeyRotated', { offer_id: string }>;

export const offerStream = (offerId: string) => `offer-${offerId}`;

/** Events of `trackers-<userId>_<offerId>`: an affiliate's S1/S2 trackers for one offer. */
export type TrackersEvent = DomainEvent<'OfferTrackersSet', { user_id: string; offer_id: string; tracker1: string; tracker2: string }>;

export const trackersStream = (userId: string, offerId: string) => `trackers-${userId}_${offerId}`;
