/**
 * Weekly payouts as both front ends show them: the answers of the payments calls (amounts are
 * decimal strings, '1234.50') and the display rules of the specs (amounts in EUR, French format;
 * the payment reference on 4 digits; the invoice's file name).
 */
import { formatAffiliateId, formatPaymentReference } from './ids';
import { centsToDecimal, decimalToCents, withVisibleGrouping } from './money';
import type { PaymentMethodType } from './paymentMethod';

/** issued: the invoice exists and the transfer is on its way; paid: sent (the Wednesday run); failed: an admin reported it failed (the amount is back in the balance). */
export const PAYOUT_STATUSES = ['issued', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Why a week's run did not pay an affiliate: its balance is under 500.00 EUR, it has no payment method, or its account is frozen. */
export const CARRY_OVER_REASONS = ['below_minimum', 'no_payment_method', 'account_frozen'] as const;
export type CarryOverReason = (typeof CARRY_OVER_REASONS)[number];

/** One payout in the affiliate's history (GET /affiliate/account/payments). */
export type AffiliatePayment = {
  id: string;
  payment_date: string | null;
  amount: string;
  /** The ISO week paid ('2026-W14'); null for a payment outside the weekly run. */
  week_label: string | null;
  payment_method_type: PaymentMethodType | null;
  /** The invoice number (shown on 4 digits); null until the invoice is issued. */
  reference: number | null;
  status?: PayoutStatus;
  /** A failed payout's credit note, which cancels its invoice (its number, shown as AV-0001); null until issued, and for any other payout. */
  credit_note?: number | null;
};

/** GET /affiliate/account/payments. */
export type AffiliatePaymentsData = {
  /** Earnings since Monday (Europe/Paris). */
  thisWeekEarnings: string;
  unpaidBalance: string;
  lastPaymentAmount: string | null;
  lastPaymentDate: string | null;
  payments: AffiliatePayment[];
  /** The last run kept the balance for later, and why (absent or null: it did not). */
  carriedOver?: { week: string; reason: CarryOverReason } | null;
  /**
   * Earned in weeks that have ended but are not closed yet (from Monday to Tuesday's close): in no
   * balance until the close adds them (absent or null: none).
   */
  awaitingClose?: { weeks: string[]; amount: string } | null;
  /** Whether a payment method is recorded: without one, a balance over the minimum is carried over, not paid. */
  hasPaymentMethod?: boolean;
  /** The balance was warned as idle (day 60): its last movement, and the first day it may be written off without one (absent or null: not warned). */
  dormancy?: { lastMovementOn: string; writeOffFrom: string } | null;
  /** The last write-off of the balance, while not reinstated (absent or null: none standing). */
  writtenOff?: { amount: string; on: string } | null;
};

/** What a ledger item comes from. */
export const LEDGER_ITEM_KINDS = ['week', 'correction', 'referral', 'adjustment', 'reinstatement'] as const;
export type LedgerItemKind = (typeof LEDGER_ITEM_KINDS)[number];

/** One line of a week's earnings (or of a correction: the differences): an offer, the paid kind, a tier and its rate. */
export type EarningsLine = {
  offer_id: string | null;
  offer_name: string | null;
  kind: 'essay' | 'bill';
  /** null: a fixed rate (standard or a fixed variant). */
  tier_level: number | null;
  /** Cents per conversion as a decimal string. */
  rate: string;
  variant_id: string | null;
  variant_name: string | null;
  variant_version: number | null;
  count: number;
  amount: string;
};

/** What a line calls its offer: figures sent without an offer (globals) have none; an offer deleted before the week closed has lost its name. */
export const lineOfferName = (line: Pick<EarningsLine, 'offer_id' | 'offer_name'>, words: { noOffer: string; deletedOffer: string }): string =>
  line.offer_id ? (line.offer_name ?? words.deletedOffer) : words.noOffer;

/** A referral commission: the referred affiliate's week total (or correction) times the rate, rounded half-up to the cent once. */
export type ReferralLine = {
  referred_unique_id: number;
  referred_name: string | null;
  week: string;
  base: string;
  /** Percent, one decimal. */
  rate: number;
  amount: string;
  /** base x rate before rounding, to the thousandth of a cent ('123.45678'): the rounding is part of the line. */
  exact?: string;
};

export type PaymentItem = {
  id: string;
  kind: LedgerItemKind;
  /** The week the item belongs to (a correction: the corrected week). */
  week: string | null;
  /** A correction's cause ('2026-W14 : +2 ventes, palier 2 → 3, +45,00 EUR'), an adjustment's reason. */
  label: string;
  amount: string;
  lines: EarningsLine[];
  referral?: ReferralLine | null;
};

/** GET /affiliate/account/payments/{id}: every line behind a payout. */
export type PaymentExplanation = AffiliatePayment & {
  /** The week's Monday and Sunday (YYYY-MM-DD). */
  week_start?: string | null;
  week_end?: string | null;
  /** Balance from earlier weeks paid with this one (may be negative). */
  carried_in: string;
  items: PaymentItem[];
  total: string;
  failure_reason?: string | null;
};

/** GET /admin/payments/stats. */
export type PaymentStats = { totalEarnings: string; totalPaid: string; unpaidBalance: string; monthlyPaid: string };

/** A row of GET /admin/payments/history. */
export type PaymentHistoryRow = {
  id: string;
  user_id?: string;
  first_name: string;
  last_name: string;
  email: string;
  unique_id: number;
  amount: string;
  payment_method_type: PaymentMethodType | null;
  week_label: string | null;
  payment_date: string | null;
  status: PayoutStatus;
  reference: number | null;
  failure_reason?: string | null;
  /** A failed payout's credit note (AV-0001), as for the affiliate. */
  credit_note?: number | null;
};

/** One affiliate in a run preview: paid, or carried over and why. */
export type PayoutPreviewRow = {
  user_id: string;
  unique_id: number;
  first_name: string;
  last_name: string;
  amount: string;
  payment_method_type: PaymentMethodType | null;
  reason?: CarryOverReason | null;
};

/**
 * GET /admin/payments/preview?week=: what a run would do; records nothing. `weeksToClose`: the
 * affiliate-weeks whose close is due but not done yet; the run closes them first, and the preview
 * counts what they will post.
 */
export type PayoutPreview = { week: string; payouts: PayoutPreviewRow[]; carriedOver: PayoutPreviewRow[]; total: string; weeksToClose: number };

/** A balance written off after 90 days without movement, which an admin may reinstate. */
export type WrittenOffBalance = {
  id: string;
  user_id: string;
  unique_id: number;
  first_name: string;
  last_name: string;
  amount: string;
  reason: string;
  written_off_at: string;
  reinstated_at: string | null;
};

const eurosFr = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** Amounts are shown in EUR with 2 decimals, French format, whatever the interface language ('1234.5' -> '1 234,50 €'). */
export const formatEuros = (amount: string | number | null | undefined): string => withVisibleGrouping(eurosFr.format(Number(amount ?? 0)));

/** The amount with its sign, for lines that move a balance ('+45,00 €', '-12,00 €'). */
export const formatSignedEuros = (amount: string | number): string => {
  const value = Number(amount);
  return withVisibleGrouping(value > 0 ? `+${eurosFr.format(value)}` : eurosFr.format(value));
};

/** A week label that never splits across lines (2026‑W47, with a non-breaking hyphen). */
export const unbreakableWeek = (week: string): string => week.replace('-', '\u2011');

/** The 4-digit payment reference, '-' until there is one. */
export const paymentReferenceText = (reference: number | null | undefined): string => (reference == null ? '-' : formatPaymentReference(reference));

/** What names a payment's period: its week label, else the screen's word for none ('-' for the affiliate, 'Manuel' in the back office). */
export const weekLabelOr = (label: string | null | undefined, none: string): string => (label && label.trim() ? label.trim() : none);

/**
 * The invoice's file name (specs): the affiliate id and the week label, each slash and space of the
 * label replaced by a dash, 'Manuel' when there is no label; the back office starts it with 'receipt'.
 * `00042_2026-W14.pdf`, `receipt_00042_Manuel.pdf`.
 */
export function invoiceFileName(uniqueId: number, weekLabel: string | null | undefined, prefix?: 'receipt'): string {
  const label = weekLabelOr(weekLabel, 'Manuel').replace(/[/\\\s]/g, '-');
  return [prefix, formatAffiliateId(uniqueId), label].filter(Boolean).join('_') + '.pdf';
}

/** A credit note's number as printed: 'AV-0001' (its own gapless sequence, apart from the invoices'). */
export const creditNoteReferenceText = (number: number): string => `AV-${formatPaymentReference(number)}`;

/** A credit note's file name: the invoice's, starting with 'avoir' (`avoir_00042_2026-W14.pdf`). */
export const creditNoteFileName = (uniqueId: number, weekLabel: string | null | undefined): string => `avoir_${invoiceFileName(uniqueId, weekLabel)}`;

/** A percentage with one decimal, written French style in both languages like the amounts beside it ('12,5 %'). */
export function formatPercent(percent: number): string {
  return `${percent.toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}\u00a0%`;
}

/** How far a balance is from the payout minimum: 0 when it reaches it. */
export function missingForPayout(balance: string, minimumCents: number): string {
  return centsToDecimal(Math.max(0, minimumCents - (decimalToCents(balance) ?? 0)));
}
