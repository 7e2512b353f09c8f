import { describe, expect, it } from 'vitest';
import type { AffiliateOfferView } from '@affilux/contract';
import { chosenTemplate, filterOffers } from './offerSearch';

const offer = (unique_id: number, brand_name: string, category: AffiliateOfferView['category']) =>
  ({ id: String(unique_id), unique_id, brand_name, category, brand_image: null, template_count: 0, templates: [], script_code: '', script_code_ppt: '', script_code_sale: '' }) as AffiliateOfferView;
const offers = [offer(7, 'LoveMatch', 'Dating'), offer(12, 'Royal Spin', 'Casino'), offer(345, 'CamStars', 'Cams')];

describe('searching offers', () => {
  it('matches the brand name, the category or the padded ID, ignoring case', () => {
    expect(filterOffers(offers, 'LOVE').map((o) => o.unique_id)).toEqual([7]);
    expect(filterOffers(offers, 'casino').map((o) => o.unique_id)).toEqual([12]);
    expect(filterOffers(offers, '00345').map((o) => o.unique_id)).toEqual([345]);
    expect(filterOffers(offers, 'cam').map((o) => o.unique_id)).toEqual([345]);
    expect(filterOffers(offers, '  ')).toHaveLength(3);
    expect(filterOffers(offers, 'nothing')).toEqual([]);
  });
  it('falls back to the first template when the chosen one is gone', () => {
    expect(chosenTemplate([{ id: 1 }, { id: 2 }], 2)).toEqual({ id: 2 });
    expect(chosenTemplate([{ id: 1 }], 3)).toEqual({ id: 1 });
    expect(chosenTemplate([], 1)).toBeUndefined();
  });
});
