import type { Feature } from '../feature';
import { bulkRevenuesApi, statisticsApi } from './api';
import { emailVerificationsProjection } from './emailVerifications/projection';
import { statOffersProjection } from './statOffers/projection';

/**
 * Statistics: the affiliate's dashboard and table, the back office's dashboard, top affiliates and
 * user statistics, read from the figures' statistics read models (backend/src/figures/statistics)
 * and two of its own: offers as statistics name them, and the days affiliates verified their email.
 */
export const statistics: Feature = {
  name: 'statistics',
  api: statisticsApi,
  rawBodyApi: bulkRevenuesApi,
  projections: [statOffersProjection, emailVerificationsProjection],
};
