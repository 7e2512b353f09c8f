import type { GlobalStats, TopAffiliate } from '@affilux/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { useStatsApi } from '../statistics/statsApi';

const NONE = { click: 0, registered: 0, emailVerified: 0, essay: 0, bill: 0 };
/** What the dashboard shows when the global statistics cannot be loaded (spec: zeros and empty 30-day data). */
export const ZERO_GLOBAL_STATS: GlobalStats = {
  today: '',
  overview: { totalAffiliates: 0, activeAffiliates: 0, inactiveAffiliates: 0, newAffiliatesThisMonth: 0, totalEssays: 0, conversionsThisMonth: 0 },
  performance: { today: NONE, yesterday: NONE, month: NONE },
  revenue: { today: '0.00', yesterday: '0.00', month: '0.00', total: '0.00' },
  charts: { last30Days: [] },
};

/**
 * The dashboard's two calls (global stats, the month's top 10) with the spec's toasts: each failure
 * of the first load says what failed; the refresh button says it is loading, then that it worked or
 * 'Erreur lors de l'actualisation'.
 */
export const useDashboardStats = () => {
  const { getGlobalStats, getTopAffiliates } = useStatsApi();
  const notify = useNotify();
  const [global, setGlobal] = useState<GlobalStats | null>(null);
  const [top, setTop] = useState<TopAffiliate[] | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const started = useRef(false);

  const load = useCallback(async () => {
    const [globalAnswer, topAnswer] = await Promise.allSettled([getGlobalStats(), getTopAffiliates()]);
    setGlobal(globalAnswer.status === 'fulfilled' ? globalAnswer.value : ZERO_GLOBAL_STATS);
    setTop(topAnswer.status === 'fulfilled' ? topAnswer.value : []);
    return { globalFailed: globalAnswer.status === 'rejected', topFailed: topAnswer.status === 'rejected' };
  }, [getGlobalStats, getTopAffiliates]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void load().then(({ globalFailed, topFailed }) => {
      if (globalFailed) notify('app.statistics.load_error', { type: 'error' });
      if (topFailed) notify('app.statistics.top_load_error', { type: 'error' });
    });
  }, [load, notify]);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    // Short-lived: toasts queue, and the outcome's would otherwise wait for this one's 4 seconds.
    notify('app.statistics.refreshing', { type: 'info', autoHideDuration: 1000 });
    const { globalFailed, topFailed } = await load();
    setRefreshing(false);
    notify(globalFailed || topFailed ? 'app.statistics.refresh_error' : 'app.statistics.refreshed', { type: globalFailed || topFailed ? 'error' : 'success' });
  }, [load, notify]);

  return { global, top, refresh, refreshing };
};
