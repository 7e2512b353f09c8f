import { centsToDecimal, decimalToCents, formatAffiliateId, paymentReferenceText, type PaymentHistoryRow } from '@affilux/contract';

/** What the search box matches: the affiliate's name, email and 5-digit id, the period, the reference. */
export const matchesPayment = (row: PaymentHistoryRow, query: string): boolean => {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const text = [row.first_name, row.last_name, row.email, formatAffiliateId(row.unique_id), row.week_label ?? 'manuel', paymentReferenceText(row.reference)].join(' ').toLowerCase();
  return words.every((word) => text.includes(word));
};

/** The shown rows' count and total (cents added, no floating point). */
export const footerTotal = (rows: PaymentHistoryRow[]): string => centsToDecimal(rows.reduce((sum, row) => sum + (decimalToCents(row.amount) ?? 0), 0));
