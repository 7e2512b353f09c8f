import type { PaymentMethodType, PaymentType } from '@affilux/contract';
import type { DomainEvent } from '../eventstore/commands';
import type { PersonalFields } from '../eventstore/personalData';
import type { Upcaster } from '../eventstore/upcasting';

/**
 * Events of a user's stream, `user-<id>`. Secrets never appear here: only the fact that they changed.
 * Names, email addresses and contact details are kept out of the log (accountPersonalFields).
 */
export type AccountEvent =
  | DomainEvent<'AdminAccountCreated', { user_id: string; email: string; first_name: string; last_name: string }>
  /** An auditor invited by an admin: the same facts an admin's creation records (who invited is the event's actor). */
  | DomainEvent<'AuditorAccountCreated', { user_id: string; email: string; first_name: string; last_name: string }>
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
  /** v2: the rate in integer tenths of a percent (v1 carried the percent as a decimal number). */
  | DomainEvent<'ReferralCommissionRateChanged', { referral_commission_tenths: number }>
  | DomainEvent<'ProfileUpdated', { first_name: string; last_name: string; username: string; contact_method: string; country: string }>
  | DomainEvent<'EmailChanged', { email: string; previous_email: string }>
  | DomainEvent<'EmailVerified', { email: string }>
  | DomainEvent<'PasswordChanged', { reason: 'change' | 'reset' }>
  | DomainEvent<'AccountFrozen', Record<string, never>>
  | DomainEvent<'AccountUnfrozen', Record<string, never>>
  /**
   * The payment method's details (wallet, IBAN, company, address) are personal and must stay
   * erasable: they live in the `payment_methods` table (accounts/paymentMethods.ts), whose row
   * names this event's id; the log only says that the method changed and its type.
   */
  | DomainEvent<'PaymentMethodChanged', { type: PaymentMethodType }>
  | DomainEvent<'PaymentMethodRemoved', Record<string, never>>;

export type AccountEventType = AccountEvent['type'];

export const userStream = (userId: string) => `user-${userId}`;
/** The user id of a `user-<id>` stream. */
export const userIdOfStream = (streamId: string) => streamId.slice(streamId.indexOf('-') + 1);

export const accountUpcasters: Upcaster[] = [
  {
    type: 'ReferralCommissionRateChanged',
    from: 1,
    upcast: (data: { referral_commission_rate: number }) => ({ referral_commission_tenths: Math.round(data.referral_commission_rate * 10) }),
  },
];

/** What a person could be recognised by: kept in `personal_data`, never in the log (eventstore/personalData.ts). */
export const accountPersonalFields: PersonalFields = {
  AdminAccountCreated: ['email', 'first_name', 'last_name'],
  AuditorAccountCreated: ['email', 'first_name', 'last_name'],
  AffiliateAccountOpened: ['email', 'first_name', 'last_name', 'username', 'contact_method'],
  ProfileUpdated: ['first_name', 'last_name', 'username', 'contact_method'],
  EmailChanged: ['email', 'previous_email'],
  EmailVerified: ['email'],
};
