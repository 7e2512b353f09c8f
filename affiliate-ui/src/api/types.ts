/** The user object returned by GET /auth/me, POST /auth/login and the profile calls (API contract). */
export interface User {
  id: string;
  /** Affiliates only; always displayed zero-padded to 5 digits (see formatAffiliateId). */
  unique_id: number | null;
  role: 'admin' | 'affiliate';
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  email_verified: boolean;
  contact_method: string;
  country: string;
  is_frozen: boolean;
  payment_type: 'ppt' | 'sale';
  variant_id: string | null;
  manager_id: string | null;
  referred_by: number | null;
  referral_commission_rate: number;
  created_at: string;
  last_connection: string | null;
}

/** A server answer that only carries a human-readable message. */
export interface MessageResponse {
  message: string;
}

/** GET /affiliate/account/manager */
export interface ManagerResponse {
  hasManager: boolean;
  manager: { nom: string; telegram: string; mail: string } | null;
}

/** The spec shows every affiliate ID padded to 5 digits. */
export function formatAffiliateId(uniqueId: number | null | undefined): string {
  return uniqueId == null ? '-' : String(uniqueId).padStart(5, '0');
}
