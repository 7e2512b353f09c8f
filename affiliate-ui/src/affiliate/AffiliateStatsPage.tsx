export function AffiliateStatsPage() {
  return null;
}
