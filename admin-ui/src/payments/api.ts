import {
  creditNoteFileName,
  invoiceFileName,
  type PaymentHistoryRow,
  type PaymentStats,
  type PayoutPreview,
  type PayoutRunResult,
  type WrittenOffBalance,
} from '@affilux/contract';
import { callApi, useGuardedApi } from '../providers/guardedApi';
import { fetchFile, saveFile } from '../providers/files';
import { API_URL, httpClient } from '../providers/httpClient';
import type { ServerMessage } from '../types';

/** The payments page's query keys start with this; every change refreshes them all. */
export const PAYMENTS_QUERY = 'admin-payments';

const payment = (id: string) => `/admin/payments/${encodeURIComponent(id)}`;

/** A payout's PDFs: its invoice, and the credit note that cancels it once the payout failed. */
export type PaymentDocument = 'invoice' | 'credit_note';

type DocumentRow = Pick<PaymentHistoryRow, 'id' | 'unique_id' | 'week_label'>;

/** Each document's route under the payment, and its file name: receipt_<affiliate id>_<week label or Manuel>.pdf, avoir_<affiliate id>_<week label or Manuel>.pdf. */
const DOCUMENTS: Record<PaymentDocument, { path: string; fileName: (row: DocumentRow) => string }> = {
  invoice: { path: 'download-invoice', fileName: (row) => invoiceFileName(row.unique_id, row.week_label, 'receipt') },
  credit_note: { path: 'download-credit-note', fileName: (row) => creditNoteFileName(row.unique_id, row.week_label) },
};

export type HistoryPage = { rows: PaymentHistoryRow[]; total: number; totalAmount: string };

/**
 * GET /admin/payments/history: a page of payouts matching `q` (name, email, affiliate id, week,
 * reference, the payout's own id), newest first; the count from Content-Range, the amount of every match (failed ones
 * left out) from X-Total-Amount.
 */
async function getHistory(q: string, page: number, perPage: number): Promise<HistoryPage> {
  const params = new URLSearchParams({ range: JSON.stringify([page * perPage, page * perPage + perPage - 1]), sort: JSON.stringify(['issued_at', 'DESC']) });
  if (q.trim()) params.set('filter', JSON.stringify({ q: q.trim() }));
  const { json, headers } = await httpClient(`${API_URL}/admin/payments/history?${params.toString()}`);
  const rows = json as PaymentHistoryRow[];
  const total = Number(headers.get('content-range')?.split('/').pop());
  return { rows, total: Number.isFinite(total) ? total : rows.length, totalAmount: headers.get('x-total-amount') ?? '0.00' };
}

export type AdjustmentInput = { user_id: string; amount: string; reason: string };

const paymentCalls = {
  getStats: () => callApi<PaymentStats>('GET', '/admin/payments/stats'),
  getHistory,
  getPreview: (week: string) => callApi<PayoutPreview>('GET', `/admin/payments/preview?week=${encodeURIComponent(week)}`),
  run: (week: string) => callApi<PayoutRunResult>('POST', '/admin/payments/run', { week }),
  /** `key`: the same for a retry of the same adjustment, which the server then records once. */
  adjust: (input: AdjustmentInput, key: string) => callApi<ServerMessage>('POST', '/admin/payments/adjustments', input, { 'Idempotency-Key': key }),
  markFailed: (id: string, reason: string) => callApi<ServerMessage>('POST', `${payment(id)}/failed`, { reason }),
  getWriteOffs: () => callApi<WrittenOffBalance[]>('GET', '/admin/payments/write-offs'),
  reinstate: (id: string) => callApi<ServerMessage>('POST', `/admin/payments/write-offs/${encodeURIComponent(id)}/reinstate`),
  /** The document's PDF, saved under its file name. */
  downloadDocument: async (row: DocumentRow, document: PaymentDocument) => {
    saveFile(await fetchFile(`${payment(row.id)}/${DOCUMENTS[document].path}`), DOCUMENTS[document].fileName(row));
  },
};

export const usePaymentCalls = () => useGuardedApi(paymentCalls);
