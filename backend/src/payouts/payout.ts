import { MINIMUM_PAYOUT_CENTS } from '@affilux/contract';
import { deterministicEventId, type Decider } from '../eventstore/commands';
import { AppError, conflict } from '../http/errors';
import type { PayoutEvent, PayoutIssuedData } from './events';

export type Payout =
  | { status: 'none' }
  | {
      status: 'issued' | 'paid' | 'failed'; payout_id: string; user_id: string; total_cents: number;
      invoice: { number: number; sha256: string } | null; creditNote: { number: number; sha256: string } | null;
    };

export type PayoutCommand =
  | { type: 'IssuePayout'; payout: PayoutIssuedData }
  | { type: 'RecordInvoice'; number: number; sha256: string }
  | { type: 'MarkPaid'; at: Date }
  | { type: 'MarkFailed'; reason: string; at: Date }
  | { type: 'RecordCreditNote'; number: number; sha256: string };

export const payoutNotFound = () => new AppError(404, 'Paiement introuvable');
export const ALREADY_FAILED = 'Ce paiement est déjà marqué en échec';
export const INVOICE_PENDING = 'La facture de ce paiement est en cours de préparation : réessayez dans un instant';

function evolve(state: Payout, event: PayoutEvent): Payout {
  switch (event.type) {
    case 'PayoutIssued':
      return { status: 'issued', payout_id: event.data.payout_id, user_id: event.data.user_id, total_cents: event.data.total_cents, invoice: null, creditNote: null };
    case 'InvoiceIssued':
      return state.status === 'none' ? state : { ...state, invoice: { number: event.data.number, sha256: event.data.sha256 } };
    case 'PayoutPaid':
      return state.status === 'none' ? state : { ...state, status: 'paid' };
    case 'PayoutFailed':
      return state.status === 'none' ? state : { ...state, status: 'failed' };
    case 'CreditNoteIssued':
      return state.status === 'none' ? state : { ...state, creditNote: { number: event.data.number, sha256: event.data.sha256 } };
  }
}

function decide(command: PayoutCommand, state: Payout): PayoutEvent[] {
  if (command.type === 'IssuePayout') {
    // The stream is created with "no stream" expected: a second run, a retry or a second server finds it and pays nothing.
    if (state.status !== 'none') return [];
    const { payout } = command;
    if (payout.total_cents < MINIMUM_PAYOUT_CENTS) throw conflict('Le solde est inférieur au minimum de paiement (500,00 EUR)');
    return [{ type: 'PayoutIssued', id: deterministicEventId(payout.payout_id, 'PayoutIssued'), data: payout }];
  }
  if (state.status === 'none') throw payoutNotFound();
  const ids = { payout_id: state.payout_id, user_id: state.user_id };
  switch (command.type) {
    case 'RecordInvoice':
      return state.invoice ? [] : [{ type: 'InvoiceIssued', id: deterministicEventId(state.payout_id, 'InvoiceIssued'), data: { ...ids, number: command.number, sha256: command.sha256 } }];
    case 'MarkPaid':
      return state.status === 'issued' ? [{ type: 'PayoutPaid', id: deterministicEventId(state.payout_id, 'PayoutPaid'), data: { ...ids, paid_at: command.at.toISOString() } }] : [];
    case 'MarkFailed':
      if (state.status === 'failed') throw conflict(ALREADY_FAILED);
      // Its credit note cancels an invoice: a payout fails once it has one (drawn within seconds of the run).
      if (!state.invoice) throw conflict(INVOICE_PENDING);
      return [{ type: 'PayoutFailed', data: { ...ids, reason: command.reason, failed_at: command.at.toISOString() } }];
    case 'RecordCreditNote':
      if (state.status !== 'failed' || !state.invoice) throw conflict('Seul un paiement en échec reçoit un avoir');
      return state.creditNote ? [] : [{ type: 'CreditNoteIssued', id: deterministicEventId(state.payout_id, 'CreditNoteIssued'), data: { ...ids, number: command.number, sha256: command.sha256 } }];
  }
}

/**
 * The one decider of `payout-<user>-<week>` streams: a payout is issued once (at least the minimum),
 * gets its invoice number and hash once, is marked paid by the Wednesday run, and may be reported
 * failed by an admin (the ledger then takes its items back); a failed payout's invoice is then
 * cancelled by a credit note, once.
 */
export const payoutDecider: Decider<PayoutCommand, PayoutEvent, Payout> = { initialState: () => ({ status: 'none' }), evolve, decide };
