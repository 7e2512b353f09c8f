import { describe, expect, it } from 'vitest';
import { deterministicEventId } from '../eventstore/commands';
import type { LedgerEvent, LedgerItem } from './events';
import { ledgerDecider } from './ledger';
import { referralCommission } from './ledgerPosting';
import { planPayout, type Payee } from './payoutRun';
import { weekDueForRun } from './runRecord';

const item = (id: string, amount: number, week: string | null, kind: LedgerItem['kind'] = 'week'): LedgerItem => ({
  item_id: id, kind, amount_cents: amount, week, label: id, source: { type: 'week', event_id: id }, lines: [],
});
const posted = (i: LedgerItem): LedgerEvent => ({ type: 'LedgerItemPosted', id: deterministicEventId(i.item_id), data: { ...i, user_id: 'u', at: '2026-11-10T00:00:00.000Z' } });
const carried = (week: string): LedgerEvent => ({ type: 'BalanceCarriedOver', data: { user_id: 'u', week, balance_cents: 0, reason: 'below_minimum', at: '2026-11-11T05:00:00.000Z' } });
const payee = (events: LedgerEvent[], overrides: Partial<Payee> = {}) => ({
  ledger: events.reduce(ledgerDecider.evolve, ledgerDecider.initialState()),
  frozen: false,
  method: { type: 'crypto' as const, recorded_event_id: 'pm' },
  payoutIssued: false,
  ...overrides,
});

describe("the run's decision for an affiliate and a week", () => {
  it('pays every open item of that week and before, adjustments included, once they reach 500.00 EUR; the carried ones are the balance carried in', () => {
    const plan = planPayout('2026-W46', payee([posted(item('w45', 30_000, '2026-W45')), carried('2026-W45'), posted(item('w46', 24_000, '2026-W46')), posted(item('adj', -1_000, null, 'adjustment'))]));
    expect(plan).toMatchObject({ action: 'issue', total_cents: 53_000, carried_in_cents: 30_000 });
    expect(plan.action === 'issue' && plan.items.map((i) => [i.item_id, i.carried])).toEqual([['w45', true], ['w46', false], ['adj', false]]);
  });

  it("carries in only what the carried-over run left: an item of a later week posted before that run (a late run, after the next close) is this week's own", () => {
    const plan = planPayout('2027-W05', payee([
      posted(item('w01', 5_500, '2027-W01')), posted(item('w05', 45_500, '2027-W05')), carried('2027-W04'), posted(item('adj', 20_000, null, 'adjustment')),
    ]));
    expect(plan).toMatchObject({ action: 'issue', total_cents: 71_000, carried_in_cents: 5_500 });
    expect(plan.action === 'issue' && plan.items.map((i) => [i.item_id, i.carried])).toEqual([['w01', true], ['w05', false], ['adj', false]]);
  });

  it('leaves items of later weeks for their own run', () => {
    expect(planPayout('2026-W45', payee([posted(item('w45', 60_000, '2026-W45')), posted(item('w46', 24_000, '2026-W46'))]))).toMatchObject({ action: 'issue', total_cents: 60_000 });
  });

  it('carries a balance below the minimum over, a negative one too', () => {
    expect(planPayout('2026-W45', payee([posted(item('w45', 49_999, '2026-W45'))]))).toEqual({ action: 'carry', reason: 'below_minimum', balance_cents: 49_999 });
    expect(planPayout('2026-W45', payee([posted(item('c', -2_000, '2026-W44', 'correction'))]))).toEqual({ action: 'carry', reason: 'below_minimum', balance_cents: -2_000 });
  });

  it('carries over without a payment method, and for a frozen account', () => {
    const rich = [posted(item('w45', 80_000, '2026-W45'))];
    expect(planPayout('2026-W45', payee(rich, { method: null }))).toEqual({ action: 'carry', reason: 'no_payment_method', balance_cents: 80_000 });
    expect(planPayout('2026-W45', payee(rich, { frozen: true }))).toEqual({ action: 'carry', reason: 'account_frozen', balance_cents: 80_000 });
  });

  it('does nothing for an affiliate already paid for the week, or without anything to pay', () => {
    expect(planPayout('2026-W45', payee([posted(item('w45', 80_000, '2026-W45'))], { payoutIssued: true }))).toEqual({ action: 'issued_already' });
    expect(planPayout('2026-W45', payee([]))).toEqual({ action: 'nothing' });
  });
});

describe('a referral commission', () => {
  const cause = { event_id: 'e1', week: '2026-W47', referred_user_id: 'a', referred_unique_id: 42, correction: null };

  it("is the referred week's total times the rate, rounded half-up to the cent once, with the exact product recorded", () => {
    // 12.5 % of 98.75 EUR = 12.34375 EUR -> 12.34; of 98.76 EUR = 12.345 -> 12.35.
    expect(referralCommission({ ...cause, base_cents: 9875, rate_tenths: 125 })).toMatchObject({
      kind: 'referral', amount_cents: 1234, week: '2026-W47', label: 'Parrainage : affilié 00042, semaine 2026-W47, 12,5 % de 98,75 EUR',
      source: { base_cents: 9875, rate_tenths: 125, exact_thousandths: 1_234_375, rounded_cents: 1234 },
    });
    expect(referralCommission({ ...cause, base_cents: 9876, rate_tenths: 125 })!.amount_cents).toBe(1235);
  });

  it('corrects itself with a correction of the referred week, negative ones included', () => {
    expect(referralCommission({ ...cause, base_cents: -2500, rate_tenths: 100, correction: '2026-W47 : -1 vente, -25,00 EUR' })).toMatchObject({
      amount_cents: -250, label: 'Parrainage, correction : affilié 00042, 2026-W47 : -1 vente, -25,00 EUR → 10,0 % de -25,00 EUR',
    });
  });

  it('comes to nothing below half a cent', () => {
    expect(referralCommission({ ...cause, base_cents: 4, rate_tenths: 100 })).toBeNull();
  });
});

describe('the week the Wednesday run pays', () => {
  const at = (iso: string) => weekDueForRun(new Date(iso));

  it('is the week closed the day before from its Wednesday 06:00 (Paris), and the week before until then, even after the next close', () => {
    // W48 (23-29 Nov 2026) closes on Tuesday 1 Dec 00:00 and is paid on Wednesday 2 Dec 06:00 (05:00 UTC).
    expect(at('2026-12-02T04:59:59Z')).toBe('2026-W47');
    expect(at('2026-12-02T05:00:00Z')).toBe('2026-W48');
    expect(at('2026-12-07T12:00:00Z')).toBe('2026-W48');
    // Tuesday 8 Dec 03:00: W49 is closed, but its run is tomorrow; W48's run, if missed, is the one due.
    expect(at('2026-12-08T02:00:00Z')).toBe('2026-W48');
    expect(at('2026-12-09T05:00:00Z')).toBe('2026-W49');
    // Across the year and its week 53, and summer time.
    expect(at('2027-01-06T05:00:00Z')).toBe('2026-W53');
    expect(at('2026-07-01T04:00:00Z')).toBe('2026-W26');
    expect(at('2026-07-01T03:59:00Z')).toBe('2026-W25');
  });
});
