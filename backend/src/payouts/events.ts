import type { CarryOverReason, LedgerItemKind, PaymentMethodType } from '@affilux/contract';
import type { WeekLine } from '../earnings/events';
import { deterministicEventId, type DomainEvent } from '../eventstore/commands';
import type { IsoWeek } from '../time/calendar';

/** A line of a week (or of a correction) with the offer it was earned on, as named when it was posted. */
export type LedgerLine = WeekLine & { offer_name: string | null; offer_unique_id: number | null };

/** What a ledger item comes from: the event behind it, and for a referral commission its whole computation. */
export type ItemSource =
  | { type: 'week'; event_id: string }
  | { type: 'correction'; event_id: string }
  | {
      type: 'referral';
      event_id: string;
      referred_user_id: string;
      referred_unique_id: number;
      /** The referred affiliate's week total, or the correction's difference, in cents. */
      base_cents: number;
      rate_tenths: number;
      /** base x rate in thousandths of a cent, before rounding (base_cents x rate_tenths). */
      exact_thousandths: number;
      /** Rounded half-up to the cent, once (EU 1103/97). */
      rounded_cents: number;
    }
  | { type: 'adjustment'; actor_id: string }
  | { type: 'reinstatement'; write_off_id: string };

/** An item a failed payout puts back in the balance. */
export type ReopenedItem = Pick<LedgerItem, 'item_id' | 'kind' | 'amount_cents' | 'week'>;

/** A movement of an affiliate's balance. `week`: the week it belongs to (a correction: the corrected week); null for adjustments and reinstatements. */
export type LedgerItem = {
  item_id: string;
  kind: LedgerItemKind;
  amount_cents: number;
  week: IsoWeek | null;
  label: string;
  source: ItemSource;
  lines: LedgerLine[];
};

/**
 * Events of an affiliate's ledger, `ledger-<user>`: the only things that move its balance. Each
 * carries the user and its time (`at`), which dormancy counts from.
 */
export type LedgerEvent =
  | DomainEvent<'LedgerItemPosted', LedgerItem & { user_id: string; at: string }>
  | DomainEvent<'BalanceCarriedOver', { user_id: string; week: IsoWeek; balance_cents: number; reason: CarryOverReason; at: string }>
  | DomainEvent<'ItemsSettled', { user_id: string; payout_id: string; week: IsoWeek; item_ids: string[]; amount_cents: number; at: string }>
  | DomainEvent<'ItemsReopened', { user_id: string; payout_id: string; items: ReopenedItem[]; amount_cents: number; at: string }>
  | DomainEvent<'BalanceWrittenOff', { user_id: string; write_off_id: string; item_ids: string[]; amount_cents: number; reason: string; last_movement_at: string; at: string }>
  | DomainEvent<'DormancyWarned', { user_id: string; balance_cents: number; last_movement_at: string; write_off_from: string; at: string }>;

/** An item of a payout: the ledger item as it was paid, and whether it had been carried over from an earlier run. */
export type PayoutItem = LedgerItem & { carried: boolean };

export type PayoutIssuedData = {
  payout_id: string;
  user_id: string;
  week: IsoWeek;
  item_ids: string[];
  lines: PayoutItem[];
  /** Items carried over from earlier runs (the balance carried in). */
  carried_in_cents: number;
  total_cents: number;
  payment_method_type: PaymentMethodType;
  /** The PaymentMethodChanged event whose details were snapshotted (payout_payment_methods). */
  payment_method_event_id: string;
  /** The ledger's log position the payout was computed at. */
  computed_at: string;
  issued_at: string;
};

/** Events of a payout, `payout-<user>-<week>`: created once with "no stream" expected. */
export type PayoutEvent =
  | DomainEvent<'PayoutIssued', PayoutIssuedData>
  | DomainEvent<'InvoiceIssued', { payout_id: string; user_id: string; number: number; sha256: string }>
  | DomainEvent<'PayoutPaid', { payout_id: string; user_id: string; paid_at: string }>
  | DomainEvent<'PayoutFailed', { payout_id: string; user_id: string; reason: string; failed_at: string }>
  /** The credit note cancelling a failed payout's invoice: its own gapless sequence, its PDF's SHA-256. */
  | DomainEvent<'CreditNoteIssued', { payout_id: string; user_id: string; number: number; sha256: string }>;

export const ledgerStream = (userId: string) => `ledger-${userId}`;
export const payoutStream = (userId: string, week: IsoWeek) => `payout-${userId}-${week}`;
/** A payout's id follows from its affiliate and week, as its stream does. */
export const payoutIdOf = (userId: string, week: IsoWeek) => deterministicEventId('payout', userId, week);
/** A ledger item's id follows from what caused it, so a reactor running twice posts it once. */
export const itemIdOf = (kind: LedgerItemKind, cause: string) => deterministicEventId('ledger-item', kind, cause);
