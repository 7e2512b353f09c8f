export { StatsPage as AffiliateStatsPage } from '../stats/StatsPage';
