import { formatAffiliateId, percentOfCents } from '@affilux/contract';
import type pg from 'pg';
import { accountDecider, type Account } from '../accounts/account';
import { userStream, type AccountEvent } from '../accounts/events';
import type { WeekClosed, WeekCorrected, WeekLine } from '../earnings/events';
import { euros, percentText } from '../earnings/frenchText';
import { closeTimeOf } from '../earnings/weekEarnings';
import { handleCommand } from '../eventstore/commands';
import { AppError } from '../http/errors';
import type { EventStore, RecordedEvent } from '../eventstore/eventStore';
import type { ReactorDeps } from '../feature';
import { reactor } from '../processing/processor';
import type { IsoWeek } from '../time/calendar';
import { itemIdOf, ledgerStream, type LedgerItem, type LedgerLine, type PayoutEvent } from './events';
import { weekDates } from './invoice';
import { ledgerDecider, type LedgerCommand } from './ledger';

type Handled = RecordedEvent & (WeekClosed | WeekCorrected | Extract<PayoutEvent, { type: 'PayoutIssued' | 'PayoutFailed' }>);
type Deps = Pick<ReactorDeps, 'eventStore' | 'pool' | 'log'>;

/** The account as its stream stood at `at` (events recorded later are left out). */
export async function accountAt(eventStore: EventStore, userId: string, at: Date): Promise<Account> {
  const events = await eventStore.readStream(userStream(userId));
  return events
    .filter((e) => new Date(e.metadata.occurredAt).getTime() <= at.getTime())
    .reduce((state, e) => accountDecider.evolve(state, e as unknown as AccountEvent), accountDecider.initialState());
}

/** Week lines with the offers' names and ids as they are now (a payout copies them, so its invoice never changes). */
async function named(pool: pg.PoolClient, lines: WeekLine[]): Promise<LedgerLine[]> {
  const ids = [...new Set(lines.map((l) => l.offer_id).filter(Boolean))];
  const { rows } = ids.length ? await pool.query<{ id: string; brand_name: string; unique_id: number }>('SELECT id::text, brand_name, unique_id FROM rm_offers WHERE id = ANY($1::uuid[])', [ids]) : { rows: [] };
  const offers = new Map(rows.map((r) => [r.id, r]));
  return lines.map((line) => ({ ...line, offer_name: offers.get(line.offer_id)?.brand_name ?? null, offer_unique_id: offers.get(line.offer_id)?.unique_id ?? null }));
}

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
 * The referrer's commission on a referred affiliate's closed week or correction: the referrer and its
 * rate are those in force at the week's close time (so a week and its corrections are commissioned
 * alike), one level only.
 */
async function referralItem(deps: Deps, tx: pg.PoolClient, event: RecordedEvent & (WeekClosed | WeekCorrected), base: number): Promise<{ referrer: string; item: LedgerItem } | null> {
  const { user_id, week } = event.data;
  const closeTime = closeTimeOf(week);
  const referred = await accountAt(deps.eventStore, user_id, closeTime);
  if (referred.status !== 'open' || referred.referredBy === null || referred.uniqueId === null) return null;
  const { rows } = await tx.query<{ id: string }>("SELECT id::text FROM rm_users WHERE unique_id = $1 AND role = 'affiliate'", [referred.referredBy]);
  const referrerId = rows[0]?.id;
  if (!referrerId || referrerId === user_id) return null;
  const referrer = await accountAt(deps.eventStore, referrerId, closeTime);
  if (referrer.status !== 'open' || referrer.referralTenths <= 0) return null;
  const item = referralCommission({
    event_id: event.id, week, referred_user_id: user_id, referred_unique_id: referred.uniqueId, base_cents: base, rate_tenths: referrer.referralTenths,
    correction: event.type === 'WeekCorrected' ? event.data.label : null,
  });
  return item && { referrer: referrerId, item };
}

const weekLabel = (week: IsoWeek) => `Semaine ${week} (${weekDates(week)})`;

/**
 * Posts on the ledgers what moves balances: a closed week's earnings (one item with its lines), a
 * correction (its lines and label), the referrer's commission on either; settles the items a payout
 * paid (the run already does it with the payout, atomically on PostgreSQL: then this is a no-op) and
 * reopens them when a payout failed. Every item's id follows from its cause, so running twice posts once.
 */
export const ledgerPosting = (deps: Deps) =>
  reactor<Handled>({
    name: 'ledger-posting',
    handles: ['WeekClosed', 'WeekCorrected', 'PayoutIssued', 'PayoutFailed'],
    async react(event, { tx, ctx }) {
      const post = (userId: string, item: LedgerItem) => handleCommand(deps, ledgerDecider, ledgerStream(userId), { type: 'PostItem', userId, at: ctx.now, item }, ctx, { wait: 'none' });
      switch (event.type) {
        case 'WeekClosed':
        case 'WeekCorrected': {
          const { user_id, week } = event.data;
          const amount = event.type === 'WeekClosed' ? event.data.total_cents : event.data.delta_cents;
          if (amount === 0) return;
          await post(user_id, {
              item_id: itemIdOf(event.type === 'WeekClosed' ? 'week' : 'correction', event.id),
              kind: event.type === 'WeekClosed' ? 'week' : 'correction',
              amount_cents: amount,
              week,
              label: event.type === 'WeekClosed' ? weekLabel(week) : `Correction ${event.data.label}`,
              source: { type: event.type === 'WeekClosed' ? 'week' : 'correction', event_id: event.id },
              lines: await named(tx, event.data.lines),
          });
          const referral = await referralItem(deps, tx, event, amount);
          if (referral) await post(referral.referrer, referral.item);
          return;
        }
        case 'PayoutIssued': {
          const { user_id, payout_id, week, item_ids, total_cents } = event.data;
          const settle: LedgerCommand = { type: 'SettleItems', userId: user_id, at: ctx.now, payout_id, week, item_ids, amount_cents: total_cents };
          await handleCommand(deps, ledgerDecider, ledgerStream(user_id), settle, ctx, { wait: 'none' }).catch((error: unknown) => {
            // Only an event store without multi-stream transactions (EventStoreDB) can get here with items already gone; stopping every processor would not help.
            if (!(error instanceof AppError)) throw error;
            deps.log.error({ err: error, payout_id }, 'a payout could not settle its ledger items');
          });
          return;
        }
        case 'PayoutFailed':
          await handleCommand(deps, ledgerDecider, ledgerStream(event.data.user_id), { type: 'ReopenItems', userId: event.data.user_id, at: ctx.now, payout_id: event.data.payout_id }, ctx, { wait: 'none' });
      }
    },
  });
