import { creditNoteFileName, invoiceFileName, type AffiliatePayment, type AffiliatePaymentsData, type PaymentExplanation } from '@affilux/contract';
import { api, apiBlob, saveFile } from '../api/client';

const payment = (id: string) => `/affiliate/account/payments/${encodeURIComponent(id)}`;

/** A payout's PDFs: its invoice, and the credit note that cancels it once the payout failed. */
export type PaymentDocument = 'invoice' | 'creditNote';

/** Each document's route under the payment, and its file name from the affiliate's id and the week label. */
const DOCUMENTS: Record<PaymentDocument, { path: string; fileName: (uniqueId: number, weekLabel: string | null) => string }> = {
  invoice: { path: 'download-invoice', fileName: invoiceFileName },
  creditNote: { path: 'download-credit-note', fileName: creditNoteFileName },
};

/** The payments calls of the affiliate area (spec: GET /affiliate/account/payments...). */
export const paymentsApi = {
  load: (signal?: AbortSignal) => api<AffiliatePaymentsData>('/affiliate/account/payments', { signal }),
  explanation: (id: string, signal?: AbortSignal) => api<PaymentExplanation>(payment(id), { signal }),
  /** The document's PDF, saved under the affiliate's id and the week label. */
  async downloadDocument(row: Pick<AffiliatePayment, 'id' | 'week_label'>, document: PaymentDocument, uniqueId: number): Promise<void> {
    const pdf = await apiBlob(`${payment(row.id)}/${DOCUMENTS[document].path}`);
    saveFile(pdf, DOCUMENTS[document].fileName(uniqueId, row.week_label));
  },
};
