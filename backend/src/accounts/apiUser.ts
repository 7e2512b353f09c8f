/**
 * The user object of the API (spec: User), as GET /auth/me and the back office answer it. Free of
 * imports, so both front ends type their session with this very declaration.
 */
export type ApiUser = {
  id: string;
  /** Affiliates only; always shown padded to 5 digits. */
  unique_id: number | null;
  role: 'admin' | 'affiliate';
  first_name: string;
  last_name: string;
  username: string | null;
  email: string;
  email_verified: boolean;
  contact_method: string | null;
  country: string | null;
  is_frozen: boolean;
  payment_type: 'ppt' | 'sale';
  variant_id: string | null;
  manager_id: string | null;
  referred_by: number | null;
  /** Percent, one decimal. */
  referral_commission_rate: number;
  created_at: string;
  last_connection: string | null;
};
