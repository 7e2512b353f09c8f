import { randomUUID } from 'node:crypto';
import { userStream } from '../../backend/src/accounts/events';
import { systemContext, toNewEvents } from '../../backend/src/eventstore/commands';
import type { StreamAppend } from '../../backend/src/eventstore/eventStore';
import { itemIdOf, ledgerStream, type LedgerEvent, type PayoutIssuedData } from '../../backend/src/payouts/events';
import { renderInvoice } from '../../backend/src/payouts/invoice';
import { invoiceHolder } from '../../backend/src/payouts/invoices';
import { payoutJobs, PAYOUT_JOBS } from '../../backend/src/payouts/jobs';
import { addDaysTo, isoWeekOfDay, startOfDayInstant } from '../../backend/src/time/calendar';
import { createOffer, openAffiliates, settled, startBenchServer } from './benchServer';

export type PayoutLoad = { affiliates: number; historyWeeks: number; invoiceRenders: number };
export type PayoutResult = {
  affiliates: number; historyEvents: number; setupSeconds: number;
  payouts: number; carriedOver: number; invoices: number; issueSeconds: number; runSeconds: number;
  repeatSeconds: number; repeatNewEvents: number;
  invoicesPerSecond: number;
};

/** The week the run pays (ISO 2026-W45), its Tuesday's figures, its close and the Wednesday run, in Paris time. */
const FIGURES_DAY = '2026-11-03';
const at = (day: string, hour: number) => new Date(startOfDayInstant(day).getTime() + hour * 3600_000);
/** Every tenth affiliate earns below the 500.00 EUR minimum, the next one has no payment method; the others are paid. */
const belowMinimum = (i: number) => i % 10 === 0;
const withoutMethod = (i: number) => i % 10 === 1;

/**
 * (f) The weekly payout run over a network with a year behind it.
 *
 * What is synthetic: the year. Each affiliate's ledger gets `historyWeeks` weeks of earnings, each
 * posted and then settled by a payout, appended straight to `ledger-<user>` (what a year of paid
 * weeks leaves there), so the run reads ledgers of a year's length; accounts and payment methods are
 * appended as their events say. What is real: the week paid. Its figures go through POST
 * /stats/import and the pricing, the real week-close job records WeekClosed and the ledger posting
 * reactor posts the items; then the real Wednesday job runs, timed until every payout is issued and
 * marked paid, every invoice numbered, rendered (pdfmake) and hashed, and every read model current.
 * The same job run again at once must record nothing.
 */
export async function measurePayoutRun(databaseUrl: string, dataDir: string, load: PayoutLoad): Promise<PayoutResult> {
  let now = at('2026-11-02', 9);
  const server = await startBenchServer(databaseUrl, dataDir, () => now);
  try {
    const setupStarted = performance.now();
    const { uniqueIds, userIds } = await openAffiliates(server, load.affiliates, now);
    const offer = await createOffer(server, 'Bench payouts', 'import');
    const historyEvents = await appendHistory(server, userIds, load.historyWeeks, now);
    await settled(server);

    now = at('2026-11-09', 10);
    const rows = uniqueIds.map((uniqueId, i) => {
      const count = belowMinimum(i) ? 10 : 30;
      return { source: String(uniqueId), stat_date: FIGURES_DAY, data: { siteGroups: { [offer.uniqueId]: { click: 400, registered: 60, essay: count, bill: count } } } };
    });
    const imported = await fetch(`${server.url}/api/v1/stats/import`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${server.adminToken}` }, body: JSON.stringify({ rows }),
    });
    if (!imported.ok) throw new Error(`Import refused: ${imported.status} ${await imported.text()}`);
    await settled(server);
    const jobs = payoutJobs(server.deps);
    const job = (name: string) => jobs.find((j) => j.name === name)!;
    await job(PAYOUT_JOBS.weekClose).handler({}, { now: at('2026-11-10', 0) });
    await settled(server);
    const setupSeconds = (performance.now() - setupStarted) / 1000;

    const runAt = at('2026-11-11', 6);
    const runStarted = performance.now();
    await job(PAYOUT_JOBS.run).handler({}, { now: runAt });
    const issueSeconds = (performance.now() - runStarted) / 1000;
    await settled(server);
    const runSeconds = (performance.now() - runStarted) / 1000;
    const count = async (sql: string) => Number((await server.deps.pool.query<{ n: number }>(sql)).rows[0]!.n);
    const payouts = await count("SELECT count(*)::int AS n FROM events WHERE type = 'PayoutIssued'");
    const carriedOver = await count("SELECT count(*)::int AS n FROM events WHERE type = 'BalanceCarriedOver'");
    const invoices = await count("SELECT count(*)::int AS n FROM events WHERE type = 'InvoiceIssued'");
    const expectedPayees = uniqueIds.filter((_, i) => !belowMinimum(i) && !withoutMethod(i)).length;
    if (payouts !== expectedPayees || invoices !== expectedPayees) throw new Error(`Expected ${expectedPayees} payouts and invoices, got ${payouts} and ${invoices}`);

    const before = await count('SELECT count(*)::int AS n FROM events');
    const repeatStarted = performance.now();
    await job(PAYOUT_JOBS.run).handler({}, { now: new Date(runAt.getTime() + 60_000) });
    await settled(server);
    const repeatSeconds = (performance.now() - repeatStarted) / 1000;
    const repeatNewEvents = (await count('SELECT count(*)::int AS n FROM events')) - before;

    return {
      affiliates: load.affiliates, historyEvents, setupSeconds, payouts, carriedOver, invoices, issueSeconds, runSeconds, repeatSeconds, repeatNewEvents,
      invoicesPerSecond: await invoiceRenderRate(server.deps.pool, load.invoiceRenders),
    };
  } finally {
    await server.stop();
  }
}

/** Payment methods (table and event, as the back office records them) and a year of posted and settled weeks per ledger. */
async function appendHistory(server: Awaited<ReturnType<typeof startBenchServer>>, userIds: string[], weeks: number, now: Date): Promise<number> {
  const { eventStore, pool } = server.deps;
  let appended = 0;
  for (let start = 0; start < userIds.length; start += 250) {
    const appends: StreamAppend[] = [];
    const methods: { id: string; event: string }[] = [];
    userIds.slice(start, start + 250).forEach((userId, j) => {
      const i = start + j;
      if (!withoutMethod(i)) {
        const event = randomUUID();
        methods.push({ id: userId, event });
        appends.push({ streamId: userStream(userId), events: toNewEvents([{ type: 'PaymentMethodChanged', id: event, data: { type: 'crypto' } }], systemContext(now)), expectedRevision: 1 });
      }
      const ledger: LedgerEvent[] = [];
      for (let w = weeks; w >= 1; w--) {
        const day = addDaysTo(FIGURES_DAY, -7 * w);
        const week = isoWeekOfDay(day);
        const paidAt = at(addDaysTo(day, 8), 6).toISOString();
        const itemId = itemIdOf('week', `${userId}-${week}`);
        const amount = 50_000 + ((i * 7 + w * 13) % 40) * 500;
        ledger.push(
          { type: 'LedgerItemPosted', data: { user_id: userId, at: at(addDaysTo(day, 7), 0).toISOString(), item_id: itemId, kind: 'week', amount_cents: amount, week, label: `Semaine ${week}`, source: { type: 'week', event_id: randomUUID() }, lines: [] } },
          { type: 'ItemsSettled', data: { user_id: userId, payout_id: randomUUID(), week, item_ids: [itemId], amount_cents: amount, at: paidAt } },
        );
      }
      if (ledger.length) appends.push({ streamId: ledgerStream(userId), events: toNewEvents(ledger, systemContext(now)), expectedRevision: 'no_stream' });
      appended += ledger.length + (withoutMethod(i) ? 0 : 1);
    });
    if (methods.length) {
      await pool.query(
        `INSERT INTO payment_methods (user_id, type, crypto_name, crypto_address, recorded_event_id, updated_at)
         SELECT id, 'crypto', 'USDT (TRC20)', 'TBenchAddress' || left(id::text, 8), event, $3 FROM unnest($1::uuid[], $2::uuid[]) AS m(id, event)`,
        [methods.map((m) => m.id), methods.map((m) => m.event), now],
      );
    }
    await eventStore.appendMany(appends);
  }
  return appended;
}

/** The invoice renderer alone (no database): one of the run's payouts rendered `renders` times, as the invoice reactor renders it. */
async function invoiceRenderRate(pool: import('pg').Pool, renders: number): Promise<number> {
  const { rows } = await pool.query<{ data: PayoutIssuedData; number: number }>(
    `SELECT p.data, (i.data->>'number')::int AS number FROM events p JOIN events i ON i.type = 'InvoiceIssued' AND i.data->>'payout_id' = p.data->>'payout_id'
      WHERE p.type = 'PayoutIssued' ORDER BY p.global_position LIMIT 1`,
  );
  const payout = rows[0]!;
  const holder = (await invoiceHolder(pool, payout.data.payout_id))!;
  await renderInvoice({ number: payout.number, payout: payout.data, holder });
  const started = performance.now();
  for (let n = 0; n < renders; n++) await renderInvoice({ number: payout.number + n, payout: payout.data, holder });
  return renders / ((performance.now() - started) / 1000);
}
