import type { CarryOverReason } from '@affilux/contract';
import { frenchDate } from '../http/frenchText';
import { deterministicEventId, type Decider } from '../eventstore/commands';
import { AppError, conflict } from '../http/errors';
import { addDaysTo, dayOf, daysBetween, type Day, type IsoWeek } from '../time/calendar';
import { itemIdOf, ledgerStream, type LedgerEvent, type LedgerItem } from './events';

/** Dormancy (money page): warned by email at day 60 without movement, written off at day 90, never less than 30 days after the warning. */
export const DORMANCY = { warnAfterDays: 60, writeOffAfterDays: 90, noticeDays: 30 } as const;

type ItemStatus = 'open' | 'settled' | 'written_off';
export type LedgerEntry = { item: LedgerItem; status: ItemStatus; carried: boolean };
/** What decisions still need of an item that was paid or written off: enough to recognise it, and to reopen it (a failed payout). */
export type ClosedItem = Pick<LedgerItem, 'item_id' | 'kind' | 'amount_cents' | 'week'> & { status: Exclude<ItemStatus, 'open'> };
export type WriteOff = { amount_cents: number; at: string; reinstated: boolean };

export type Ledger = {
  items: Map<string, LedgerEntry>;
  /** Items closed before the snapshot the state was restored from, kept as summaries (ledgerSnapshots.ts); empty when folded from the first event. */
  closed: Map<string, ClosedItem>;
  /** The sum of the open items. */
  balance: number;
  /** The last time the balance moved (an item posted, settled, reopened, written off). */
  lastMovementAt: string | null;
  /** When the current dormant period was warned of (reset by any movement). */
  warnedAt: string | null;
  carriedOver: Set<IsoWeek>;
  settled: Map<string, string[]>;
  reopened: Set<string>;
  writeOffs: Map<string, WriteOff>;
};

type At = { userId: string; at: Date };
export type LedgerCommand =
  | ({ type: 'PostItem'; item: LedgerItem } & At)
  | ({ type: 'CarryOver'; week: IsoWeek; balance_cents: number; reason: CarryOverReason } & At)
  | ({ type: 'SettleItems'; payout_id: string; week: IsoWeek; item_ids: string[]; amount_cents: number } & At)
  | ({ type: 'ReopenItems'; payout_id: string } & At)
  | ({ type: 'CheckDormancy' } & At)
  | ({ type: 'Reinstate'; write_off_id: string } & At);

export const openItems = (ledger: Ledger): LedgerEntry[] => [...ledger.items.values()].filter((e) => e.status === 'open');
/** What a week's payout run takes: the open items of that week and before, and those of no week (adjustments, reinstatements). */
export const itemsDueBy = (ledger: Ledger, week: IsoWeek): LedgerEntry[] => openItems(ledger).filter((e) => e.item.week === null || e.item.week <= week);

const withStatus = (ledger: Ledger, ids: string[], status: ItemStatus, carried?: boolean) => {
  const items = new Map(ledger.items);
  for (const id of ids) {
    const entry = items.get(id);
    if (entry) items.set(id, { ...entry, status, carried: carried ?? entry.carried });
  }
  const balance = [...items.values()].reduce((sum, e) => sum + (e.status === 'open' ? e.item.amount_cents : 0), 0);
  return { items, balance };
};

function evolve(state: Ledger, event: LedgerEvent): Ledger {
  switch (event.type) {
    case 'LedgerItemPosted': {
      const { user_id: _user, at, ...item } = event.data;
      const items = new Map(state.items).set(item.item_id, { item, status: 'open', carried: false });
      const writeOffs = new Map(state.writeOffs);
      if (item.source.type === 'reinstatement') {
        const writeOff = writeOffs.get(item.source.write_off_id);
        if (writeOff) writeOffs.set(item.source.write_off_id, { ...writeOff, reinstated: true });
      }
      return { ...state, items, balance: state.balance + item.amount_cents, lastMovementAt: at, warnedAt: null, writeOffs };
    }
    case 'BalanceCarriedOver': {
      // What that week's run left: its items and earlier ones (a run made late, after the next close, finds the next week's items too).
      const open = itemsDueBy(state, event.data.week).map((e) => e.item.item_id);
      return { ...state, ...withStatus(state, open, 'open', true), carriedOver: new Set(state.carriedOver).add(event.data.week) };
    }
    case 'ItemsSettled':
      return {
        ...state, ...withStatus(state, event.data.item_ids, 'settled'), lastMovementAt: event.data.at, warnedAt: null,
        settled: new Map(state.settled).set(event.data.payout_id, event.data.item_ids),
      };
    case 'ItemsReopened':
      // Back in the balance from a run that did not pay them: the next payout carries them in, as a carry-over's.
      return { ...state, ...withStatus(state, event.data.items.map((i) => i.item_id), 'open', true), lastMovementAt: event.data.at, warnedAt: null, reopened: new Set(state.reopened).add(event.data.payout_id) };
    case 'BalanceWrittenOff':
      return {
        ...state, ...withStatus(state, event.data.item_ids, 'written_off'), lastMovementAt: event.data.at, warnedAt: null,
        writeOffs: new Map(state.writeOffs).set(event.data.write_off_id, { amount_cents: event.data.amount_cents, at: event.data.at, reinstated: false }),
      };
    case 'DormancyWarned':
      return { ...state, warnedAt: event.data.at };
  }
}

export const writeOffNotFound = () => new AppError(404, 'Radiation introuvable');
export const ALREADY_REINSTATED = 'Ce solde a déjà été réintégré';

/** The first day a balance idle since `lastMovementAt` and warned on `warnedOn` may be written off: day 90, and at least 30 days after the warning. */
export const writeOffDay = (lastMovementAt: string, warnedOn: Day): Day =>
  [addDaysTo(dayOf(new Date(lastMovementAt)), DORMANCY.writeOffAfterDays), addDaysTo(warnedOn, DORMANCY.noticeDays)].sort()[1]!;

function checkDormancy(state: Ledger, userId: string, at: Date): LedgerEvent[] {
  if (state.balance <= 0 || !state.lastMovementAt) return [];
  const today = dayOf(at);
  const idle = daysBetween(dayOf(new Date(state.lastMovementAt)), today);
  if (idle < DORMANCY.warnAfterDays) return [];
  if (!state.warnedAt) {
    const writeOffFrom = writeOffDay(state.lastMovementAt, today);
    return [{
      type: 'DormancyWarned',
      id: deterministicEventId(ledgerStream(userId), 'DormancyWarned', state.lastMovementAt),
      data: { user_id: userId, balance_cents: state.balance, last_movement_at: state.lastMovementAt, write_off_from: writeOffFrom, at: at.toISOString() },
    }];
  }
  if (idle < DORMANCY.writeOffAfterDays || daysBetween(dayOf(new Date(state.warnedAt)), today) < DORMANCY.noticeDays) return [];
  const writeOffId = deterministicEventId(ledgerStream(userId), 'BalanceWrittenOff', state.lastMovementAt);
  return [{
    type: 'BalanceWrittenOff',
    id: writeOffId,
    data: {
      user_id: userId, write_off_id: writeOffId, item_ids: openItems(state).map((e) => e.item.item_id), amount_cents: state.balance,
      reason: `Solde inactif depuis plus de ${DORMANCY.writeOffAfterDays} jours (aucun mouvement depuis le ${frenchDate(dayOf(new Date(state.lastMovementAt)))}), avertissement envoyé le ${frenchDate(dayOf(new Date(state.warnedAt)))}`,
      last_movement_at: state.lastMovementAt, at: at.toISOString(),
    },
  }];
}

function decide(command: LedgerCommand, state: Ledger): LedgerEvent[] {
  const { userId, at } = command;
  const stream = ledgerStream(userId);
  switch (command.type) {
    case 'PostItem':
      if (state.items.has(command.item.item_id) || state.closed.has(command.item.item_id)) return [];
      return [{ type: 'LedgerItemPosted', id: deterministicEventId(stream, command.item.item_id), data: { ...command.item, user_id: userId, at: at.toISOString() } }];
    case 'CarryOver':
      if (state.carriedOver.has(command.week)) return [];
      return [{
        type: 'BalanceCarriedOver', id: deterministicEventId(stream, 'BalanceCarriedOver', command.week),
        data: { user_id: userId, week: command.week, balance_cents: command.balance_cents, reason: command.reason, at: at.toISOString() },
      }];
    case 'SettleItems': {
      if (state.settled.has(command.payout_id)) return [];
      const entries = command.item_ids.map((id) => state.items.get(id));
      if (entries.some((e) => e?.status !== 'open')) throw conflict('Ces éléments du solde ne sont plus à payer');
      if (entries.reduce((sum, e) => sum + e!.item.amount_cents, 0) !== command.amount_cents) throw conflict('Le montant du paiement ne correspond pas à ses éléments');
      return [{
        type: 'ItemsSettled', id: deterministicEventId(stream, 'ItemsSettled', command.payout_id),
        data: { user_id: userId, payout_id: command.payout_id, week: command.week, item_ids: command.item_ids, amount_cents: command.amount_cents, at: at.toISOString() },
      }];
    }
    case 'ReopenItems': {
      const ids = state.settled.get(command.payout_id);
      if (!ids || state.reopened.has(command.payout_id)) return [];
      const items = ids.flatMap((id) => {
        const entry = state.items.get(id)?.item ?? state.closed.get(id);
        return entry ? [{ item_id: id, kind: entry.kind, amount_cents: entry.amount_cents, week: entry.week }] : [];
      });
      return [{
        type: 'ItemsReopened', id: deterministicEventId(stream, 'ItemsReopened', command.payout_id),
        data: { user_id: userId, payout_id: command.payout_id, items, amount_cents: items.reduce((sum, i) => sum + i.amount_cents, 0), at: at.toISOString() },
      }];
    }
    case 'CheckDormancy':
      return checkDormancy(state, userId, at);
    case 'Reinstate': {
      const writeOff = state.writeOffs.get(command.write_off_id);
      if (!writeOff) throw writeOffNotFound();
      if (writeOff.reinstated) throw conflict(ALREADY_REINSTATED);
      const item: LedgerItem = {
        item_id: itemIdOf('reinstatement', command.write_off_id), kind: 'reinstatement', amount_cents: writeOff.amount_cents, week: null,
        label: `Réintégration du solde radié le ${frenchDate(dayOf(new Date(writeOff.at)))}`, source: { type: 'reinstatement', write_off_id: command.write_off_id }, lines: [],
      };
      return [{ type: 'LedgerItemPosted', id: deterministicEventId(stream, item.item_id), data: { ...item, user_id: userId, at: at.toISOString() } }];
    }
  }
}

/**
 * The one decider of an affiliate's ledger, `ledger-<user>`: its balance is the sum of its open
 * items, and only its events move it. Items are posted once each (their ids follow from their
 * cause), a payout settles the items it pays, a failed payout reopens them, a balance idle for 90
 * days is written off after a warning at day 60, and an admin may reinstate it.
 */
export const ledgerDecider: Decider<LedgerCommand, LedgerEvent, Ledger> = {
  initialState: () => ({
    items: new Map(), closed: new Map(), balance: 0, lastMovementAt: null, warnedAt: null, carriedOver: new Set(), settled: new Map(), reopened: new Set(), writeOffs: new Map(),
  }),
  evolve,
  decide,
};
