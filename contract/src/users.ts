import type { ApiUser, ManagerContact, VariantTierView } from './api';
import type { PaymentMethodDetails } from './paymentMethod';
import type { PaymentType } from './vocabulary';

/** The payment method of GET /admin/users/{id}/payment-method and GET /affiliate/account/payment-method. */
export type PaymentMethodView = PaymentMethodDetails & { updated_at: string };

export type PaymentMethodAnswer = { hasPaymentMethod: boolean; paymentMethod: PaymentMethodView | null };

/**
 * One period of an affiliate's rate settings (spec: Variation history entry), as it was: the
 * variant's name and amounts of the version then in force, or the standard rate of the payment
 * type when there was no variant. `end_date` null: the current period.
 */
export type VariationHistoryEntry = {
  id: string;
  payment_type: PaymentType;
  /** True when the affiliate had no variant: paid the network's standard rate of its payment type. */
  standard: boolean;
  variant_id: string | null;
  /** 1 = the variant as created, then one per edit. */
  variant_version: number | null;
  variant_name: string | null;
  /** Decimal string ('20.00'); null only for a variant the log never defined. */
  base_amount: string | null;
  is_evolutionary: boolean;
  tiers: VariantTierView[];
  start_date: string;
  end_date: string | null;
};

/** GET /admin/users/{id}/referral-info. */
export type ReferralInfo = {
  referrer: { name: string; unique_id: number } | null;
  referredUsers: { id: string; name: string; unique_id: number; created_at: string }[];
};

/** GET /admin/users/{id}: the user record, its manager and the rate in force. */
export type AdminUserDetail = ApiUser & {
  password_changed_at: string | null;
  /** The assigned manager's contact (null: none, or a manager since deleted). */
  manager: ManagerContact | null;
  current_rate: VariationHistoryEntry | null;
};
