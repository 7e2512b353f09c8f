import { formatAffiliateId, percentOfCents } from '@affilux/contract';
import type pg from 'pg';
import { accountDecider, type Account } from '../accounts/account';
import { userStream, type AccountEvent } from '../accounts/events';
import type { WeekClosed, WeekCorrected, WeekLine } from '../earnings/events';
import { euros, percentText } from '../http/frenchText';
import { closeTimeOf } from '../earnings/weekEarnings';
import { handleCommandBatch, reactionContext, streamStateCache, type CommandContext } from '../eventstore/commands';
import { AppError } from '../http/errors';
import type { EventStore, RecordedEvent } from '../eventstore/eventStore';
import type { ReactorDeps } from '../feature';
import { batchReactor } from '../processing/processor';
import type { IsoWeek } from '../time/calendar';
import { itemIdOf, ledgerStream, type LedgerItem, type LedgerLine, type PayoutEvent } from './events';
import { weekDates } from './invoice';
import { ledgerDecider, type Ledger, type LedgerCommand } from './ledger';
import { loadLedgers } from './ledgerSnapshots';

type Handled = RecordedEvent & (WeekClosed | WeekCorrected | Extract<PayoutEvent, { type: 'PayoutIssued' | 'PayoutFailed' }>);
/** A closed week or a correction, recorded or (in the payout preview) only decided: its id names what it posts. */
type Closing = (WeekClosed | WeekCorrected) & { id: string };
type Deps = Pick<ReactorDeps, 'eventStore' | 'pool' | 'log'>;
type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** An account as its recorded events say it stood at `at` (events recorded later are left out). */
export const accountAsOf = (events: readonly RecordedEvent[], at: Date): Account =>
  events
    .filter((e) => new Date(e.metadata.occurredAt).getTime() <= at.getTime())
    .reduce((state, e) => accountDecider.evolve(state, e as unknown as AccountEvent), accountDecider.initialState());

/** The account as its stream stood at `at`, read from the log (the audit's explanation of a referral line). */
export const accountAt = async (eventStore: EventStore, userId: string, at: Date): Promise<Account> => accountAsOf(await eventStore.readStream(userStream(userId)), at);

/** The offers the lines name, by id, as they are now (a payout copies them, so its invoice never changes): one query for a batch. */
async function offerNames(tx: Queryable, lines: WeekLine[]): Promise<Map<string, { brand_name: string; unique_id: number }>> {
  const ids = [...new Set(lines.map((l) => l.offer_id).filter(Boolean))];
  const { rows } = ids.length ? await tx.query<{ id: string; brand_name: string; unique_id: number }>('SELECT id::text, brand_name, unique_id FROM rm_offers WHERE id = ANY($1::uuid[])', [ids]) : { rows: [] };
  return new Map(rows.map((r) => [r.id, r]));
}

const named = (offers: Map<string, { brand_name: string; unique_id: number }>, lines: WeekLine[]): LedgerLine[] =>
  lines.map((line) => ({ ...line, offer_name: offers.get(line.offer_id)?.brand_name ?? null, offer_unique_id: offers.get(line.offer_id)?.unique_id ?? null }));

/**
 * A referral commission line: the referred affiliate's week total (or a correction's difference)
 * times the referrer's rate, rounded half-up to the cent once (EU 1103/97), the exact product and
 * the rounding kept with the line. Null when it comes to nothing.
 */
export function referralCommission(cause: {
  event_id: string; week: IsoWeek; referred_user_id: string; referred_unique_id: number; base_cents: number; rate_tenths: number; correction: string | null;
}): LedgerItem | null {
  const { event_id, week, referred_user_id, referred_unique_id, base_cents, rate_tenths, correction } = cause;
  const rounded = percentOfCents(base_cents, rate_tenths);
  if (rounded === 0) return null;
  const who = `affilié ${formatAffiliateId(referred_unique_id)}`;
  return {
    item_id: itemIdOf('referral', event_id),
    kind: 'referral',
    amount_cents: rounded,
    week,
    label: correction
      ? `Parrainage, correction : ${who}, ${correction} → ${percentText(rate_tenths)} de ${euros(base_cents, { signed: true })}`
      : `Parrainage : ${who}, semaine ${week}, ${percentText(rate_tenths)} de ${euros(base_cents)}`,
    source: { type: 'referral', event_id, referred_user_id, referred_unique_id, base_cents, rate_tenths, exact_thousandths: base_cents * rate_tenths, rounded_cents: rounded },
    lines: [],
  };
}

/**
 * The referrers' commissions on referred affiliates' closed weeks or corrections (by the event's id):
 * the referrer and its rate are those in force at the week's close time (so a week and its
 * corrections are commissioned alike), one level only. The accounts of a batch are read together.
 */
async function referralItems(deps: Pick<Deps, 'eventStore'>, tx: Queryable, closings: Closing[]): Promise<Map<string, { referrer: string; item: LedgerItem }>> {
  const items = new Map<string, { referrer: string; item: LedgerItem }>();
  if (!closings.length) return items;
  const streams = await deps.eventStore.readStreams([...new Set(closings.map((e) => userStream(e.data.user_id)))]);
  const referred = closings.flatMap((event) => {
    const account = accountAsOf(streams.get(userStream(event.data.user_id)) ?? [], closeTimeOf(event.data.week));
    return account.status === 'open' && account.referredBy !== null && account.uniqueId !== null ? [{ event, account, referredBy: account.referredBy, uniqueId: account.uniqueId }] : [];
  });
  if (!referred.length) return items;
  const { rows } = await tx.query<{ id: string; unique_id: number }>("SELECT id::text, unique_id FROM rm_users WHERE unique_id = ANY($1::int[]) AND role = 'affiliate'", [
    [...new Set(referred.map((r) => r.referredBy))],
  ]);
  const referrerIds = new Map(rows.map((r) => [Number(r.unique_id), r.id]));
  const referrers = await deps.eventStore.readStreams([...new Set(rows.map((r) => userStream(r.id)))]);
  for (const { event, referredBy, uniqueId } of referred) {
    const { user_id, week } = event.data;
    const referrerId = referrerIds.get(referredBy);
    if (!referrerId || referrerId === user_id) continue;
    const referrer = accountAsOf(referrers.get(userStream(referrerId)) ?? [], closeTimeOf(week));
    if (referrer.status !== 'open' || referrer.referralTenths <= 0) continue;
    const item = referralCommission({
      event_id: event.id, week, referred_user_id: user_id, referred_unique_id: uniqueId, base_cents: amountOf(event), rate_tenths: referrer.referralTenths,
      correction: event.type === 'WeekCorrected' ? event.data.label : null,
    });
    if (item) items.set(event.id, { referrer: referrerId, item });
  }
  return items;
}

const amountOf = (event: Closing) => (event.type === 'WeekClosed' ? event.data.total_cents : event.data.delta_cents);

type LedgerCommandOn = { streamId: string; command: LedgerCommand; ctx: CommandContext };

/**
 * Commands in rounds that each hold at most one command per ledger, a ledger's commands in the order
 * of the events behind them: each round is read, decided and appended at once (handleCommandBatch),
 * and the next round reads the ledgers it touched again.
 */
function rounds(commands: LedgerCommandOn[]): LedgerCommandOn[][] {
  const taken = new Map<string, number>();
  const result: LedgerCommandOn[][] = [];
  for (const command of commands) {
    const round = taken.get(command.streamId) ?? 0;
    taken.set(command.streamId, round + 1);
    (result[round] ??= []).push(command);
  }
  return result;
}

const weekLabel = (week: IsoWeek) => `Semaine ${week} (${weekDates(week)})`;

type Posting = { user_id: string; item: LedgerItem };

/**
 * What closed weeks and corrections post, by the closing's id: its item (with its lines) on the
 * affiliate's ledger, then the referrer's commission on the referrer's; nothing for one that comes to
 * nothing. The offers' names and the accounts are read for the whole batch. The reactor posts these;
 * the payout preview adds them to the ledgers it reads, for the weeks the run will close first.
 */
export async function closingPostings(deps: Pick<Deps, 'eventStore'>, db: Queryable, events: Closing[]): Promise<Map<string, Posting[]>> {
  const closings = events.filter((e) => amountOf(e) !== 0);
  const offers = await offerNames(db, closings.flatMap((e) => e.data.lines));
  const referrals = await referralItems(deps, db, closings);
  return new Map(
    closings.map((event) => {
      const { user_id, week } = event.data;
      const kind = event.type === 'WeekClosed' ? 'week' : 'correction';
      const item: LedgerItem = {
        item_id: itemIdOf(kind, event.id), kind, amount_cents: amountOf(event), week,
        label: event.type === 'WeekClosed' ? weekLabel(week) : `Correction ${event.data.label}`,
        source: { type: kind, event_id: event.id },
        lines: named(offers, event.data.lines),
      };
      const referral = referrals.get(event.id);
      return [event.id, referral ? [{ user_id, item }, { user_id: referral.referrer, item: referral.item }] : [{ user_id, item }]];
    }),
  );
}

/** The reactor that posts on the ledgers what week closes, corrections and payouts record (the payout run waits for it). */
export const LEDGER_POSTING = 'ledger-posting';

/**
 * Posts on the ledgers what moves balances: a closed week's earnings (one item with its lines), a
 * correction (its lines and label), the referrer's commission on either; settles the items a payout
 * paid (the run already does it with the payout, atomically on PostgreSQL: then this is a no-op) and
 * reopens them when a payout failed. Every item's id follows from its cause, so running twice posts once.
 * A batch of events at a time (a Tuesday's ten thousand closed weeks, the Wednesday's payouts): the
 * offers' names, the accounts and the ledgers are read for the whole batch, not event by event.
 */
export const ledgerPosting = (deps: Deps) => {
  // Only an event store without multi-stream transactions (EventStoreDB) can settle items already gone; stopping every processor would not help.
  const decider: typeof ledgerDecider = {
    ...ledgerDecider,
    decide(command, state) {
      try {
        return ledgerDecider.decide(command, state);
      } catch (error) {
        if (command.type !== 'SettleItems' || !(error instanceof AppError)) throw error;
        deps.log.error({ err: error, payout_id: command.payout_id }, 'a payout could not settle its ledger items');
        return [];
      }
    },
  };
  return batchReactor<Handled>({
    name: LEDGER_POSTING,
    handles: ['WeekClosed', 'WeekCorrected', 'PayoutIssued', 'PayoutFailed'],
    async react(events, { tx }) {
      const postings = await closingPostings(deps, tx, events.filter((e): e is RecordedEvent & Closing => e.type === 'WeekClosed' || e.type === 'WeekCorrected'));
      const commands: LedgerCommandOn[] = [];
      const on = (userId: string, command: LedgerCommand, ctx: CommandContext) => commands.push({ streamId: ledgerStream(userId), command, ctx });
      for (const event of events) {
        const ctx = reactionContext(event);
        switch (event.type) {
          case 'WeekClosed':
          case 'WeekCorrected':
            for (const { user_id, item } of postings.get(event.id) ?? []) on(user_id, { type: 'PostItem', userId: user_id, at: ctx.now, item }, ctx);
            break;
          case 'PayoutIssued': {
            const { user_id, payout_id, week, item_ids, total_cents } = event.data;
            on(user_id, { type: 'SettleItems', userId: user_id, at: ctx.now, payout_id, week, item_ids, amount_cents: total_cents }, ctx);
            break;
          }
          case 'PayoutFailed':
            on(event.data.user_id, { type: 'ReopenItems', userId: event.data.user_id, at: ctx.now, payout_id: event.data.payout_id }, ctx);
        }
      }
      // The ledgers from their snapshots (a year of items is not read again at every close and payout), kept as they move from round to round.
      // Snapshots are a cache of committed events: read and kept outside this transaction, whose locks would otherwise hold them.
      const users = [...new Set(commands.map((c) => c.command.userId))];
      const known = streamStateCache<Ledger>(users.length);
      for (let i = 0; i < users.length; i += POSTING_BATCH) {
        for (const [userId, { ledger, revision }] of await loadLedgers(deps.eventStore, deps.pool, users.slice(i, i + POSTING_BATCH))) {
          known.set(ledgerStream(userId), { state: ledger, revision: typeof revision === 'number' ? revision : -1 });
        }
      }
      for (const round of rounds(commands)) {
        for (let i = 0; i < round.length; i += POSTING_BATCH) await handleCommandBatch(deps, decider, round.slice(i, i + POSTING_BATCH), known);
      }
    },
  });
};

/** Ledgers read and appended per statement. */
const POSTING_BATCH = 1000;
