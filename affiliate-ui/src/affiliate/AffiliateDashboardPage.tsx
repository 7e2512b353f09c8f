export function AffiliateDashboardPage() {
  return null;
}
