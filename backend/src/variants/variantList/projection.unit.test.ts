import { describe, expect, it } from 'vitest';
import { fold, recorded } from '../../../../test/recorded';
import type { VariantEvent } from '../events';
import { paymentVariantsProjection } from './projection';

const tiers = [
  { tier_level: 1, min_sales: 0, max_sales: 199, amount_cents: 2000 },
  { tier_level: 2, min_sales: 200, max_sales: null, amount_cents: 2500 },
];

describe('the payment variants read model', () => {
  it('shows the latest version of a variant, created when it was first recorded', () => {
    const created: VariantEvent = { type: 'PaymentVariantCreated', data: { variant_id: 'v1', payment_type: 'sale', name: 'Gold', base_amount_cents: 2000, is_evolutionary: true, tiers } };
    const [first] = recorded('payment-variant-v1', [created], '2026-11-01T10:00:00.000Z');
    const [second] = recorded('payment-variant-v1', [{ ...created, type: 'PaymentVariantUpdated' as const, data: { ...created.data, name: 'Gold+' } }], '2026-11-10T10:00:00.000Z').map((e) => ({ ...e, revision: 1 }));
    expect(fold(paymentVariantsProjection, [first!, second!])).toEqual({
      id: 'v1', payment_type: 'sale', name: 'Gold+', base_amount_cents: 2000, is_evolutionary: true, tiers, created_at: '2026-11-01T10:00:00.000Z', deleted: false, revision: 1,
    });
  });

  it('flags a deleted variant', () => {
    const events: VariantEvent[] = [
      { type: 'PaymentVariantCreated', data: { variant_id: 'v1', payment_type: 'ppt', name: 'Std', base_amount_cents: 1500, is_evolutionary: false, tiers: [] } },
      { type: 'PaymentVariantDeleted', data: { variant_id: 'v1' } },
    ];
    expect(fold(paymentVariantsProjection, recorded('payment-variant-v1', events))).toMatchObject({ deleted: true });
  });
});
