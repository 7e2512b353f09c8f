/** Shapes of the /api/v1 answers the back office reads (see the API contract). */

export type { ApiUser as User } from '../../backend/src/accounts/apiUser';
export type { ApplicationStatus, ApplicationView as Application } from '../../backend/src/applications/applicationView';
import type { ApplicationStatus, ApplicationView } from '../../backend/src/applications/applicationView';
export type PaymentType = 'ppt' | 'sale';

export type ApplicationCounts = Record<'all' | ApplicationStatus, number>;

export interface Manager {
  id: string;
  nom: string;
  telegram: string | null;
  mail: string | null;
  created_at: string;
}

export interface VariantTier {
  tier_level: number;
  min_sales: number;
  max_sales: number | null;
  amount: string;
}

export interface Variant {
  id: string;
  name: string;
  /** Decimal string, e.g. '20.00': money never travels as a float. */
  base_amount: string;
  is_evolutionary: boolean;
  tiers: VariantTier[];
}

export type PaymentVariants = Record<PaymentType, Variant[]>;

export interface ApproveApplicationPayload {
  manager_id: string | null;
  payment_type: PaymentType;
  variant_id: string | null;
  /** Sent only when above 0. */
  referral_commission_rate?: number;
}

export interface ServerMessage {
  message: string;
}

export interface ApproveApplicationResult extends ServerMessage {
  user_id: string;
  unique_id: number;
}

export interface UpdateReferralResult extends ServerMessage {
  application: ApplicationView;
}
