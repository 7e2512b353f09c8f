import { handleCommandBatch, systemContext } from '../eventstore/commands';
import type { AppDeps } from '../feature';
import { isoWeek, previousWeek, type IsoWeek } from '../time/calendar';
import { earningsStream } from './events';
import { weeksToClose } from './weekCloses/queries';
import { closeTimeOf, weekEarningsDecider } from './weekEarnings';

/** Affiliate-weeks closed per statement. */
const CLOSE_BATCH = 1000;

/** The last week whose close time (Tuesday 00:00 after it) has passed at `now`. */
export function lastClosableWeek(now: Date): IsoWeek {
  const last = previousWeek(isoWeek(now));
  return closeTimeOf(last).getTime() <= now.getTime() ? last : previousWeek(last);
}

/**
 * The week close (Tuesday 00:00, Europe/Paris): closes every affiliate-week with recorded earnings
 * whose close time has passed and that the closed-weeks read model does not list yet; each week's
 * own stream decides (a closed week records nothing again), so a second run, a late run, two runs at
 * once or a run cut short leave each week closed once. Answers once the ledger has its items.
 */
export async function closeDueWeeks(deps: Pick<AppDeps, 'pool' | 'eventStore' | 'readModels'>, now: Date): Promise<{ week: IsoWeek; closed: number }> {
  const week = lastClosableWeek(now);
  const due = await weeksToClose(deps.pool, week);
  const ctx = systemContext(now);
  for (let i = 0; i < due.length; i += CLOSE_BATCH) {
    const commands = due.slice(i, i + CLOSE_BATCH).map(({ user_id, week: w }) => ({
      streamId: earningsStream(user_id, w),
      command: { type: 'CloseWeek' as const, userId: user_id, week: w, at: now },
      ctx,
    }));
    await handleCommandBatch(deps, weekEarningsDecider, commands);
  }
  await deps.readModels.waitForConsequences(await deps.eventStore.headPosition());
  return { week, closed: due.length };
}
