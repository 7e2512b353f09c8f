import { describe, expect, it } from 'vitest';
import type { VariantDefinition } from '../../variants/events';
import { ratePeriodsOf, type RatePeriodEvent } from './periods';

const U1 = '00000000-0000-4000-8000-0000000000a1';
const U2 = '00000000-0000-4000-8000-0000000000a2';
const U3 = '00000000-0000-4000-8000-0000000000a3';
const GOLD = '00000000-0000-4000-8000-0000000000b1';
const SILVER = '00000000-0000-4000-8000-0000000000b2';

let sequence = 0;
/** One recorded event at a given time, with an id of its own. */
function at(time: string, streamId: string, type: RatePeriodEvent['type'], data: unknown): RatePeriodEvent {
  sequence++;
  return {
    id: `00000000-0000-4000-9000-${String(sequence).padStart(12, '0')}`,
    type,
    data,
    streamId,
    revision: 0,
    position: { commit: 1n, prepare: BigInt(sequence) },
    metadata: { actorId: 'admin', actorRole: 'admin', correlationId: 'c', causationId: 'c', occurredAt: new Date(time).toISOString(), schemaVersion: 0 },
  } as RatePeriodEvent;
}

const settings = (time: string, userId: string, payment_type: 'ppt' | 'sale', variant_id: string | null) =>
  at(time, `user-${userId}`, 'PaymentSettingsChanged', { payment_type, variant_id });

const gold: VariantDefinition = {
  variant_id: GOLD, payment_type: 'sale', name: 'Gold', base_amount_cents: 2500, is_evolutionary: true,
  tiers: [
    { tier_level: 1, min_sales: 0, max_sales: 199, amount_cents: 2500 },
    { tier_level: 2, min_sales: 200, max_sales: null, amount_cents: 3000 },
  ],
};
const silver: VariantDefinition = { variant_id: SILVER, payment_type: 'sale', name: 'Silver', base_amount_cents: 1800, is_evolutionary: false, tiers: [] };
const defined = (time: string, definition: VariantDefinition, type: 'PaymentVariantCreated' | 'PaymentVariantUpdated' = 'PaymentVariantCreated') =>
  at(time, `payment-variant-${definition.variant_id}`, type, definition);
const standardRate = (time: string, payment_type: 'ppt' | 'sale', amount_cents: number) => at(time, 'standard-rates', 'StandardRateChanged', { payment_type, amount_cents });

/** A period as a line: who, from, to, what. */
const line = (p: ReturnType<typeof ratePeriodsOf>[number]) => [
  p.user_id === U1 ? 'u1' : p.user_id === U2 ? 'u2' : 'u3',
  p.started_at.slice(0, 10),
  p.ended_at?.slice(0, 10) ?? null,
  p.payment_type,
  p.standard ? 'standard' : `${p.variant_name}#${p.variant_version}`,
  p.base_amount_cents,
  p.cause,
];

describe('the rate periods of an affiliate', () => {
  it('start with the account: the standard rate of its payment type, 20.00 until an admin sets one', () => {
    const [period] = ratePeriodsOf([settings('2026-11-02T10:00:00Z', U1, 'ppt', null)]);
    expect(period).toMatchObject({
      user_id: U1, started_at: '2026-11-02T10:00:00.000Z', ended_at: null, payment_type: 'ppt', standard: true, variant_id: null, variant_version: null,
      variant_name: null, base_amount_cents: 2000, is_evolutionary: false, tiers: [], cause: 'settings',
    });
  });

  it('a change of settings ends the current period there and starts one on the variant as it then is', () => {
    const periods = ratePeriodsOf([
      defined('2026-11-01T08:00:00Z', gold),
      settings('2026-11-02T10:00:00Z', U1, 'ppt', null),
      settings('2026-11-05T15:30:00Z', U1, 'sale', GOLD),
    ]);
    expect(periods.map(line)).toEqual([
      ['u1', '2026-11-02', '2026-11-05', 'ppt', 'standard', 2000, 'settings'],
      ['u1', '2026-11-05', null, 'sale', 'Gold#1', 2500, 'settings'],
    ]);
    expect(periods[0]!.ended_at).toBe(periods[1]!.started_at);
    expect(periods[1]).toMatchObject({ variant_id: GOLD, is_evolutionary: true, tiers: gold.tiers });
  });

  it('a new version of a variant starts a period for every affiliate on it, the earlier one keeping the name and amounts it had', () => {
    const periods = ratePeriodsOf([
      defined('2026-11-01T08:00:00Z', gold),
      defined('2026-11-01T08:00:00Z', silver),
      settings('2026-11-02T10:00:00Z', U1, 'sale', GOLD),
      settings('2026-11-02T11:00:00Z', U2, 'sale', GOLD),
      settings('2026-11-02T12:00:00Z', U3, 'sale', SILVER),
      defined('2026-11-09T09:00:00Z', { ...gold, name: 'Gold+', base_amount_cents: 2700 }, 'PaymentVariantUpdated'),
    ]);
    expect(periods.map(line)).toEqual([
      ['u1', '2026-11-02', '2026-11-09', 'sale', 'Gold#1', 2500, 'settings'],
      ['u1', '2026-11-09', null, 'sale', 'Gold+#2', 2700, 'variant_version'],
      ['u2', '2026-11-02', '2026-11-09', 'sale', 'Gold#1', 2500, 'settings'],
      ['u2', '2026-11-09', null, 'sale', 'Gold+#2', 2700, 'variant_version'],
      ['u3', '2026-11-02', null, 'sale', 'Silver#1', 1800, 'settings'],
    ]);
  });

  it('a new standard rate starts a period for the affiliates without a variant of that payment type only', () => {
    const periods = ratePeriodsOf([
      defined('2026-11-01T08:00:00Z', gold),
      settings('2026-11-02T10:00:00Z', U1, 'sale', null),
      settings('2026-11-02T11:00:00Z', U2, 'ppt', null),
      settings('2026-11-02T12:00:00Z', U3, 'sale', GOLD),
      standardRate('2026-11-10T00:00:00Z', 'sale', 3250),
    ]);
    expect(periods.map(line)).toEqual([
      ['u1', '2026-11-02', '2026-11-10', 'sale', 'standard', 2000, 'settings'],
      ['u1', '2026-11-10', null, 'sale', 'standard', 3250, 'standard_rate'],
      ['u2', '2026-11-02', null, 'ppt', 'standard', 2000, 'settings'],
      ['u3', '2026-11-02', null, 'sale', 'Gold#1', 2500, 'settings'],
    ]);
  });

  it('an affiliate opened after a standard rate change starts on the new rate', () => {
    const [period] = ratePeriodsOf([standardRate('2026-11-01T00:00:00Z', 'ppt', 1500), settings('2026-11-02T10:00:00Z', U1, 'ppt', null)]);
    expect(period).toMatchObject({ standard: true, base_amount_cents: 1500 });
  });

  it('leaving a variant for the standard rate stops following the variant, and the latest version is taken when joining it', () => {
    const periods = ratePeriodsOf([
      defined('2026-11-01T08:00:00Z', gold),
      defined('2026-11-01T09:00:00Z', { ...gold, base_amount_cents: 2600 }, 'PaymentVariantUpdated'),
      settings('2026-11-02T10:00:00Z', U1, 'sale', GOLD),
      settings('2026-11-03T10:00:00Z', U1, 'sale', null),
      defined('2026-11-04T09:00:00Z', { ...gold, base_amount_cents: 2800 }, 'PaymentVariantUpdated'),
    ]);
    expect(periods.map(line)).toEqual([
      ['u1', '2026-11-02', '2026-11-03', 'sale', 'Gold#2', 2600, 'settings'],
      ['u1', '2026-11-03', null, 'sale', 'standard', 2000, 'settings'],
    ]);
  });

  it('a change at the very instant the current period started replaces it (no period lasts no time)', () => {
    const periods = ratePeriodsOf([
      defined('2026-11-01T08:00:00Z', gold),
      settings('2026-11-02T10:00:00Z', U1, 'ppt', null),
      settings('2026-11-02T10:00:00Z', U1, 'sale', GOLD),
    ]);
    expect(periods.map(line)).toEqual([['u1', '2026-11-02', null, 'sale', 'Gold#1', 2500, 'settings']]);
  });

  it('a change stamped before the current period started (another server clock) starts with it, never overlapping', () => {
    const periods = ratePeriodsOf([
      defined('2026-11-01T08:00:00Z', gold),
      settings('2026-11-02T10:00:00.500Z', U1, 'ppt', null),
      settings('2026-11-02T10:00:00.200Z', U1, 'sale', GOLD),
    ]);
    expect(periods).toHaveLength(1);
    expect(periods[0]).toMatchObject({ started_at: '2026-11-02T10:00:00.500Z', variant_name: 'Gold' });
  });

  it('keeps a variant the log never defined without an amount, and prices it from its creation on', () => {
    const periods = ratePeriodsOf([settings('2026-11-02T10:00:00Z', U1, 'sale', SILVER), defined('2026-11-03T08:00:00Z', silver)]);
    expect(periods.map(line)).toEqual([
      ['u1', '2026-11-02', '2026-11-03', 'sale', 'null#null', null, 'settings'],
      ['u1', '2026-11-03', null, 'sale', 'Silver#1', 1800, 'variant_version'],
    ]);
  });

  it('gives every period an id made from the event that started it and the affiliate, so a replay gives the same ids', () => {
    const events = [defined('2026-11-01T08:00:00Z', gold), settings('2026-11-02T10:00:00Z', U1, 'sale', GOLD), settings('2026-11-02T11:00:00Z', U2, 'sale', GOLD), defined('2026-11-09T09:00:00Z', gold, 'PaymentVariantUpdated')];
    const first = ratePeriodsOf(events);
    expect(ratePeriodsOf(events)).toEqual(first);
    expect(new Set(first.map((p) => p.id)).size).toBe(4);
  });
});
