import type { PaymentMethodType, PayoutStatus } from '@affilux/contract';
import type { TableDefinition } from '../../processing/processor';
import type { IsoWeek } from '../../time/calendar';
import type { PayoutItem } from '../events';

/**
 * rm_payouts: one row per payout, with the items it paid (its explanation, json: stored as written
 * and read whole; a first run's year of lines per payout made jsonb slow), its invoice and, failed,
 * its credit note.
 */
export const payoutsTable: TableDefinition = {
  name: 'rm_payouts',
  ddl: `CREATE TABLE rm_payouts (
    id                  uuid PRIMARY KEY,
    user_id             uuid        NOT NULL,
    week                text        NOT NULL,
    amount_cents        bigint      NOT NULL,
    carried_in_cents    bigint      NOT NULL,
    items               json        NOT NULL,
    payment_method_type text        NOT NULL,
    status              text        NOT NULL,
    issued_at           timestamptz NOT NULL,
    paid_at             timestamptz,
    failed_at           timestamptz,
    failure_reason      text,
    invoice_number      integer,
    invoice_sha256      text,
    credit_note_number  integer,
    credit_note_sha256  text,
    computed_at         text        NOT NULL
  )`,
  indexes: [
    'CREATE INDEX IF NOT EXISTS rm_payouts_user ON rm_payouts (user_id, issued_at DESC)',
    'CREATE INDEX IF NOT EXISTS rm_payouts_week ON rm_payouts (week)',
  ],
};

export type PayoutRow = {
  id: string;
  user_id: string;
  week: IsoWeek;
  amount_cents: number;
  carried_in_cents: number;
  items: PayoutItem[];
  payment_method_type: PaymentMethodType;
  status: PayoutStatus;
  issued_at: string;
  paid_at: string | null;
  failed_at: string | null;
  failure_reason: string | null;
  invoice_number: number | null;
  invoice_sha256: string | null;
  credit_note_number: number | null;
  credit_note_sha256: string | null;
  computed_at: string;
};

export const PAYOUT_COLUMNS = [
  'id', 'user_id', 'week', 'amount_cents', 'carried_in_cents', 'items', 'payment_method_type', 'status', 'issued_at', 'paid_at', 'failed_at', 'failure_reason',
  'invoice_number', 'invoice_sha256', 'credit_note_number', 'credit_note_sha256', 'computed_at',
] as const satisfies readonly (keyof PayoutRow)[];
