export function AffiliateAccountPage() {
  return null;
}
