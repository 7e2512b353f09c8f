import type { RecordedEvent } from '../../eventstore/eventStore';
import { rowProjection } from '../../processing/processor';
import type { PayoutEvent } from '../events';
import { PAYOUT_COLUMNS, payoutsTable, type PayoutRow } from './schema';

type Handled = RecordedEvent & PayoutEvent;

/** Payouts as the payments screens list and explain them. */
export const payoutListProjection = rowProjection<PayoutRow, Handled>({
  name: 'payout_list',
  version: 3,
  table: payoutsTable,
  columns: PAYOUT_COLUMNS,
  // A payout's lines never change: invoice, payment, failure and credit note update the row around them.
  insertOnly: ['items'],
  handles: ['PayoutIssued', 'InvoiceIssued', 'PayoutPaid', 'PayoutFailed', 'CreditNoteIssued'],
  rowId: (event) => event.data.payout_id,
  evolve(row, event) {
    if (event.type === 'PayoutIssued') {
      const d = event.data;
      return {
        id: d.payout_id, user_id: d.user_id, week: d.week, amount_cents: d.total_cents, carried_in_cents: d.carried_in_cents, items: d.lines,
        payment_method_type: d.payment_method_type, status: 'issued', issued_at: d.issued_at, paid_at: null, failed_at: null, failure_reason: null,
        invoice_number: null, invoice_sha256: null, credit_note_number: null, credit_note_sha256: null, computed_at: d.computed_at,
      };
    }
    if (!row) return null;
    switch (event.type) {
      case 'InvoiceIssued':
        return { ...row, invoice_number: event.data.number, invoice_sha256: event.data.sha256 };
      case 'PayoutPaid':
        return { ...row, status: 'paid', paid_at: event.data.paid_at };
      case 'PayoutFailed':
        return { ...row, status: 'failed', failed_at: event.data.failed_at, failure_reason: event.data.reason };
      case 'CreditNoteIssued':
        return { ...row, credit_note_number: event.data.number, credit_note_sha256: event.data.sha256 };
    }
  },
});
