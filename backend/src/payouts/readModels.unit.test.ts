import { describe, expect, it } from 'vitest';
import { fold, recorded } from '../../../test/recorded';
import { balancesProjection } from './balances/projection';
import type { LedgerEvent, LedgerItem, PayoutEvent, PayoutIssuedData } from './events';
import { payoutListProjection } from './payoutList/projection';
import { evolveWriteOff } from './writeOffs/projection';

const item = (id: string, amount: number, kind: LedgerItem['kind'] = 'week', week: string | null = '2026-W45'): LedgerItem => ({
  item_id: id, kind, amount_cents: amount, week, label: id, source: kind === 'referral'
    ? { type: 'referral', event_id: 'e', referred_user_id: 'r', referred_unique_id: 42, base_cents: amount * 10, rate_tenths: 100, exact_thousandths: amount * 1000, rounded_cents: amount }
    : { type: 'week', event_id: 'e' },
  lines: [],
});
const posted = (i: LedgerItem, at = '2026-11-10T00:00:00.000Z'): LedgerEvent => ({ type: 'LedgerItemPosted', data: { ...i, user_id: 'u1', at } });
const ledger = (...events: LedgerEvent[]) => fold(balancesProjection, recorded('ledger-u1', events));

describe('the balances read model', () => {
  it('adds posted items to the balance and to what was earned (weeks, corrections, referral commissions), adjustments to the balance only', () => {
    expect(ledger(posted(item('w', 30_000)), posted(item('r', 5_700, 'referral')), posted(item('a', -1_000, 'adjustment', null)))).toMatchObject({
      id: 'u1', balance_cents: 34_700, earned_cents: 35_700, last_movement_at: '2026-11-10T00:00:00.000Z',
      open_items: { w: { kind: 'week', amount_cents: 30_000, week: '2026-W45' }, r: { kind: 'referral', amount_cents: 5_700, week: '2026-W45' }, a: { kind: 'adjustment', amount_cents: -1_000, week: null } },
    });
  });

  it('keeps the last carry-over and its reason until a payout settles the items', () => {
    const carried: LedgerEvent = { type: 'BalanceCarriedOver', data: { user_id: 'u1', week: '2026-W45', balance_cents: 30_000, reason: 'below_minimum', at: '2026-11-11T05:00:00.000Z' } };
    expect(ledger(posted(item('w', 30_000)), carried)).toMatchObject({ carried_over: { week: '2026-W45', reason: 'below_minimum', balance_cents: 30_000 } });
    const settled: LedgerEvent = { type: 'ItemsSettled', data: { user_id: 'u1', payout_id: 'p', week: '2026-W46', item_ids: ['w'], amount_cents: 30_000, at: '2026-11-18T05:00:00.000Z' } };
    expect(ledger(posted(item('w', 30_000)), posted(item('x', 100, 'week', '2026-W47')), carried, settled)).toMatchObject({
      balance_cents: 100, open_items: { x: { amount_cents: 100 } }, carried_over: null, last_movement_at: '2026-11-18T05:00:00.000Z',
    });
  });

  it('takes back the items of a failed payout, and drops written-off ones', () => {
    const settled: LedgerEvent = { type: 'ItemsSettled', data: { user_id: 'u1', payout_id: 'p', week: '2026-W45', item_ids: ['w'], amount_cents: 60_000, at: '2026-11-11T05:00:00.000Z' } };
    const reopened: LedgerEvent = { type: 'ItemsReopened', data: { user_id: 'u1', payout_id: 'p', items: [{ item_id: 'w', kind: 'week', amount_cents: 60_000, week: '2026-W45' }], amount_cents: 60_000, at: '2026-11-12T09:00:00.000Z' } };
    expect(ledger(posted(item('w', 60_000)), settled, reopened)).toMatchObject({ balance_cents: 60_000, open_items: { w: { amount_cents: 60_000 } } });
    const warned: LedgerEvent = { type: 'DormancyWarned', data: { user_id: 'u1', balance_cents: 60_000, last_movement_at: 'x', write_off_from: '2027-02-10', at: '2027-01-11T06:00:00.000Z' } };
    const writtenOff: LedgerEvent = { type: 'BalanceWrittenOff', data: { user_id: 'u1', write_off_id: 'wo', item_ids: ['w'], amount_cents: 60_000, reason: 'r', last_movement_at: 'x', at: '2027-02-10T06:00:00.000Z' } };
    expect(ledger(posted(item('w', 60_000)), settled, reopened, warned)).toMatchObject({ warned_at: '2027-01-11T06:00:00.000Z' });
    expect(ledger(posted(item('w', 60_000)), settled, reopened, warned, writtenOff)).toMatchObject({ balance_cents: 0, open_items: {}, written_off_cents: 60_000, warned_at: null });
  });
});

describe('the payouts read model', () => {
  const issued: PayoutIssuedData = {
    payout_id: 'p1', user_id: 'u1', week: '2026-W46', item_ids: ['w'], lines: [{ ...item('w', 54_000), carried: false }], carried_in_cents: 30_000, total_cents: 54_000,
    payment_method_type: 'crypto', payment_method_event_id: 'pm', computed_at: '5/66', issued_at: '2026-11-18T05:00:00.000Z',
  };
  const ids = { payout_id: 'p1', user_id: 'u1' };
  const payout = (...events: PayoutEvent[]) => fold(payoutListProjection, recorded('payout-u1-2026-W46', events));

  it('lists an issued payout with its items, then its invoice and its payment', () => {
    expect(payout({ type: 'PayoutIssued', data: issued })).toEqual({
      id: 'p1', user_id: 'u1', week: '2026-W46', amount_cents: 54_000, carried_in_cents: 30_000, items: issued.lines, payment_method_type: 'crypto', status: 'issued',
      issued_at: '2026-11-18T05:00:00.000Z', paid_at: null, failed_at: null, failure_reason: null, invoice_number: null, invoice_sha256: null,
      credit_note_number: null, credit_note_sha256: null, computed_at: '5/66',
    });
    expect(payout({ type: 'PayoutIssued', data: issued }, { type: 'InvoiceIssued', data: { ...ids, number: 3, sha256: 'h' } }, { type: 'PayoutPaid', data: { ...ids, paid_at: '2026-11-18T05:00:01.000Z' } })).toMatchObject({
      invoice_number: 3, invoice_sha256: 'h', status: 'paid', paid_at: '2026-11-18T05:00:01.000Z',
    });
  });

  it('shows a failed payout with its reason, then its credit note', () => {
    const failed: PayoutEvent = { type: 'PayoutFailed', data: { ...ids, reason: 'Adresse refusée', failed_at: '2026-11-19T09:00:00.000Z' } };
    expect(payout({ type: 'PayoutIssued', data: issued }, failed)).toMatchObject({
      status: 'failed', failure_reason: 'Adresse refusée', failed_at: '2026-11-19T09:00:00.000Z', credit_note_number: null,
    });
    expect(payout({ type: 'PayoutIssued', data: issued }, failed, { type: 'CreditNoteIssued', data: { ...ids, number: 2, sha256: 'c' } })).toMatchObject({
      status: 'failed', credit_note_number: 2, credit_note_sha256: 'c',
    });
  });
});

describe('the write-offs read model', () => {
  const [writtenOff, reinstated, other] = recorded('ledger-u1', [
    { type: 'BalanceWrittenOff', data: { user_id: 'u1', write_off_id: 'wo', item_ids: ['w'], amount_cents: 10_000, reason: 'Solde inactif', last_movement_at: '2026-11-10T00:00:00.000Z', at: '2027-02-08T06:00:00.000Z' } },
    posted({ ...item('re', 10_000, 'reinstatement', null), source: { type: 'reinstatement', write_off_id: 'wo' } }, '2027-02-09T09:00:00.000Z'),
    posted(item('w2', 5)),
  ] as LedgerEvent[]);

  it('lists a write-off with its reason, then its reinstatement; other items leave it alone', () => {
    const row = evolveWriteOff(null, writtenOff as never);
    expect(row).toEqual({ id: 'wo', user_id: 'u1', amount_cents: 10_000, reason: 'Solde inactif', last_movement_at: '2026-11-10T00:00:00.000Z', written_off_at: '2027-02-08T06:00:00.000Z', reinstated_at: null });
    expect(evolveWriteOff(row, reinstated as never)).toMatchObject({ reinstated_at: '2027-02-09T09:00:00.000Z' });
    expect(evolveWriteOff(row, other as never)).toBe(row);
  });
});
