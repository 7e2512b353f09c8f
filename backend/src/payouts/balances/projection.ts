import type { RecordedEvent } from '../../eventstore/eventStore';
import { rowProjection } from '../../processing/processor';
import type { LedgerEvent } from '../events';
import { BALANCE_COLUMNS, balancesTable, type BalanceRow, type OpenItem } from './schema';

type Handled = RecordedEvent & LedgerEvent;

const EARNED = new Set(['week', 'correction', 'referral']);
const sum = (items: Record<string, OpenItem>) => Object.values(items).reduce((total, item) => total + item.amount_cents, 0);
const without = (items: Record<string, OpenItem>, ids: string[]) => Object.fromEntries(Object.entries(items).filter(([id]) => !ids.includes(id)));

/**
 * Every affiliate's balance as its ledger's events move it (bigint columns come back as text: read as numbers).
 * Version 2: a write-off ends the carry-over notice.
 */
export const balancesProjection = rowProjection<BalanceRow, Handled>({
  name: 'ledger_balances',
  version: 2,
  table: balancesTable,
  columns: BALANCE_COLUMNS,
  handles: ['LedgerItemPosted', 'BalanceCarriedOver', 'ItemsSettled', 'ItemsReopened', 'BalanceWrittenOff', 'DormancyWarned'],
  rowId: (event) => event.data.user_id,
  evolve(stored, event) {
    const row: BalanceRow = stored
      ? { ...stored, balance_cents: Number(stored.balance_cents), earned_cents: Number(stored.earned_cents), written_off_cents: Number(stored.written_off_cents) }
      : { id: event.data.user_id, balance_cents: 0, open_items: {}, earned_cents: 0, written_off_cents: 0, last_movement_at: null, warned_at: null, carried_over: null };
    switch (event.type) {
      case 'LedgerItemPosted': {
        const { item_id, kind, amount_cents, week, at } = event.data;
        const open_items = { ...row.open_items, [item_id]: { kind, amount_cents, week } };
        const earned_cents = row.earned_cents + (EARNED.has(kind) ? amount_cents : 0);
        return { ...row, open_items, balance_cents: sum(open_items), earned_cents, last_movement_at: at, warned_at: null };
      }
      case 'BalanceCarriedOver':
        return { ...row, carried_over: { week: event.data.week, reason: event.data.reason, balance_cents: event.data.balance_cents } };
      case 'ItemsSettled': {
        const open_items = without(row.open_items, event.data.item_ids);
        return { ...row, open_items, balance_cents: sum(open_items), last_movement_at: event.data.at, warned_at: null, carried_over: null };
      }
      case 'ItemsReopened': {
        const open_items = { ...row.open_items, ...Object.fromEntries(event.data.items.map(({ item_id, kind, amount_cents, week }) => [item_id, { kind, amount_cents, week }])) };
        return { ...row, open_items, balance_cents: sum(open_items), last_movement_at: event.data.at, warned_at: null };
      }
      case 'BalanceWrittenOff': {
        const open_items = without(row.open_items, event.data.item_ids);
        // What was carried over is written off with the rest: no longer waiting for a payment.
        return { ...row, open_items, balance_cents: sum(open_items), written_off_cents: row.written_off_cents + event.data.amount_cents, last_movement_at: event.data.at, warned_at: null, carried_over: null };
      }
      case 'DormancyWarned':
        return { ...row, warned_at: event.data.at };
    }
  },
});
