import type { CarryOverReason, LedgerItemKind } from '@affilux/contract';
import type { TableDefinition } from '../../processing/processor';
import type { IsoWeek } from '../../time/calendar';

/** rm_ledger_balances: each affiliate's balance (its open items), what it earned, and where its dormancy stands. */
export const balancesTable: TableDefinition = {
  name: 'rm_ledger_balances',
  ddl: `CREATE TABLE rm_ledger_balances (
    id                uuid PRIMARY KEY,
    balance_cents     bigint      NOT NULL,
    open_items        jsonb       NOT NULL,
    earned_cents      bigint      NOT NULL,
    written_off_cents bigint      NOT NULL,
    last_movement_at  timestamptz,
    warned_at         timestamptz,
    carried_over      jsonb
  )`,
  indexes: [
    'CREATE INDEX IF NOT EXISTS rm_ledger_balances_open ON rm_ledger_balances (last_movement_at) WHERE balance_cents <> 0',
  ],
};

export type OpenItem = { kind: LedgerItemKind; amount_cents: number; week: IsoWeek | null };

export type BalanceRow = {
  /** The affiliate's user id. */
  id: string;
  balance_cents: number;
  open_items: Record<string, OpenItem>;
  /** Week earnings, corrections and referral commissions ever posted. */
  earned_cents: number;
  written_off_cents: number;
  last_movement_at: string | null;
  warned_at: string | null;
  /** The last run that kept the balance for later, and why; cleared when a payout settles. */
  carried_over: { week: IsoWeek; reason: CarryOverReason; balance_cents: number } | null;
};

export const BALANCE_COLUMNS = ['id', 'balance_cents', 'open_items', 'earned_cents', 'written_off_cents', 'last_movement_at', 'warned_at', 'carried_over'] as const satisfies readonly (keyof BalanceRow)[];
