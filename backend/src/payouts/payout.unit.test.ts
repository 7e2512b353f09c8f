import { describe, it } from 'vitest';
import { deciderSpec } from '../../../test/deciderSpec';
import { deterministicEventId } from '../eventstore/commands';
import type { PayoutEvent, PayoutIssuedData } from './events';
import { ALREADY_FAILED, INVOICE_PENDING, payoutDecider } from './payout';

const payout: PayoutIssuedData = {
  payout_id: 'p1', user_id: 'u1', week: '2026-W46', item_ids: ['i45', 'i46'], lines: [], carried_in_cents: 30_000, total_cents: 54_000,
  payment_method_type: 'crypto', payment_method_event_id: 'pm1', computed_at: '12/340', issued_at: '2026-11-18T05:00:00.000Z',
};
const issued: PayoutEvent = { type: 'PayoutIssued', id: deterministicEventId('p1', 'PayoutIssued'), data: payout };
const ids = { payout_id: 'p1', user_id: 'u1' };
const paid: PayoutEvent = { type: 'PayoutPaid', id: deterministicEventId('p1', 'PayoutPaid'), data: { ...ids, paid_at: '2026-11-18T05:00:00.000Z' } };
const invoice: PayoutEvent = { type: 'InvoiceIssued', id: deterministicEventId('p1', 'InvoiceIssued'), data: { ...ids, number: 7, sha256: 'abc' } };
const failed: PayoutEvent = { type: 'PayoutFailed', data: { ...ids, reason: 'Adresse refusée', failed_at: '2026-11-19T09:00:00.000Z' } };
const { given } = deciderSpec(payoutDecider);

describe('a payout of an affiliate and a week', () => {
  it('is issued once', () => {
    given().when({ type: 'IssuePayout', payout }).then([issued]);
    given(issued).when({ type: 'IssuePayout', payout }).then([]);
  });

  it('is never issued below the 500.00 EUR minimum', () => {
    given().when({ type: 'IssuePayout', payout: { ...payout, total_cents: 49_999 } }).thenThrows(409, 'Le solde est inférieur au minimum de paiement (500,00 EUR)');
  });

  it('gets its invoice number and hash once', () => {
    given(issued).when({ type: 'RecordInvoice', number: 7, sha256: 'abc' }).then([invoice]);
    given(issued, invoice).when({ type: 'RecordInvoice', number: 8, sha256: 'def' }).then([]);
  });

  it('is marked paid by the Wednesday run, once', () => {
    given(issued).when({ type: 'MarkPaid', at: new Date('2026-11-18T05:00:00Z') }).then([paid]);
    given(issued, paid).when({ type: 'MarkPaid', at: new Date('2026-11-18T06:00:00Z') }).then([]);
  });

  it('may be reported failed by an admin, paid or not, once; a failed payout is not marked paid', () => {
    given(issued, invoice, paid).when({ type: 'MarkFailed', reason: 'Adresse refusée', at: new Date('2026-11-19T09:00:00Z') }).then([failed]);
    given(issued, invoice).when({ type: 'MarkFailed', reason: 'Adresse refusée', at: new Date('2026-11-19T09:00:00Z') }).then([failed]);
    given(issued, invoice, paid, failed).when({ type: 'MarkFailed', reason: 'Encore', at: new Date('2026-11-20T09:00:00Z') }).thenThrows(409, ALREADY_FAILED);
    given(issued, invoice, failed).when({ type: 'MarkPaid', at: new Date('2026-11-25T05:00:00Z') }).then([]);
  });

  it('fails only once invoiced, then gets its credit note once; no other payout gets one', () => {
    const note: PayoutEvent = { type: 'CreditNoteIssued', id: deterministicEventId('p1', 'CreditNoteIssued'), data: { ...ids, number: 1, sha256: 'cn' } };
    given(issued).when({ type: 'MarkFailed', reason: 'Adresse refusée', at: new Date('2026-11-19T09:00:00Z') }).thenThrows(409, INVOICE_PENDING);
    given(issued, invoice, failed).when({ type: 'RecordCreditNote', number: 1, sha256: 'cn' }).then([note]);
    given(issued, invoice, failed, note).when({ type: 'RecordCreditNote', number: 2, sha256: 'other' }).then([]);
    given(issued, invoice, paid).when({ type: 'RecordCreditNote', number: 1, sha256: 'cn' }).thenThrows(409, 'Seul un paiement en échec reçoit un avoir');
  });

  it('that does not exist cannot be marked, invoiced or failed', () => {
    given().when({ type: 'MarkFailed', reason: 'x', at: new Date() }).thenThrows(404, 'Paiement introuvable');
    given().when({ type: 'MarkPaid', at: new Date() }).thenThrows(404, 'Paiement introuvable');
    given().when({ type: 'RecordInvoice', number: 1, sha256: 'a' }).thenThrows(404, 'Paiement introuvable');
  });
});
