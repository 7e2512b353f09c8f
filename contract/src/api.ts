import type { PaymentType } from './vocabulary';
import type { Role } from './roles';

/** The user object of the API (spec: User), as GET /auth/me and the back office answer it. */
export type ApiUser = {
  id: string;
  /** Affiliates only; always shown padded to 5 digits. */
  unique_id: number | null;
  role: Role;
  first_name: string;
  last_name: string;
  username: string | null;
  email: string;
  email_verified: boolean;
  contact_method: string | null;
  country: string | null;
  is_frozen: boolean;
  payment_type: PaymentType;
  variant_id: string | null;
  manager_id: string | null;
  referred_by: number | null;
  /** Percent, one decimal (kept as integer tenths inside). */
  referral_commission_rate: number;
  created_at: string;
  last_connection: string | null;
};

export type ApplicationStatus = 'pending' | 'approved' | 'rejected';

/** An application as GET /applications answers it (spec: Application). */
export type ApplicationView = {
  id: string;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  country: string;
  contact_method: string;
  profile_type: string;
  experience_description: string;
  traffic_sources: string[];
  status: ApplicationStatus;
  created_at: string;
  processed_at: string | null;
  referred_by: number | null;
  referrer_name: string | null;
  referrer_unique_id: number | null;
  /** The affiliate id of the account an approval opened. */
  unique_id: number | null;
};

/** A manager: a contact person, not a login. */
/** `revision`: the record's version; a save sends it back as `expected_revision` and is refused (409) if someone changed the record since. */
export type ManagerView = { id: string; nom: string; telegram: string | null; mail: string | null; created_at: string; revision: number };
export type ManagerContact = { nom: string; telegram: string | null; mail: string | null };

export type VariantTierView = { tier_level: number; min_sales: number; max_sales: number | null; amount: string };
/** A payment variant; amounts as decimal strings ('20.00'). */
export type VariantView = { id: string; name: string; base_amount: string; is_evolutionary: boolean; tiers: VariantTierView[] };

/** Every error answer. `code` is present for the messages of SERVER_MESSAGES. */
export type ErrorBody = { message: string; code?: string; errors?: { field: string; msg: string }[] };
