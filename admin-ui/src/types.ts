/** Shapes of the /api/v1 answers the back office reads (see the API contract). */

import type { ApplicationStatus, ApplicationView, ManagerView, PaymentType, VariantTierView, VariantView } from '@affilux/contract';

export type { ApiUser as User, ApplicationStatus, ApplicationView as Application, PaymentType } from '@affilux/contract';

export type ApplicationCounts = Record<'all' | ApplicationStatus, number>;

export type Manager = ManagerView;

export type VariantTier = VariantTierView;

export type Variant = VariantView;

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

export interface RejectApplicationResult extends ServerMessage {
  /** False when an account already held the applicant's address: the rejection was recorded without a mail. */
  applicant_mailed: boolean;
}

export interface UpdateReferralResult extends ServerMessage {
  application: ApplicationView;
}
