import { invoiceFileName, type AffiliatePayment, type AffiliatePaymentsData, type PaymentExplanation } from '@affilux/contract';
import { api, apiBlob, saveFile } from '../api/client';

const payment = (id: string) => `/affiliate/account/payments/${encodeURIComponent(id)}`;

/** The payments calls of the affiliate area (spec: GET /affiliate/account/payments...). */
export const paymentsApi = {
  load: (signal?: AbortSignal) => api<AffiliatePaymentsData>('/affiliate/account/payments', { signal }),
  explanation: (id: string, signal?: AbortSignal) => api<PaymentExplanation>(payment(id), { signal }),
  /** The invoice PDF, saved under the affiliate's id and the week label. */
  async downloadInvoice(row: Pick<AffiliatePayment, 'id' | 'week_label'>, uniqueId: number): Promise<void> {
    const pdf = await apiBlob(`${payment(row.id)}/download-invoice`);
    saveFile(pdf, invoiceFileName(uniqueId, row.week_label));
  },
};
