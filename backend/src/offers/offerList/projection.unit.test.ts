import { describe, expect, it } from 'vitest';
import { fold, recorded } from '../../../../test/recorded';
import type { OfferDefinition, OfferEvent } from '../events';
import { offerTrackersProjection, trackersRowId } from '../offerTrackers/projection';
import { offersProjection } from './projection';

const definition: OfferDefinition = {
  offer_id: 'o1', unique_id: 3, brand_name: 'LoveMatch', category: 'Dating', status: 'active', is_private: true, private_affiliate_ids: [10001],
  brand_image: 'b'.repeat(32) + '.png', script_code_ppt: '<script src="https://t.example/p.js"></script>', script_code_sale: '', intake: 'postback', templates: [],
};

describe('the offers read model', () => {
  it('keeps an offer as last edited, created when first recorded', () => {
    const [first] = recorded('offer-o1', [{ type: 'OfferCreated', data: definition } as OfferEvent], '2026-11-01T10:00:00.000Z');
    const [second] = recorded('offer-o1', [{ type: 'OfferUpdated', data: { ...definition, brand_name: 'LoveMatch+', status: 'inactive' } } as OfferEvent], '2026-11-02T10:00:00.000Z').map((e) => ({ ...e, revision: 1 }));
    const { offer_id, ...rest } = definition;
    expect(fold(offersProjection, [first!, second!])).toEqual({
      id: offer_id, ...rest, brand_name: 'LoveMatch+', status: 'inactive', created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-02T10:00:00.000Z', revision: 1,
    });
  });

  it('forgets a deleted offer, and a key rotation changes only its revision', () => {
    const events: OfferEvent[] = [{ type: 'OfferCreated', data: definition }, { type: 'OfferPostbackKeyRotated', data: { offer_id: 'o1' } }];
    expect(fold(offersProjection, recorded('offer-o1', events))).toMatchObject({ brand_name: 'LoveMatch', revision: 1 });
    expect(fold(offersProjection, recorded('offer-o1', [...events, { type: 'OfferDeleted', data: { offer_id: 'o1', unique_id: 3 } }]))).toBeNull();
  });
});

describe('the trackers read model', () => {
  it("keeps an affiliate's latest trackers for an offer, in a row of their own", () => {
    const events = recorded('trackers-u1_o1', [
      { type: 'OfferTrackersSet' as const, data: { user_id: 'u1', offer_id: 'o1', tracker1: 'fb', tracker2: '' } },
      { type: 'OfferTrackersSet' as const, data: { user_id: 'u1', offer_id: 'o1', tracker1: 'tt', tracker2: 'x2' } },
    ]);
    expect(fold(offerTrackersProjection, events)).toEqual({ id: trackersRowId('u1', 'o1'), user_id: 'u1', offer_id: 'o1', tracker1: 'tt', tracker2: 'x2', updated_at: '2026-11-16T09:00:00.000Z' });
    expect(trackersRowId('u1', 'o1')).not.toBe(trackersRowId('u1', 'o2'));
  });
});
