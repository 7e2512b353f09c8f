import type { GlobalStats, StatsTableAnswer, TopAffiliate, UserStatistics } from '@affilux/contract';
import { callApi, useGuardedApi } from '../providers/guardedApi';

const statsCalls = {
  getGlobalStats: () => callApi<GlobalStats>('GET', '/admin/stats/global'),
  getTopAffiliates: () => callApi<TopAffiliate[]>('GET', '/admin/stats/top-affiliates?period=month&limit=10'),
  getUserStatistics: (id: string) => callApi<UserStatistics>('GET', `/admin/users/${encodeURIComponent(id)}/statistics`),
  getUserRows: (id: string, query: string) => callApi<StatsTableAnswer>('GET', `/admin/users/${encodeURIComponent(id)}/stats/rows?${query}`),
};

/** The back office's statistics calls (spec: GET /admin/stats/global, top-affiliates, /admin/users/{id}/statistics) and the table's rows. */
export const useStatsApi = () => useGuardedApi(statsCalls);
