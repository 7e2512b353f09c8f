import { describe, it } from 'vitest';
import { deciderSpec } from '../../../test/deciderSpec';
import type { VariantEvent } from './events';
import { variantDecider } from './variant';

const { given } = deciderSpec(variantDecider);
const tiers = [
  { tier_level: 1, min_sales: 0, max_sales: 199, amount_cents: 2000 },
  { tier_level: 2, min_sales: 200, max_sales: null, amount_cents: 2500 },
];
const gold = { name: 'Gold', base_amount_cents: 2000, is_evolutionary: true, tiers };
const created: VariantEvent = { type: 'PaymentVariantCreated', data: { variant_id: 'v1', payment_type: 'sale', ...gold } };
const deleted: VariantEvent = { type: 'PaymentVariantDeleted', data: { variant_id: 'v1' } };

describe('a payment variant', () => {
  it('is created once, with its payment type', () => {
    given().when({ type: 'CreateVariant', variantId: 'v1', paymentType: 'sale', definition: gold }).then([created]);
    given(created).when({ type: 'CreateVariant', variantId: 'v1', paymentType: 'sale', definition: gold }).thenThrows(409, 'Variante déjà enregistrée');
  });

  it('records every edit as a new version, and nothing when saved unchanged (even with its keys in another order)', () => {
    const edited = { ...gold, name: 'Gold+', tiers: [tiers[0]!, { ...tiers[1]!, amount_cents: 3000 }] };
    given(created).when({ type: 'UpdateVariant', variantId: 'v1', paymentType: 'sale', definition: edited }).then([
      { type: 'PaymentVariantUpdated', data: { variant_id: 'v1', payment_type: 'sale', ...edited } },
    ]);
    given(created).when({ type: 'UpdateVariant', variantId: 'v1', paymentType: 'sale', definition: gold }).then([]);
    const reordered: VariantEvent = {
      type: 'PaymentVariantCreated',
      data: { tiers: tiers.map(({ amount_cents, max_sales, min_sales, tier_level }) => ({ amount_cents, max_sales, min_sales, tier_level })), name: 'Gold', is_evolutionary: true, variant_id: 'v1', payment_type: 'sale', base_amount_cents: 2000 },
    };
    given(reordered).when({ type: 'UpdateVariant', variantId: 'v1', paymentType: 'sale', definition: gold }).then([]);
    given(created).when({ type: 'UpdateVariant', variantId: 'v1', paymentType: 'sale', definition: { ...gold, is_evolutionary: false, tiers: [] } }).then([
      { type: 'PaymentVariantUpdated', data: { variant_id: 'v1', payment_type: 'sale', ...gold, is_evolutionary: false, tiers: [] } },
    ]);
  });

  it('is not found among the variants of the other payment type', () => {
    given(created).when({ type: 'UpdateVariant', variantId: 'v1', paymentType: 'ppt', definition: gold }).thenThrows(404, 'Variante introuvable');
    given(created).when({ type: 'DeleteVariant', variantId: 'v1', paymentType: 'ppt', affiliatesUsingIt: 0 }).thenThrows(404, 'Variante introuvable');
  });

  it('is deleted when no affiliate uses it, and refused with how many do', () => {
    given(created).when({ type: 'DeleteVariant', variantId: 'v1', paymentType: 'sale', affiliatesUsingIt: 0 }).then([deleted]);
    given(created).when({ type: 'DeleteVariant', variantId: 'v1', paymentType: 'sale', affiliatesUsingIt: 3 }).thenThrows(409, "Cette variante est utilisée par 3 affiliés : changez d'abord leur variante");
    given(created).when({ type: 'DeleteVariant', variantId: 'v1', paymentType: 'sale', affiliatesUsingIt: 1 }).thenThrows(409, "Cette variante est utilisée par 1 affilié : changez d'abord leur variante");
  });

  it('can be neither edited nor deleted once deleted, nor before it exists', () => {
    given(created, deleted).when({ type: 'UpdateVariant', variantId: 'v1', paymentType: 'sale', definition: gold }).thenThrows(404, 'Variante introuvable');
    given(created, deleted).when({ type: 'DeleteVariant', variantId: 'v1', paymentType: 'sale', affiliatesUsingIt: 0 }).thenThrows(404, 'Variante introuvable');
    given(created, deleted).when({ type: 'CreateVariant', variantId: 'v1', paymentType: 'sale', definition: gold }).thenThrows(409, 'Variante déjà enregistrée');
    given().when({ type: 'UpdateVariant', variantId: 'v1', paymentType: 'sale', definition: gold }).thenThrows(404, 'Variante introuvable');
  });
});
