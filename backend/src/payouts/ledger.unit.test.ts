import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../test/deciderSpec';
import { deterministicEventId } from '../eventstore/commands';
import { itemIdOf, ledgerStream, type LedgerEvent, type LedgerItem } from './events';
import { ALREADY_REINSTATED, ledgerDecider, type LedgerCommand } from './ledger';

const U = 'user-1';
const stream = ledgerStream(U);
const item = (id: string, amount: number, week: string | null = '2026-W45', kind: LedgerItem['kind'] = 'week'): LedgerItem => ({
  item_id: id, kind, amount_cents: amount, week, label: `Semaine ${week}`, source: { type: 'week', event_id: `e-${id}` }, lines: [],
});
const posted = (i: LedgerItem, at: string): LedgerEvent => ({ type: 'LedgerItemPosted', id: deterministicEventId(stream, i.item_id), data: { ...i, user_id: U, at } });
const at = (iso: string) => new Date(iso);
const { given } = deciderSpec(ledgerDecider);
const decide = (history: LedgerEvent[], command: LedgerCommand) => ledgerDecider.decide(command, history.reduce(ledgerDecider.evolve, ledgerDecider.initialState()));

const w45 = item('i45', 30_000);
const w46 = item('i46', 24_000, '2026-W46');
const history = [posted(w45, '2026-11-09T23:05:00.000Z'), posted(w46, '2026-11-16T23:05:00.000Z')];

describe("an affiliate's ledger", () => {
  it('posts an item once: its id follows from its cause', () => {
    given().when({ type: 'PostItem', userId: U, at: at('2026-11-09T23:05:00Z'), item: w45 }).then([posted(w45, '2026-11-09T23:05:00.000Z')]);
    given(posted(w45, '2026-11-09T23:05:00.000Z')).when({ type: 'PostItem', userId: U, at: at('2026-11-10T08:00:00Z'), item: w45 }).then([]);
  });

  it('records a carry-over once per week, with its reason', () => {
    const carry: LedgerCommand = { type: 'CarryOver', userId: U, at: at('2026-11-11T05:00:00Z'), week: '2026-W45', balance_cents: 30_000, reason: 'below_minimum' };
    given(...history.slice(0, 1)).when(carry).then([{
      type: 'BalanceCarriedOver', id: deterministicEventId(stream, 'BalanceCarriedOver', '2026-W45'),
      data: { user_id: U, week: '2026-W45', balance_cents: 30_000, reason: 'below_minimum', at: '2026-11-11T05:00:00.000Z' },
    }]);
    given(...history.slice(0, 1), ...decide(history.slice(0, 1), carry)).when(carry).then([]);
  });

  it('settles the items a payout pays, once; refuses items no longer open or an amount that does not add up', () => {
    const settle: LedgerCommand = { type: 'SettleItems', userId: U, at: at('2026-11-18T05:00:00Z'), payout_id: 'p46', week: '2026-W46', item_ids: ['i45', 'i46'], amount_cents: 54_000 };
    const settled = decide(history, settle);
    expect(settled).toEqual([{
      type: 'ItemsSettled', id: deterministicEventId(stream, 'ItemsSettled', 'p46'),
      data: { user_id: U, payout_id: 'p46', week: '2026-W46', item_ids: ['i45', 'i46'], amount_cents: 54_000, at: '2026-11-18T05:00:00.000Z' },
    }]);
    given(...history, ...settled).when(settle).then([]);
    given(...history, ...settled).when({ ...settle, payout_id: 'another' }).thenThrows(409, 'Ces éléments du solde ne sont plus à payer');
    given(...history).when({ ...settle, amount_cents: 1 }).thenThrows(409, 'Le montant du paiement ne correspond pas à ses éléments');
  });

  it('reopens the items of a failed payout, once, with what they were', () => {
    const settled = decide(history, { type: 'SettleItems', userId: U, at: at('2026-11-18T05:00:00Z'), payout_id: 'p46', week: '2026-W46', item_ids: ['i45', 'i46'], amount_cents: 54_000 });
    const reopen: LedgerCommand = { type: 'ReopenItems', userId: U, at: at('2026-11-19T10:00:00Z'), payout_id: 'p46' };
    const reopened = decide([...history, ...settled], reopen);
    expect(reopened).toEqual([{
      type: 'ItemsReopened', id: deterministicEventId(stream, 'ItemsReopened', 'p46'),
      data: {
        user_id: U, payout_id: 'p46', amount_cents: 54_000, at: '2026-11-19T10:00:00.000Z',
        items: [{ item_id: 'i45', kind: 'week', amount_cents: 30_000, week: '2026-W45' }, { item_id: 'i46', kind: 'week', amount_cents: 24_000, week: '2026-W46' }],
      },
    }]);
    given(...history, ...settled, ...reopened).when(reopen).then([]);
    given(...history).when(reopen).then([]);
    const state = [...history, ...settled, ...reopened].reduce(ledgerDecider.evolve, ledgerDecider.initialState());
    expect(state.balance).toBe(54_000);
    expect([...state.items.values()].map((e) => [e.item.item_id, e.status, e.carried])).toEqual([['i45', 'open', true], ['i46', 'open', true]]);
  });

  it('moves the balance by its events only: posted items add up, settled ones leave, negative items count', () => {
    const state = [...history, posted(item('adj', -1_000, null, 'adjustment'), '2026-11-17T10:00:00.000Z')].reduce(ledgerDecider.evolve, ledgerDecider.initialState());
    expect(state.balance).toBe(53_000);
  });
});

describe('a dormant balance', () => {
  const check = (iso: string): LedgerCommand => ({ type: 'CheckDormancy', userId: U, at: at(iso) });
  const idle = [posted(w45, '2026-11-09T23:05:00.000Z')];

  it('is left alone before day 60', () => {
    given(...idle).when(check('2027-01-07T06:00:00Z')).then([]);
  });

  it('is warned once at day 60, with the day it may be written off', () => {
    const warned = decide(idle, check('2027-01-09T06:00:00Z'));
    expect(warned).toEqual([{
      type: 'DormancyWarned', id: deterministicEventId(stream, 'DormancyWarned', '2026-11-09T23:05:00.000Z'),
      data: { user_id: U, balance_cents: 30_000, last_movement_at: '2026-11-09T23:05:00.000Z', write_off_from: '2027-02-08', at: '2027-01-09T06:00:00.000Z' },
    }]);
    given(...idle, ...warned).when(check('2027-01-10T06:00:00Z')).then([]);
  });

  it('is written off at day 90, with its reason, all its open items at once', () => {
    const warned = decide(idle, check('2027-01-09T06:00:00Z'));
    given(...idle, ...warned).when(check('2027-02-07T06:00:00Z')).then([]);
    const writeOffId = deterministicEventId(stream, 'BalanceWrittenOff', '2026-11-09T23:05:00.000Z');
    given(...idle, ...warned).when(check('2027-02-08T06:00:00Z')).then([{
      type: 'BalanceWrittenOff', id: writeOffId,
      data: {
        user_id: U, write_off_id: writeOffId, item_ids: ['i45'], amount_cents: 30_000, last_movement_at: '2026-11-09T23:05:00.000Z', at: '2027-02-08T06:00:00.000Z',
        reason: 'Solde inactif depuis plus de 90 jours (aucun mouvement depuis le 10/11/2026), avertissement envoyé le 09/01/2027',
      },
    }]);
  });

  it('is never written off without a warning 30 days before: a check first run at day 95 warns', () => {
    const late = decide(idle, check('2027-02-13T06:00:00Z'));
    expect(late.map((e) => [e.type, (e.data as { write_off_from?: string }).write_off_from])).toEqual([['DormancyWarned', '2027-03-15']]);
    given(...idle, ...late).when(check('2027-03-14T06:00:00Z')).then([]);
    expect(decide([...idle, ...late], check('2027-03-15T06:00:00Z')).map((e) => e.type)).toEqual(['BalanceWrittenOff']);
  });

  it('starts again from any movement: a posted item resets the warning', () => {
    const warned = decide(idle, check('2027-01-09T06:00:00Z'));
    const moved = [...idle, ...warned, posted(item('late', 100, '2026-W45', 'correction'), '2027-01-20T10:00:00.000Z')];
    given(...moved).when(check('2027-02-08T06:00:00Z')).then([]);
  });

  it('is not checked at zero or below', () => {
    given(posted(item('neg', -500), '2026-11-09T23:05:00.000Z')).when(check('2027-06-01T06:00:00Z')).then([]);
  });

  it('is reinstated by an admin once, as a new item of the written-off amount', () => {
    const warned = decide(idle, check('2027-01-09T06:00:00Z'));
    const writtenOff = decide([...idle, ...warned], check('2027-02-08T06:00:00Z'));
    const writeOffId = (writtenOff[0]!.data as { write_off_id: string }).write_off_id;
    const reinstate: LedgerCommand = { type: 'Reinstate', userId: U, at: at('2027-02-09T09:00:00Z'), write_off_id: writeOffId };
    const reinstated = decide([...idle, ...warned, ...writtenOff], reinstate);
    expect(reinstated).toEqual([{
      type: 'LedgerItemPosted', id: deterministicEventId(stream, itemIdOf('reinstatement', writeOffId)),
      data: {
        item_id: itemIdOf('reinstatement', writeOffId), kind: 'reinstatement', amount_cents: 30_000, week: null, label: 'Réintégration du solde radié le 08/02/2027',
        source: { type: 'reinstatement', write_off_id: writeOffId }, lines: [], user_id: U, at: '2027-02-09T09:00:00.000Z',
      },
    }]);
    given(...idle, ...warned, ...writtenOff, ...reinstated).when(reinstate).thenThrows(409, ALREADY_REINSTATED);
    given(...idle).when({ ...reinstate, write_off_id: 'nope' }).thenThrows(404, 'Radiation introuvable');
  });
});
