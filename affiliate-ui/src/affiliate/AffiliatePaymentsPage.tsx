export function AffiliatePaymentsPage() {
  return null;
}
