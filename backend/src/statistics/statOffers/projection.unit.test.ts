import { describe, expect, it } from 'vitest';
import { fold, recorded } from '../../../../test/recorded';
import type { OfferDefinition, OfferEvent } from '../../offers/events';
import { statOffersProjection } from './projection';

const definition: OfferDefinition = {
  offer_id: 'o1', unique_id: 7, brand_name: 'LoveMatch', category: 'Dating', status: 'active', is_private: false, private_affiliate_ids: [],
  brand_image: null, script_code_ppt: '', script_code_sale: '', intake: 'import', templates: [],
};

describe('offers as the statistics name them', () => {
  it('keep the last name of an offer, and keep a deleted offer with its name and id', () => {
    const events: OfferEvent[] = [
      { type: 'OfferCreated', data: definition },
      { type: 'OfferUpdated', data: { ...definition, brand_name: 'LoveMatch+' } },
      { type: 'OfferPostbackKeyRotated', data: { offer_id: 'o1' } },
    ];
    expect(fold(statOffersProjection, recorded('offer-o1', events))).toEqual({ id: 'o1', unique_id: 7, brand_name: 'LoveMatch+', deleted: false });
    expect(fold(statOffersProjection, recorded('offer-o1', [...events, { type: 'OfferDeleted', data: { offer_id: 'o1', unique_id: 7 } }])))
      .toEqual({ id: 'o1', unique_id: 7, brand_name: 'LoveMatch+', deleted: true });
  });
});
