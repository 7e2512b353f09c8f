export function AffiliateReferralPage() {
  return null;
}
