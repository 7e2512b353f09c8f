export function AffiliationPage() {
  return null;
}
