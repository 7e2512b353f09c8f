import {
  centsToDecimal, tenthsToPercent, type AffiliatePayment, type EarningsLine, type PaymentExplanation, type PaymentHistoryRow, type PaymentItem,
} from '@affilux/contract';
import type pg from 'pg';
import { daysOfWeek } from '../time/calendar';
import type { LedgerLine, PayoutItem } from './events';
import type { PayoutWithAffiliate } from './payoutList/queries';
import type { PayoutRow } from './payoutList/schema';

/** A payout as the payments lists show it (amounts as decimal strings, the invoice number as the reference). */
export function toAffiliatePayment(row: PayoutRow): AffiliatePayment {
  return {
    id: row.id,
    payment_date: row.paid_at ?? row.issued_at,
    amount: centsToDecimal(row.amount_cents),
    week_label: row.week,
    payment_method_type: row.payment_method_type,
    reference: row.invoice_number,
    status: row.status,
    credit_note: row.credit_note_number,
  };
}

export function toHistoryRow(row: PayoutWithAffiliate): PaymentHistoryRow {
  return {
    ...toAffiliatePayment(row),
    user_id: row.user_id, first_name: row.first_name, last_name: row.last_name, email: row.email, unique_id: row.unique_id,
    status: row.status, reference: row.invoice_number, failure_reason: row.failure_reason,
  };
}

const toLine = (line: LedgerLine): EarningsLine => ({
  offer_id: line.offer_id || null,
  offer_name: line.offer_name,
  kind: line.paid_kind,
  tier_level: line.tier_level,
  rate: centsToDecimal(line.rate_cents),
  variant_id: line.variant_id,
  variant_name: line.variant_name,
  variant_version: line.variant_version,
  count: line.count,
  amount: centsToDecimal(line.amount_cents),
});

function toItem(item: PayoutItem, names: Map<number, string>): PaymentItem {
  const { source } = item;
  return {
    id: item.item_id,
    kind: item.kind,
    week: item.week,
    label: item.label,
    amount: centsToDecimal(item.amount_cents),
    lines: item.lines.map(toLine),
    referral:
      source.type === 'referral'
        ? {
            referred_unique_id: source.referred_unique_id,
            referred_name: names.get(source.referred_unique_id) ?? null,
            week: item.week ?? '',
            base: centsToDecimal(source.base_cents),
            rate: tenthsToPercent(source.rate_tenths),
            amount: centsToDecimal(source.rounded_cents),
            exact: (source.exact_thousandths / 100_000).toFixed(5),
          }
        : null,
  };
}

/** Every line behind a payout: its items (weeks, corrections, referral commissions, adjustments) down to offers, tiers, rates and variant versions. */
export async function toExplanation(pool: pg.Pool, row: PayoutRow): Promise<PaymentExplanation> {
  const referred = [...new Set(row.items.flatMap((i) => (i.source.type === 'referral' ? [i.source.referred_unique_id] : [])))];
  const { rows } = referred.length
    ? await pool.query<{ unique_id: number; name: string }>("SELECT unique_id, first_name || ' ' || last_name AS name FROM rm_users WHERE unique_id = ANY($1::int[])", [referred])
    : { rows: [] };
  const names = new Map(rows.map((r) => [r.unique_id, r.name]));
  const days = daysOfWeek(row.week);
  return {
    ...toAffiliatePayment(row),
    week_start: days[0]!,
    week_end: days[6]!,
    carried_in: centsToDecimal(row.carried_in_cents),
    items: row.items.map((item) => toItem(item, names)),
    total: centsToDecimal(row.amount_cents),
    failure_reason: row.failure_reason,
  };
}
