import type { DomainEvent } from '../eventstore/commands';

/** Events of a user's stream, `user-<id>`. Secrets never appear here: only the fact that they changed. */
export type AccountEvent =
  | DomainEvent<'AdminAccountCreated', { user_id: string; email: string; first_name: string; last_name: string }>
  | DomainEvent<
      'AffiliateAccountOpened',
      {
        user_id: string;
        application_id: string;
        unique_id: number;
        email: string;
        first_name: string;
        last_name: string;
        username: string;
        contact_method: string;
        country: string;
      }
    >
  | DomainEvent<'PaymentSettingsChanged', { payment_type: PaymentType; variant_id: string | null }>
  | DomainEvent<'ManagerAssigned', { manager_id: string | null }>
  | DomainEvent<'ReferrerAssigned', { referred_by: number | null }>
  | DomainEvent<'ReferralCommissionRateChanged', { referral_commission_rate: number }>
  | DomainEvent<'ProfileUpdated', { first_name: string; last_name: string; username: string; contact_method: string; country: string }>
  | DomainEvent<'EmailChanged', { email: string; previous_email: string }>
  | DomainEvent<'EmailVerified', { email: string }>
  | DomainEvent<'PasswordChanged', { reason: 'change' | 'reset' }>
  | DomainEvent<'AccountFrozen', Record<string, never>>
  | DomainEvent<'AccountUnfrozen', Record<string, never>>
  | DomainEvent<'SignedIn', Record<string, never>>;

export type PaymentType = 'ppt' | 'sale';

export const userStream = (userId: string) => `user-${userId}`;
export const signInStream = (userId: string) => `signins-${userId}`;
/** The user id of a `user-<id>` or `signins-<id>` stream. */
export const userIdOfStream = (streamId: string) => streamId.slice(streamId.indexOf('-') + 1);
