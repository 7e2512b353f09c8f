/** Affiliate ids (and the referral codes that name them) are always shown on 5 digits. Free of imports, shared with both front ends. */
export const formatAffiliateId = (id: number): string => String(id).padStart(5, '0');
