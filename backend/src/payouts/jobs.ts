import { closeDueWeeks, openWeeksCurrent, weeksDueAt } from '../earnings/weekClose';
import { PRICING } from '../earnings/pricing';
import type { AppDeps, JobDefinition } from '../feature';
import { reactorsCaughtUp } from '../processing/checkpointWatcher';
import { NETWORK_TIME_ZONE } from '../time/calendar';
import { checkDormancy } from './dormancy';
import { hasOpenItems } from './balances/queries';
import { LEDGER_POSTING } from './ledgerPosting';
import { runPayouts, weekPaidAfter } from './payoutRun';
import { payoutRunStream, weekDueForRun } from './runRecord';

export const PAYOUT_JOBS = { weekClose: 'payouts-week-close', run: 'payouts-run', dormancy: 'payouts-dormancy' } as const;

/**
 * Whether the run of the latest week whose Wednesday 06:00 has passed was missed: there are
 * balances to look at (or weeks to close, whose items the run's own close will post), and no run of
 * that week was recorded. A server down on Wednesday morning makes it when it starts (even on the
 * next Tuesday, after the next close), rather than paying a week late.
 */
async function runMissed(deps: AppDeps, now: Date): Promise<boolean> {
  // What the week's close will post and what earlier closes posted: both current, waited for once.
  await reactorsCaughtUp(deps, [PRICING, LEDGER_POSTING], 'missed payout run check');
  const week = weekDueForRun(now);
  if ((await deps.eventStore.readStream(payoutRunStream(week))).length > 0 || (await weekPaidAfter(deps.pool, week))) return false;
  return (await hasOpenItems(deps.pool)) || (await weeksDueAt(deps.pool, now)).length > 0;
}

/**
 * The money jobs, on the network's time zone (agenda cron): the week close on Tuesday 00:00 (and at
 * start-up when weeks are due, so that a close missed while the server was down is not left until
 * the payout run), the payout run on Wednesday 06:00 for the week closed the day before (and at start-up when
 * that run was missed), the dormancy check
 * every day at 07:00. Each takes its time from the run (the injected clock) and is idempotent.
 */
export const payoutJobs = (deps: AppDeps): JobDefinition[] => [
  {
    name: PAYOUT_JOBS.weekClose,
    handler: async (_data, { now }) => void (await closeDueWeeks(deps, now)),
    options: {
      schedule: { every: '0 0 * * 2', timezone: NETWORK_TIME_ZONE },
      dueAtStart: async ({ now }) => {
        await openWeeksCurrent(deps, 'missed week close check');
        return (await weeksDueAt(deps.pool, now)).length > 0;
      },
    },
  },
  {
    name: PAYOUT_JOBS.run,
    handler: async (_data, { now }) => {
      const week = weekDueForRun(now);
      try {
        await runPayouts(deps, week, now);
      } catch (error) {
        // A later week paid by hand (the run checks under its lock): this week's run would come after it, and is rightly not made.
        if (await weekPaidAfter(deps.pool, week)) return;
        throw error;
      }
    },
    options: { schedule: { every: '0 6 * * 3', timezone: NETWORK_TIME_ZONE }, dueAtStart: ({ now }) => runMissed(deps, now) },
  },
  {
    name: PAYOUT_JOBS.dormancy,
    handler: async (_data, { now }) => void (await checkDormancy(deps, now)),
    options: { schedule: { every: '0 7 * * *', timezone: NETWORK_TIME_ZONE } },
  },
];
