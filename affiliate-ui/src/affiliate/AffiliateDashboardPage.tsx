export { DashboardPage as AffiliateDashboardPage } from '../stats/DashboardPage';
