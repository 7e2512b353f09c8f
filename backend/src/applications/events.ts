import type { PaymentType } from '@affilux/contract';
import type { DomainEvent } from '../eventstore/commands';
import type { PersonalFields } from '../eventstore/personalData';
import type { Upcaster } from '../eventstore/upcasting';

export type ApplicationDetails = {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  profile_type: string;
  contact_method: string;
  country: string;
  experience_description: string;
  affiliate_niches: string[];
  traffic_sources: string[];
  terms_accepted: true;
  referred_by: number | null;
};

/** The terms an admin approved an application with. */
export type ApprovalTerms = {
  user_id: string;
  manager_id: string | null;
  payment_type: PaymentType;
  variant_id: string | null;
  /** Integer tenths of a percent (v1 carried the percent as a decimal number). */
  referral_commission_tenths: number;
  /**
   * The affiliate id, only on approvals recorded before v2. Since v2 the id is given when the
   * account opens (accountOpening.ts), so a refused approval never uses one up.
   */
  unique_id?: number;
};

/** Events of `application-<id>`. The applicant's password is hashed at once and never appears here. */
export type ApplicationEvent =
  | DomainEvent<'ApplicationSubmitted', ApplicationDetails & { application_id: string }>
  | DomainEvent<'ApplicationReferrerChanged', { referred_by: number | null }>
  | DomainEvent<'ApplicationApproved', ApprovalTerms>
  /** `address_taken`: an account held the applicant's address by then (a duplicate of an approved application), so nobody was mailed. */
  | DomainEvent<'ApplicationRejected', { address_taken: boolean }>;

export const applicationStream = (applicationId: string) => `application-${applicationId}`;
export const applicationIdOfStream = (streamId: string) => streamId.slice('application-'.length);

export const applicationUpcasters: Upcaster[] = [
  {
    type: 'ApplicationApproved',
    from: 1,
    upcast: ({ referral_commission_rate, ...terms }: Omit<ApprovalTerms, 'referral_commission_tenths'> & { referral_commission_rate: number }) => ({
      ...terms,
      referral_commission_tenths: Math.round(referral_commission_rate * 10),
    }),
  },
  // v1 rejections all mailed the applicant.
  { type: 'ApplicationRejected', from: 1, upcast: () => ({ address_taken: false }) },
];

/** The applicant's identity, contact and own words: kept in `personal_data`, never in the log (eventstore/personalData.ts). */
export const applicationPersonalFields: PersonalFields = {
  ApplicationSubmitted: ['first_name', 'last_name', 'username', 'email', 'contact_method', 'experience_description'],
};
