import { centsToDecimal, MINIMUM_PAYOUT_CENTS, type CarryOverReason, type PaymentMethodType, type PayoutPreview, type PayoutPreviewRow } from '@affilux/contract';
import type pg from 'pg';
import { accountDecider } from '../accounts/account';
import { userStream } from '../accounts/events';
import { holdingLock, ifLockFree } from '../db/transaction';
import { closeDueWeeks, closingsOf, weeksDueAt } from '../earnings/weekClose';
import { closeTimeOf } from '../earnings/weekEarnings';
import { handleCommand, handleCommandBatch, readModelsReach, stateOf, streamStateCache, systemContext, toNewEvents, type CommandContext } from '../eventstore/commands';
import { positionToString, WrongExpectedRevisionError, type ExpectedRevision, type StreamAppend } from '../eventstore/eventStore';
import type { AppDeps } from '../feature';
import { AppError, badRequest } from '../http/errors';
import { reactorsCaughtUp } from '../processing/checkpointWatcher';
import type { IsoWeek } from '../time/calendar';
import { usersWithOpenItems } from './balances/queries';
import { ledgerStream, payoutIdOf, payoutStream, type LedgerEvent, type LedgerItem, type PayoutEvent, type PayoutIssuedData, type PayoutItem } from './events';
import { itemsDueBy, ledgerDecider, type Ledger } from './ledger';
import { loadLedgers, saveLedgerSnapshots } from './ledgerSnapshots';
import { closingPostings, LEDGER_POSTING } from './ledgerPosting';
import { payoutDecider } from './payout';
import { issuedPayoutsOfWeek, payoutCountOfWeek } from './payoutList/queries';
import { payoutRunDecider, payoutRunStream, type RunSummary } from './runRecord';

type Deps = Pick<AppDeps, 'pool' | 'eventStore' | 'readModels'>;
type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** What the run knows of an affiliate, from its ledger, its account, its payout of the week (events) and its payment method (command side). */
export type Payee = {
  user_id: string;
  ledger: Ledger;
  ledgerRevision: ExpectedRevision;
  /** The log position of the ledger's last event: what a payout is computed at. */
  ledgerPosition: string;
  frozen: boolean;
  method: { type: PaymentMethodType; recorded_event_id: string } | null;
  payoutIssued: boolean;
};

export type PayoutPlan =
  | { action: 'issued_already' }
  | { action: 'nothing' }
  | { action: 'carry'; reason: CarryOverReason; balance_cents: number }
  | { action: 'issue'; items: PayoutItem[]; total_cents: number; carried_in_cents: number };

/**
 * What the run does for one affiliate and week: the open items of that week and before
 * (adjustments and reinstatements too) are paid together when they reach the minimum, the account
 * is not frozen and there is a payment method; otherwise they are carried over, with the reason.
 * An affiliate already paid for the week is left alone.
 */
export function planPayout(week: IsoWeek, payee: Omit<Payee, 'user_id' | 'ledgerRevision' | 'ledgerPosition'>): PayoutPlan {
  if (payee.payoutIssued) return { action: 'issued_already' };
  const due = itemsDueBy(payee.ledger, week);
  const total = due.reduce((sum, entry) => sum + entry.item.amount_cents, 0);
  if (!due.length || total === 0) return { action: 'nothing' };
  if (payee.frozen) return { action: 'carry', reason: 'account_frozen', balance_cents: total };
  if (total < MINIMUM_PAYOUT_CENTS) return { action: 'carry', reason: 'below_minimum', balance_cents: total };
  if (!payee.method) return { action: 'carry', reason: 'no_payment_method', balance_cents: total };
  const carried = due.filter((entry) => entry.carried).reduce((sum, entry) => sum + entry.item.amount_cents, 0);
  return { action: 'issue', items: due.map(({ item, carried }) => ({ ...item, carried })), total_cents: total, carried_in_cents: carried };
}

/** Reads what the run decides from, for a batch of affiliates: their ledgers (from their snapshots), accounts and payouts of the week, and the payment methods. */
export async function loadPayees(deps: Pick<Deps, 'eventStore'>, db: Queryable, userIds: string[], week: IsoWeek): Promise<Payee[]> {
  const [ledgers, streams] = await Promise.all([
    loadLedgers(deps.eventStore, db, userIds),
    deps.eventStore.readStreams(userIds.flatMap((id) => [userStream(id), payoutStream(id, week)])),
  ]);
  const { rows } = await db.query<{ user_id: string; type: PaymentMethodType; recorded_event_id: string }>(
    'SELECT user_id::text, type, recorded_event_id::text FROM payment_methods WHERE user_id = ANY($1::uuid[])',
    [userIds],
  );
  const methods = new Map(rows.map((r) => [r.user_id, { type: r.type, recorded_event_id: r.recorded_event_id }]));
  return userIds.map((id) => {
    const { ledger, revision, position } = ledgers.get(id)!;
    const account = stateOf(accountDecider, streams.get(userStream(id)) ?? []);
    return {
      user_id: id,
      ledger,
      ledgerRevision: revision,
      ledgerPosition: position,
      frozen: account.status === 'open' && account.frozen,
      method: methods.get(id) ?? null,
      payoutIssued: (streams.get(payoutStream(id, week)) ?? []).length > 0,
    };
  });
}

export const RUN_MESSAGES = {
  badWeek: 'Semaine invalide (format AAAA-Www, par exemple 2026-W46)',
  notClosed: (week: IsoWeek) => `La semaine ${week} n'est pas encore close : elle se clôt le mardi suivant à 00:00`,
  beforeLastPaid: (week: IsoWeek, last: IsoWeek) => `La semaine ${week} précède la dernière semaine payée (${last}) : ce qui reste à payer le sera avec les semaines suivantes`,
  busy: 'Un paiement est déjà en cours : réessayez dans un instant',
  updating: 'Les soldes sont en cours de mise à jour : réessayez dans un instant',
};

/**
 * The admin pays by hand the latest closed week, or one a missed run left unpaid: never a week before
 * the latest paid one, which would issue an extra payout (and invoice) dated to a past week for
 * what the next run pays anyway.
 */
export async function requireNotBeforeLastPaid(pool: pg.Pool, week: IsoWeek): Promise<void> {
  const last = await weekPaidAfter(pool, week);
  if (last) throw badRequest(RUN_MESSAGES.beforeLastPaid(week, last), [{ field: 'week', msg: RUN_MESSAGES.beforeLastPaid(week, last) }]);
}

/** The latest week with a payout when it comes after `week` (ISO week labels sort in time order), else null. */
export async function weekPaidAfter(pool: pg.Pool, week: IsoWeek): Promise<IsoWeek | null> {
  const { rows } = await pool.query<{ week: IsoWeek | null }>('SELECT max(week) AS week FROM rm_payouts');
  const last = rows[0]?.week ?? null;
  return last !== null && last > week ? last : null;
}

/** The week must be closed (its Tuesday 00:00 passed) before it is previewed or paid. */
export function requireClosed(week: IsoWeek, now: Date): void {
  if (closeTimeOf(week).getTime() > now.getTime()) throw badRequest(RUN_MESSAGES.notClosed(week), [{ field: 'week', msg: RUN_MESSAGES.notClosed(week) }]);
}

/** Affiliates decided per batch (their locks held together, their payouts appended in one statement). */
const PAY_BATCH = 500;

/**
 * Snapshots each payee's payment method and name as they are (under the payment-method lock, so they
 * match the PaymentMethodChanged event named in the payout): personal details stay out of the log.
 */
async function snapshotPaymentMethods(client: pg.PoolClient, payees: { user_id: string; payout_id: string }[], now: Date): Promise<void> {
  await client.query(
    `INSERT INTO payout_payment_methods (payout_id, user_id, unique_id, first_name, last_name, type, crypto_name, crypto_address, company_name, siret, iban, address, country, recorded_event_id, taken_at)
     SELECT p.payout_id, m.user_id, u.unique_id, u.first_name, u.last_name, m.type, m.crypto_name, m.crypto_address, m.company_name, m.siret, m.iban, m.address, m.country, m.recorded_event_id, $3
       FROM unnest($1::uuid[], $2::uuid[]) AS p(payout_id, user_id)
       JOIN payment_methods m ON m.user_id = p.user_id JOIN rm_users u ON u.id = p.user_id
     ON CONFLICT (payout_id) DO UPDATE SET type = EXCLUDED.type, crypto_name = EXCLUDED.crypto_name, crypto_address = EXCLUDED.crypto_address,
       company_name = EXCLUDED.company_name, siret = EXCLUDED.siret, iban = EXCLUDED.iban, address = EXCLUDED.address, country = EXCLUDED.country,
       first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, recorded_event_id = EXCLUDED.recorded_event_id, taken_at = EXCLUDED.taken_at`,
    [payees.map((p) => p.payout_id), payees.map((p) => p.user_id), now],
  );
}

/** The payout, its payment and the settlement of its items, for one affiliate (appended together), and the ledger's state once they are. */
function payoutAppends(week: IsoWeek, payee: Payee, plan: Extract<PayoutPlan, { action: 'issue' }>, now: Date, ctx: CommandContext): { appends: StreamAppend[]; settledLedger: Ledger } {
  const payout: PayoutIssuedData = {
    payout_id: payoutIdOf(payee.user_id, week), user_id: payee.user_id, week, item_ids: plan.items.map((i) => i.item_id), lines: plan.items,
    carried_in_cents: plan.carried_in_cents, total_cents: plan.total_cents, payment_method_type: payee.method!.type,
    payment_method_event_id: payee.method!.recorded_event_id, computed_at: payee.ledgerPosition, issued_at: now.toISOString(),
  };
  const issuing: PayoutEvent[] = payoutDecider.decide({ type: 'IssuePayout', payout }, payoutDecider.initialState());
  // Marked paid in the same append: the run pays on the Wednesday it issues (a payout issued by an earlier run is paid after the batches).
  const paying = payoutDecider.decide({ type: 'MarkPaid', at: now }, issuing.reduce(payoutDecider.evolve, payoutDecider.initialState()));
  const recorded = [...issuing, ...paying];
  const settled: LedgerEvent[] = ledgerDecider.decide(
    { type: 'SettleItems', userId: payee.user_id, at: now, payout_id: payout.payout_id, week, item_ids: payout.item_ids, amount_cents: payout.total_cents },
    payee.ledger,
  );
  return {
    appends: [
      { streamId: payoutStream(payee.user_id, week), events: toNewEvents(recorded, ctx), expectedRevision: 'no_stream' },
      { streamId: ledgerStream(payee.user_id), events: toNewEvents(settled, ctx), expectedRevision: payee.ledgerRevision },
    ],
    settledLedger: settled.reduce(ledgerDecider.evolve, payee.ledger),
  };
}

/**
 * One batch of affiliates: their payment-method locks taken (the back office's payment-method
 * changes take the same), their streams read, each decided; payouts created with "no stream"
 * expected together with the settlement of their items on the ledger at the revision they were
 * computed from (PostgreSQL: one statement, all or nothing), and carry-overs recorded once per week.
 * A ledger that moved in between (a late correction posted) makes the batch decide again.
 */
async function payBatch(deps: Deps, week: IsoWeek, now: Date, userIds: string[], ctx: CommandContext, summary: RunSummary, paidNow: Set<string>): Promise<void> {
  const client = await deps.pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('payment-method:' || id)) FROM unnest($1::text[]) AS id", [[...userIds].sort()]);
    for (let attempt = 1; ; attempt++) {
      const payees = await loadPayees(deps, client, userIds, week);
      const plans = payees.map((payee) => ({ payee, plan: planPayout(week, payee) }));
      const issues = plans.flatMap(({ payee, plan }) => (plan.action === 'issue' ? [{ payee, plan, ...payoutAppends(week, payee, plan, now, ctx) }] : []));
      if (issues.length) {
        await snapshotPaymentMethods(client, issues.map(({ payee }) => ({ user_id: payee.user_id, payout_id: payoutIdOf(payee.user_id, week) })), now);
        const appends = issues.flatMap((issue) => issue.appends).filter((a) => a.events.length);
        let appended;
        try {
          appended = await deps.eventStore.appendMany(appends);
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError && attempt < 5) continue;
          throw error;
        }
        const resultOf = new Map(appends.map((a, k) => [a.streamId, appended[k]!]));
        await saveLedgerSnapshots(client, issues.flatMap(({ payee, settledLedger }) => {
          const result = resultOf.get(ledgerStream(payee.user_id));
          return result ? [{ user_id: payee.user_id, revision: result.nextExpectedRevision, position: positionToString(result.position), ledger: settledLedger }] : [];
        }));
      }
      const carries = plans.flatMap(({ payee, plan }) =>
        plan.action === 'carry'
          ? [{ streamId: ledgerStream(payee.user_id), command: { type: 'CarryOver' as const, userId: payee.user_id, at: now, week, reason: plan.reason, balance_cents: plan.balance_cents }, ctx }]
          : [],
      );
      // Decided from the ledgers just read (a ledger that moved since makes the batch read it again).
      const known = streamStateCache<Ledger>(payees.length);
      for (const { user_id, ledger, ledgerRevision } of payees) if (typeof ledgerRevision === 'number') known.set(ledgerStream(user_id), { state: ledger, revision: ledgerRevision });
      // A carry-over is recorded once per affiliate and week: those an earlier run of the week recorded are counted apart.
      const carried = await handleCommandBatch(deps, ledgerDecider, carries, known);
      summary.issued += issues.length;
      for (const { payee } of issues) paidNow.add(payee.user_id);
      summary.issued_cents += issues.reduce((sum, { plan }) => sum + plan.total_cents, 0);
      summary.carried_over += carried;
      summary.carried_already += carries.length - carried;
      return;
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    client.release();
  }
}

/**
 * Until the ledgers hold the items of every week closed so far, whoever closed it (this run, the
 * Tuesday job, or another run at the same moment), and the read models include them: a ledger read
 * before would carry over a balance without its last week.
 */
const ledgersPosted = (deps: Deps) => reactorsCaughtUp(deps, [LEDGER_POSTING], 'payout run');

/**
 * The payout run (Wednesday, for the week closed the day before; the admin's manual run is the same
 * code): closes whatever week is due first, pays every affiliate whose balance up to that week
 * reaches the minimum and who has a payment method (issued and marked paid together), records the
 * others' carry-overs with the reason. It returns once all is recorded: the read models and the
 * invoices follow (the admin's manual run waits for them before it answers). Idempotent: a second
 * run, a late run, two runs at once or a run killed half-way leave exactly one payout per affiliate and week. `batchSize`
 * (affiliates decided per batch, 500 unless told) is smaller in the crash test, so that a run has many steps to be killed between.
 */
export async function runPayouts(deps: Deps, week: IsoWeek, now: Date, options: { batchSize?: number; whenBusy?: 'wait' | 'refuse' } = {}): Promise<RunSummary> {
  requireClosed(week, now);
  const work = () => run(deps, week, now, options.batchSize ?? PAY_BATCH);
  // Runs take turns (the job's and an admin's, or two servers starting): each sees what the one before recorded.
  if (options.whenBusy !== 'refuse') return holdingLock(deps.pool, PAYOUT_RUN_LOCK, work);
  const attempt = await ifLockFree(deps.pool, PAYOUT_RUN_LOCK, work);
  if (!attempt.ran) throw new AppError(409, RUN_MESSAGES.busy);
  return attempt.value;
}

const PAYOUT_RUN_LOCK = 'payout-run';

async function run(deps: Deps, week: IsoWeek, now: Date, batchSize: number): Promise<RunSummary> {
  const ctx = systemContext(now);
  // The close first waits for the read models: the payouts of the run before this one are then in, and a week before them is not paid again.
  await closeDueWeeks(deps, now);
  await requireNotBeforeLastPaid(deps.pool, week);
  await ledgersPosted(deps);
  const summary: RunSummary = { week, issued: 0, issued_cents: 0, carried_over: 0, carried_already: 0, issued_already: 0, paid: 0 };
  const startedAt = await deps.eventStore.headPosition();
  const candidates = await usersWithOpenItems(deps.pool);
  const paidNow = new Set<string>();
  // Two batches at a time: one is read and decided while the other's events are written.
  const batches = Array.from({ length: Math.ceil(candidates.length / batchSize) }, (_, b) => candidates.slice(b * batchSize, (b + 1) * batchSize));
  const payNext = async (): Promise<void> => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) await payBatch(deps, week, now, batch, ctx, summary, paidNow);
  };
  await Promise.all([payNext(), payNext()]);

  // The payouts this run issued are paid already. Those issued before it started and left unpaid (by
  // an earlier version of the run) come from the payouts read model, once it includes what the log held then.
  await readModelsReach(deps, startedAt, 'payout run');
  const earlier = (await issuedPayoutsOfWeek(deps.pool, week)).map((p) => p.user_id);
  const issuedIds = [...paidNow];
  summary.issued_already = await payoutCountOfWeek(deps.pool, week, { except: issuedIds });
  const toPay = earlier.filter((id) => !paidNow.has(id));
  for (let i = 0; i < toPay.length; i += batchSize) {
    const commands = toPay.slice(i, i + batchSize).map((user_id) => ({ streamId: payoutStream(user_id, week), command: { type: 'MarkPaid' as const, at: now }, ctx }));
    await handleCommandBatch(deps, payoutDecider, commands);
  }
  summary.paid = issuedIds.length + toPay.length;
  await handleCommand(deps, payoutRunDecider, payoutRunStream(week), { type: 'RecordRun', summary, at: now }, ctx, { wait: 'none' });
  return summary;
}

/**
 * What the run's week close will post before it pays, recording nothing: for each affiliate-week due
 * to close at `now`, the items its close would post (the week's earnings, the referrer's commission),
 * by ledger owner.
 */
async function postingsOfDueWeeks(deps: Pick<Deps, 'pool' | 'eventStore'>, now: Date): Promise<{ weeks: number; items: Map<string, LedgerItem[]> }> {
  const due = await weeksDueAt(deps.pool, now);
  const items = new Map<string, LedgerItem[]>();
  for (let i = 0; i < due.length; i += PAY_BATCH) {
    const postings = await closingPostings(deps, deps.pool, await closingsOf(deps.eventStore, due.slice(i, i + PAY_BATCH), now));
    for (const { user_id, item } of [...postings.values()].flat()) {
      if (!items.has(user_id)) items.set(user_id, []);
      items.get(user_id)!.push(item);
    }
  }
  return { weeks: due.length, items };
}

/** The ledger with these items posted as its decider posts them (an item already there is not posted again). */
const withPosted = (ledger: Ledger, userId: string, items: LedgerItem[], at: Date): Ledger =>
  items.reduce((state, item) => ledgerDecider.decide({ type: 'PostItem', userId, at, item }, state).reduce(ledgerDecider.evolve, state), ledger);

/**
 * What the run would do for a week at `now`, recording nothing: who would be paid how much, who
 * carries over and why. The run closes the weeks due first, so their items are counted as posted.
 */
export async function previewPayouts(deps: Pick<Deps, 'pool' | 'eventStore'>, week: IsoWeek, now: Date): Promise<PayoutPreview> {
  const closing = await postingsOfDueWeeks(deps, now);
  const candidates = [...new Set([...(await usersWithOpenItems(deps.pool)), ...closing.items.keys()])];
  const payouts: PayoutPreviewRow[] = [];
  const carriedOver: PayoutPreviewRow[] = [];
  let total = 0;
  for (let i = 0; i < candidates.length; i += PAY_BATCH) {
    const ids = candidates.slice(i, i + PAY_BATCH);
    const payees = await loadPayees(deps, deps.pool, ids, week);
    const { rows } = await deps.pool.query<{ id: string; unique_id: number; first_name: string; last_name: string }>(
      'SELECT id::text, unique_id, first_name, last_name FROM rm_users WHERE id = ANY($1::uuid[])',
      [ids],
    );
    const users = new Map(rows.map((r) => [r.id, r]));
    for (const payee of payees) {
      const plan = planPayout(week, { ...payee, ledger: withPosted(payee.ledger, payee.user_id, closing.items.get(payee.user_id) ?? [], now) });
      const user = users.get(payee.user_id);
      const row = { user_id: payee.user_id, unique_id: user?.unique_id ?? 0, first_name: user?.first_name ?? '', last_name: user?.last_name ?? '', payment_method_type: payee.method?.type ?? null };
      if (plan.action === 'issue') {
        payouts.push({ ...row, amount: centsToDecimal(plan.total_cents), reason: null });
        total += plan.total_cents;
      } else if (plan.action === 'carry') {
        carriedOver.push({ ...row, amount: centsToDecimal(plan.balance_cents), reason: plan.reason });
      }
    }
  }
  const byId = (a: PayoutPreviewRow, b: PayoutPreviewRow) => a.unique_id - b.unique_id;
  return { week, payouts: payouts.sort(byId), carriedOver: carriedOver.sort(byId), total: centsToDecimal(total), weeksToClose: closing.weeks };
}
