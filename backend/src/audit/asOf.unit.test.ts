import { describe, expect, it } from 'vitest';
import { recorded } from '../../../test/recorded';
import type { AccountEvent } from '../accounts/events';
import type { EarningsEvent } from '../earnings/events';
import type { RecordedEvent } from '../eventstore/eventStore';
import type { LedgerEvent } from '../payouts/events';
import type { StandardRateEvent, VariantEvent } from '../variants/events';
import { foldAsOf, type AsOfStreams } from './asOf';

const USER = '11111111-1111-4111-8111-111111111111';
const VARIANT = '22222222-2222-4222-8222-222222222222';
const tiers = [
  { tier_level: 1, min_sales: 0, max_sales: 2, amount_cents: 2000 },
  { tier_level: 2, min_sales: 3, max_sales: null, amount_cents: 2500 },
];

/** Events of one stream at given times (positions follow the times, as the log would). */
function at<E extends { type: string; data: unknown }>(streamId: string, base: number, timed: [string, E][]): RecordedEvent[] {
  return timed.map(([time, event], i) => ({ ...recorded(streamId, [event], time)[0]!, revision: i, position: { commit: BigInt(Date.parse(time)), prepare: BigInt(base + i) } }));
}

const account = at<AccountEvent>(`user-${USER}`, 0, [
  ['2026-11-02T08:00:00.000Z', { type: 'AffiliateAccountOpened', data: { user_id: USER, application_id: 'a', unique_id: 42, email: 'a@b.c', first_name: 'A', last_name: 'B', username: 'ab', contact_method: '@ab', country: 'France' } }],
  ['2026-11-02T08:00:00.000Z', { type: 'PaymentSettingsChanged', data: { payment_type: 'ppt', variant_id: null } }],
  ['2026-11-04T12:00:00.000Z', { type: 'PaymentSettingsChanged', data: { payment_type: 'sale', variant_id: VARIANT } }],
  ['2026-11-05T12:00:00.000Z', { type: 'ReferralCommissionRateChanged', data: { referral_commission_tenths: 125 } }],
  ['2026-11-06T12:00:00.000Z', { type: 'AccountFrozen', data: {} }],
]);
const variant = at<VariantEvent>(`payment-variant-${VARIANT}`, 100, [
  ['2026-11-01T08:00:00.000Z', { type: 'PaymentVariantCreated', data: { variant_id: VARIANT, payment_type: 'sale', name: 'Gold', base_amount_cents: 2000, is_evolutionary: true, tiers } }],
  ['2026-11-05T08:00:00.000Z', { type: 'PaymentVariantUpdated', data: { variant_id: VARIANT, payment_type: 'sale', name: 'Gold+', base_amount_cents: 2000, is_evolutionary: true, tiers: [{ ...tiers[0]!, amount_cents: 2200 }, tiers[1]!] } }],
]);
const standard = at<StandardRateEvent>('standard-rates', 200, [['2026-11-03T08:00:00.000Z', { type: 'StandardRateChanged', data: { payment_type: 'ppt', amount_cents: 2300 } }]]);
const item = (id: string, cents: number, week: string) => ({ item_id: id, kind: 'week' as const, amount_cents: cents, week, label: id, source: { type: 'week' as const, event_id: id }, lines: [] });
const ledger = at<LedgerEvent>(`ledger-${USER}`, 300, [
  ['2026-11-03T00:00:00.000Z', { type: 'LedgerItemPosted', data: { ...item('w44', 30_000, '2026-W44'), user_id: USER, at: '2026-11-03T00:00:00.000Z' } }],
  ['2026-11-04T05:00:00.000Z', { type: 'BalanceCarriedOver', data: { user_id: USER, week: '2026-W44', balance_cents: 30_000, reason: 'below_minimum', at: '2026-11-04T05:00:00.000Z' } }],
  ['2026-11-10T00:00:00.000Z', { type: 'LedgerItemPosted', data: { ...item('w45', 40_000, '2026-W45'), user_id: USER, at: '2026-11-10T00:00:00.000Z' } }],
  ['2026-11-11T05:00:00.000Z', { type: 'ItemsSettled', data: { user_id: USER, payout_id: 'p', week: '2026-W45', item_ids: ['w44', 'w45'], amount_cents: 70_000, at: '2026-11-11T05:00:00.000Z' } }],
]);
const day = (d: string, count: number, first: number, amount: number) => ({
  day: d, paid_kind: 'bill' as const, count, first_position: first, last_position: first + count - 1, amount_cents: amount, previous_amount_cents: 0, spans: [],
  settings: { kind: 'tiers' as const, payment_type: 'sale' as const, variant_id: VARIANT, variant_version: 1, variant_name: 'Gold', tiers },
  rows: [{ offer_id: 'o', s1: '', s2: '', count, amount_cents: amount, delta_cents: amount, spans: [] }],
});
const earnings = at<EarningsEvent>(`earnings-${USER}-2026-W45`, 400, [
  ['2026-11-04T13:00:00.000Z', { type: 'WeekEarningsRecorded', data: { user_id: USER, week: '2026-W45', days: [day('2026-11-04', 2, 1, 4000)] } }],
  ['2026-11-06T13:00:00.000Z', { type: 'WeekEarningsRecorded', data: { user_id: USER, week: '2026-W45', days: [day('2026-11-06', 3, 3, 6500)] } }],
]);

const asOf = (time: string, week = '2026-W45') => {
  const streams: AsOfStreams = { userId: USER, at: new Date(time), week, account, ledger, earnings, variants: new Map([[VARIANT, variant]]), standardRates: standard };
  return foldAsOf(streams);
};

describe('an affiliate as of a date, folded from its events', () => {
  it('before its account was opened, nothing exists', () => {
    expect(asOf('2026-11-01T09:00:00.000Z')).toMatchObject({ exists: false, settings: null, unique_id: null, balance: { balance: '0.00' }, week: { count: 0, rate: null } });
  });

  it('on the standard rate in force then (changed after the opening), with the balance carried over', () => {
    const state = asOf('2026-11-04T06:00:00.000Z');
    expect(state).toMatchObject({ exists: true, unique_id: 42, frozen: false, settings: { payment_type: 'ppt', standard: true, variant: null, standard_rate: '23.00' } });
    expect(state.balance).toEqual({ balance: '300.00', open_items: 1, carried: '300.00', paid_total: '0.00', written_off_total: '0.00', last_movement_at: '2026-11-03T00:00:00.000Z' });
  });

  it('after a mid-week change: the variant at its version then, the tier reached by the week so far and the next rate', () => {
    const state = asOf('2026-11-04T14:00:00.000Z');
    expect(state.settings).toMatchObject({ payment_type: 'sale', standard: false, since: '2026-11-04T12:00:00.000Z', variant: { name: 'Gold', version: 1, is_evolutionary: true } });
    expect(state.week).toEqual({ week: '2026-W45', paid_kind: 'bill', count: 2, tier_level: 1, rate: '25.00', amount: '40.00', closed: false });
    expect(state.position).toBe(`${Date.parse('2026-11-04T13:00:00.000Z')}/400`);
  });

  it('a later variant version, commission and freeze are folded in only from their time', () => {
    const state = asOf('2026-11-06T14:00:00.000Z');
    expect(state).toMatchObject({ frozen: true, referral_commission_rate: 12.5 });
    expect(state.settings!.variant).toMatchObject({ name: 'Gold+', version: 2, tiers: [{ amount: '22.00' }, { amount: '25.00' }] });
    expect(state.variant_versions.map((v) => [v.name, v.version])).toEqual([['Gold+', 2]]);
    expect(state.week).toMatchObject({ count: 5, tier_level: 2, amount: '105.00' });
    expect(asOf('2026-11-05T07:59:59.000Z').settings!.variant).toMatchObject({ version: 1 });
  });

  it('after the payout, the balance is paid and what was paid is counted', () => {
    expect(asOf('2026-11-10T12:00:00.000Z').balance).toMatchObject({ balance: '700.00', open_items: 2, carried: '300.00' });
    expect(asOf('2026-11-11T06:00:00.000Z').balance).toMatchObject({ balance: '0.00', open_items: 0, paid_total: '700.00', last_movement_at: '2026-11-11T05:00:00.000Z' });
  });
});
