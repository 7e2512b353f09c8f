import type { DomainEvent } from '../eventstore/commands';
import type { PaymentType } from '../accounts/events';

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

/** Events of `application-<id>`. The applicant's password is hashed at once and never appears here. */
export type ApplicationEvent =
  | DomainEvent<'ApplicationSubmitted', ApplicationDetails & { application_id: string }>
  | DomainEvent<'ApplicationReferrerChanged', { referred_by: number | null }>
  | DomainEvent<
      'ApplicationApproved',
      {
        user_id: string;
        unique_id: number;
        manager_id: string | null;
        payment_type: PaymentType;
        variant_id: string | null;
        referral_commission_rate: number;
      }
    >
  | DomainEvent<'ApplicationRejected', Record<string, never>>;

export const applicationStream = (applicationId: string) => `application-${applicationId}`;
