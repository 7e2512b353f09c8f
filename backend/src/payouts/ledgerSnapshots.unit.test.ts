import { describe, expect, it } from 'vitest';
import { deterministicEventId } from '../eventstore/commands';
import { ledgerStream, type LedgerEvent, type LedgerItem } from './events';
import { ledgerDecider, openItems, type Ledger, type LedgerCommand } from './ledger';
import { compactLedger, restoreLedger } from './ledgerSnapshots';

const U = 'user-1';
const line = { offer_id: 'o1', paid_kind: 'bill', rate_kind: 'fixed', tier_level: null, rate_cents: 2000, variant_id: null, variant_version: null, variant_name: null, count: 3, amount_cents: 6000, offer_name: 'LoveMatch', offer_unique_id: 501 } as unknown as LedgerItem['lines'][number];
const item = (id: string, amount: number, week: string): LedgerItem => ({
  item_id: id, kind: 'week', amount_cents: amount, week, label: `Semaine ${week}`, source: { type: 'week', event_id: `e-${id}` }, lines: [line],
});
const apply = (state: Ledger, command: LedgerCommand): Ledger => ledgerDecider.decide(command, state).reduce(ledgerDecider.evolve, state);
const at = new Date('2026-11-18T05:00:00Z');

/** Two paid weeks, a third open, a carry-over: what a snapshot taken after the second payout holds. */
function yearSoFar(): Ledger {
  let state = ledgerDecider.initialState();
  state = apply(state, { type: 'PostItem', userId: U, at, item: item('i44', 60_000, '2026-W44') });
  state = apply(state, { type: 'SettleItems', userId: U, at, payout_id: 'p44', week: '2026-W44', item_ids: ['i44'], amount_cents: 60_000 });
  state = apply(state, { type: 'PostItem', userId: U, at, item: item('i45', 55_000, '2026-W45') });
  state = apply(state, { type: 'SettleItems', userId: U, at, payout_id: 'p45', week: '2026-W45', item_ids: ['i45'], amount_cents: 55_000 });
  state = apply(state, { type: 'PostItem', userId: U, at, item: item('i46', 30_000, '2026-W46') });
  return apply(state, { type: 'CarryOver', userId: U, at, week: '2026-W46', balance_cents: 30_000, reason: 'below_minimum' });
}

describe('a ledger snapshot', () => {
  const full = yearSoFar();
  const restored = restoreLedger(JSON.parse(JSON.stringify(compactLedger(full))));

  it('keeps the open items whole and the paid ones as summaries', () => {
    const snapshot = compactLedger(full);
    expect(snapshot.open.map((e) => e.item)).toEqual([item('i46', 30_000, '2026-W46')]);
    expect(snapshot.closed).toEqual({ ids: ['i44', 'i45'], kinds: ['week', 'week'], amounts: [60_000, 55_000], weeks: ['2026-W44', '2026-W45'], writtenOff: [] });
    expect(snapshot.settled).toEqual([['p44', [0]], ['p45', [1]]]);
  });

  it('restored, decides every command as the whole stream does', () => {
    expect(restored.balance).toBe(full.balance);
    expect(openItems(restored)).toEqual(openItems(full));
    const commands: LedgerCommand[] = [
      { type: 'PostItem', userId: U, at, item: item('i44', 60_000, '2026-W44') },
      { type: 'PostItem', userId: U, at, item: item('i47', 70_000, '2026-W47') },
      { type: 'CarryOver', userId: U, at, week: '2026-W46', balance_cents: 30_000, reason: 'below_minimum' },
      { type: 'ReopenItems', userId: U, at, payout_id: 'p45' },
      { type: 'CheckDormancy', userId: U, at: new Date('2027-02-01T05:00:00Z') },
    ];
    for (const command of commands) expect(ledgerDecider.decide(command, restored)).toEqual(ledgerDecider.decide(command, full));
    const settleAgain: LedgerCommand = { type: 'SettleItems', userId: U, at, payout_id: 'p46', week: '2026-W46', item_ids: ['i45'], amount_cents: 55_000 };
    expect(() => ledgerDecider.decide(settleAgain, restored)).toThrow('Ces éléments du solde ne sont plus à payer');
    expect(() => ledgerDecider.decide(settleAgain, full)).toThrow('Ces éléments du solde ne sont plus à payer');
  });

  it('restored, then moved by later events, compacts to what the whole stream compacts to', () => {
    const later: LedgerEvent[] = [
      { type: 'LedgerItemPosted', id: deterministicEventId(ledgerStream(U), 'i47'), data: { ...item('i47', 70_000, '2026-W47'), user_id: U, at: '2026-11-24T23:05:00.000Z' } },
      { type: 'ItemsSettled', id: 'settled-p47', data: { user_id: U, payout_id: 'p47', week: '2026-W47', item_ids: ['i46', 'i47'], amount_cents: 100_000, at: '2026-11-25T05:00:00.000Z' } },
    ];
    expect(compactLedger(later.reduce(ledgerDecider.evolve, restored))).toEqual(compactLedger(later.reduce(ledgerDecider.evolve, full)));
  });

  it('keeps a settlement whose items a failed payout reopened, and a written-off balance, through a snapshot', () => {
    let state = apply(yearSoFar(), { type: 'ReopenItems', userId: U, at, payout_id: 'p45' });
    state = apply(state, { type: 'CheckDormancy', userId: U, at: new Date('2027-02-01T05:00:00Z') });
    state = apply(state, { type: 'CheckDormancy', userId: U, at: new Date('2027-03-05T05:00:00Z') });
    const snapshot = compactLedger(state);
    expect(snapshot.open).toEqual([]);
    expect(snapshot.closed).toMatchObject({ ids: ['i44', 'i45', 'i46'], writtenOff: [1, 2] });
    expect(snapshot.settled).toEqual([['p44', [0]], ['p45', [1]]]);
    const restored = restoreLedger(JSON.parse(JSON.stringify(snapshot)));
    expect(compactLedger(restored)).toEqual(snapshot);
    expect([...restored.closed.values()].map((i) => i.status)).toEqual(['settled', 'written_off', 'written_off']);
    const reinstate: LedgerCommand = { type: 'Reinstate', userId: U, at, write_off_id: [...state.writeOffs.keys()][0]! };
    expect(ledgerDecider.decide(reinstate, restored)).toEqual(ledgerDecider.decide(reinstate, state));
    const reopenAgain: LedgerCommand = { type: 'ReopenItems', userId: U, at, payout_id: 'p45' };
    expect(ledgerDecider.decide(reopenAgain, restored)).toEqual([]);
  });

  it('names an item a failed payout reopened by its id while it is open again', () => {
    const state = apply(yearSoFar(), { type: 'ReopenItems', userId: U, at, payout_id: 'p45' });
    const snapshot = compactLedger(state);
    expect(snapshot.settled).toEqual([['p44', [0]], ['p45', ['i45']]]);
    expect(restoreLedger(JSON.parse(JSON.stringify(snapshot))).settled).toEqual(state.settled);
  });
});
