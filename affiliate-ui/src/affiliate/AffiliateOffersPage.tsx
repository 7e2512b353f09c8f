export function AffiliateOffersPage() {
  return null;
}
