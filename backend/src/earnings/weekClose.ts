import { handleCommandBatch, stateOf, systemContext } from '../eventstore/commands';
import { reactorsCaughtUp } from '../processing/checkpointWatcher';
import type { EventStore } from '../eventstore/eventStore';
import type { AppDeps } from '../feature';
import { isoWeek, previousWeek, type IsoWeek } from '../time/calendar';
import { earningsStream, type WeekClosed } from './events';
import { PRICING } from './pricing';
import { weeksToClose } from './weekCloses/queries';
import { closeTimeOf, weekEarningsDecider, type CloseWeek } from './weekEarnings';

/** Affiliate-weeks closed per statement. */
const CLOSE_BATCH = 1000;

/** The last week whose close time (Tuesday 00:00 after it) has passed at `now`. */
export function lastClosableWeek(now: Date): IsoWeek {
  const last = previousWeek(isoWeek(now));
  return closeTimeOf(last).getTime() <= now.getTime() ? last : previousWeek(last);
}

type AffiliateWeek = { user_id: string; week: IsoWeek };

/**
 * Until the open weeks include every week priced so far: they are a read model of what the pricing
 * records, so the pricing must have passed every figure recorded (an import just before midnight),
 * and the read model have caught up (rebuilt after an upgrade, it fills while the server starts).
 */
export const openWeeksCurrent = (deps: Pick<AppDeps, 'pool' | 'eventStore' | 'readModels'>, what: string) => reactorsCaughtUp(deps, [PRICING], what);

/** The affiliate-weeks the week close would close at `now`. */
export const weeksDueAt = (pool: AppDeps['pool'], now: Date): Promise<AffiliateWeek[]> => weeksToClose(pool, lastClosableWeek(now));

const closeCommand = ({ user_id, week }: AffiliateWeek, now: Date): CloseWeek => ({ type: 'CloseWeek', userId: user_id, week, at: now });

/**
 * What closing these affiliate-weeks at `now` would record, recording nothing (the payout run's
 * preview): each week's stream is read (all in one call) and its decider asked, as the close asks it.
 */
export async function closingsOf(eventStore: EventStore, weeks: AffiliateWeek[], now: Date): Promise<(WeekClosed & { id: string })[]> {
  const streams = await eventStore.readStreams(weeks.map(({ user_id, week }) => earningsStream(user_id, week)));
  return weeks.flatMap((due) => {
    const state = stateOf(weekEarningsDecider, streams.get(earningsStream(due.user_id, due.week)) ?? []);
    return weekEarningsDecider.decide(closeCommand(due, now), state).filter((e): e is WeekClosed & { id: string } => e.type === 'WeekClosed' && e.id !== undefined);
  });
}

/**
 * The week close (Tuesday 00:00, Europe/Paris): closes every affiliate-week with recorded earnings
 * whose close time has passed and that the closed-weeks read model does not list yet; each week's
 * own stream decides (a closed week records nothing again), so a second run, a late run, two runs at
 * once or a run cut short leave each week closed once. Answers once the ledger has the items of the weeks it closed.
 */
export async function closeDueWeeks(deps: Pick<AppDeps, 'pool' | 'eventStore' | 'readModels'>, now: Date): Promise<{ week: IsoWeek; closed: number }> {
  const week = lastClosableWeek(now);
  await openWeeksCurrent(deps, 'week close');
  const due = await weeksDueAt(deps.pool, now);
  const ctx = systemContext(now);
  for (let i = 0; i < due.length; i += CLOSE_BATCH) {
    const commands = due.slice(i, i + CLOSE_BATCH).map((w) => ({ streamId: earningsStream(w.user_id, w.week), command: closeCommand(w, now), ctx }));
    await handleCommandBatch(deps, weekEarningsDecider, commands);
  }
  // What it closed is posted on the ledgers by a reactor. Having closed nothing, it waits for nothing
  // (the Wednesday run after Tuesday's close: waiting on every reactor would wait on the invoices).
  if (due.length) await deps.readModels.waitForConsequences(await deps.eventStore.headPosition());
  return { week, closed: due.length };
}
