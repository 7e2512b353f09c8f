import { deterministicEventId, type Decider, type DomainEvent } from '../eventstore/commands';
import { addDaysTo, isoWeek, mondayOf, previousWeek, startOfDayInstant, type IsoWeek } from '../time/calendar';

/**
 * What a week's payout run did, as it answered: payouts issued (and their total), carry-overs
 * recorded, those an earlier run of the week recorded (one killed half-way), payouts already issued, payouts marked paid.
 */
export type RunSummary = { week: IsoWeek; issued: number; issued_cents: number; carried_over: number; carried_already: number; issued_already: number; paid: number };

/** `payout-run-<week>`: the week's payout run, recorded once it has been made whole (the job's or an admin's). */
export type PayoutRunEvent = DomainEvent<'PayoutRunCompleted', RunSummary & { completed_at: string }>;

export const payoutRunStream = (week: IsoWeek) => `payout-run-${week}`;

/** When the week's run is scheduled: the Wednesday after it, 06:00 in Paris (the day after its close). */
export const runTimeOf = (week: IsoWeek): Date => new Date(startOfDayInstant(addDaysTo(mondayOf(week), 9)).getTime() + 6 * 3600 * 1000);

/**
 * The latest week whose run time has passed at `now`: the week the Wednesday job pays. From the
 * Tuesday's close to the Wednesday's run, still the week before (its run may have been missed).
 */
export function weekDueForRun(now: Date): IsoWeek {
  for (let week = previousWeek(isoWeek(now)); ; week = previousWeek(week)) if (runTimeOf(week).getTime() <= now.getTime()) return week;
}

type RunRecord = { completed: boolean };
type RunCommand = { type: 'RecordRun'; summary: RunSummary; at: Date };

/**
 * The one decider of `payout-run-<week>`: the first run of a week made to the end is recorded, with
 * its summary (later runs of the same week find nothing new to pay and are not recorded again). A
 * server starting after the run's Wednesday time finds no record and makes the run it missed.
 */
export const payoutRunDecider: Decider<RunCommand, PayoutRunEvent, RunRecord> = {
  initialState: () => ({ completed: false }),
  evolve: () => ({ completed: true }),
  decide: ({ summary, at }, state) =>
    state.completed ? [] : [{ type: 'PayoutRunCompleted', id: deterministicEventId(payoutRunStream(summary.week), 'PayoutRunCompleted'), data: { ...summary, completed_at: at.toISOString() } }],
};
