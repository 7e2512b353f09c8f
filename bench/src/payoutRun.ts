import { randomUUID } from 'node:crypto';
import type { RatePeriodRow } from '../../backend/src/accounts/ratePeriods/schema';
import { userStream, type AccountEvent } from '../../backend/src/accounts/events';
import { earningsStream, type EarningsEvent, type WeekLine } from '../../backend/src/earnings/events';
import { settingsOfPeriod } from '../../backend/src/earnings/pricing';
import { priceWeek, type FigureRow, type RateSettings } from '../../backend/src/earnings/rateEngine';
import { lastClosableWeek } from '../../backend/src/earnings/weekClose';
import { closeTimeOf, weekEarningsDecider, type PricedDay } from '../../backend/src/earnings/weekEarnings';
import { deterministicEventId, systemContext, toNewEvents } from '../../backend/src/eventstore/commands';
import type { StreamAppend } from '../../backend/src/eventstore/eventStore';
import type { PayoutIssuedData, PayoutItem } from '../../backend/src/payouts/events';
import { renderInvoice, sha256, type InvoiceHolder, type InvoiceInput } from '../../backend/src/payouts/invoice';
import { renderInvoiceInWorker } from '../../backend/src/payouts/invoiceRendering';
import { runPayouts } from '../../backend/src/payouts/payoutRun';
import type { RunSummary } from '../../backend/src/payouts/runRecord';
import { addDaysTo, daysOfWeek, mondayOf, nextWeek, previousWeek, startOfDayInstant, type IsoWeek } from '../../backend/src/time/calendar';
import { createOffer, openAffiliates, settled, startBenchServer } from './benchServer';

export type PayoutLoad = { affiliates: number; weeks: number; offers: number; invoices: number; waitForInvoices: boolean };

/**
 * The load: 10,000 affiliates with a year of weeks (BENCH_PAYOUT_AFFILIATES, BENCH_PAYOUT_WEEKS for a quicker look), 1,000
 * invoices rendered alone; BENCH_PAYOUT_WAIT_INVOICES=0 stops once the run and its repetition are measured, without waiting for the run's invoices.
 */
export const PAYOUT_LOAD: PayoutLoad = {
  affiliates: Number(process.env.BENCH_PAYOUT_AFFILIATES ?? 10_000), weeks: Number(process.env.BENCH_PAYOUT_WEEKS ?? 52), offers: 8, invoices: Number(process.env.BENCH_INVOICES ?? 1_000),
  waitForInvoices: process.env.BENCH_PAYOUT_WAIT_INVOICES !== '0',
};

/** Every tenth affiliate earns one essay every sixth week (about 180 EUR a year, below the minimum); the next one never gave a payment method. */
const smallEarner = (i: number) => i % 10 === 0;
const withoutMethod = (i: number) => i % 10 === 1;

export type PayoutRunResult = {
  history: { events: number; appendSeconds: number; processedSeconds: number; ledgerItems: number };
  /**
   * runSeconds: until the run returned (payouts issued and marked paid, carry-overs recorded); readModelsSeconds: until the read models
   * include it all too (history, balances); seconds: until every invoice is done as well (null when not waited for).
   */
  run: { seconds: number | null; runSeconds: number; readModelsSeconds: number; summary: RunSummary; invoices: number; peakRssMb: number; heapAfterMb: number };
  again: { seconds: number; summary: RunSummary; newEvents: number; headBefore: string; headAfter: string };
  /** The Wednesday after: one more week earned and closed, then the run for it, as every week once the year's first run is made. */
  nextWeek: { runSeconds: number; readModelsSeconds: number; summary: RunSummary; snapshots: number; peakRssMb: number };
};

/**
 * The figures of one affiliate-week, as the pricing reactor would get them from rm_figure_rows: a
 * few days with one or two offers, one with a tracker pair, enough for a weekly payout (540 to
 * 840 EUR a week). Deterministic in (affiliate, week).
 */
function weekFigures(i: number, w: number, week: IsoWeek, offerIds: string[]): { day: string; rows: (FigureRow & { offer_id: string; s1: string; s2: string })[] }[] {
  if (smallEarner(i)) return w % 6 === 0 ? [{ day: daysOfWeek(week)[2]!, rows: [{ key: `a|${offerIds[0]}`, essay: 1, bill: 1, offer_id: offerIds[0]!, s1: '', s2: '' }] }] : [];
  const days = daysOfWeek(week);
  return [1, 3, 5].map((d, k) => {
    const a = offerIds[(i + w + k) % offerIds.length]!;
    const b = offerIds[(i + w + k + 1) % offerIds.length]!;
    const n = 8 + ((i * 7 + w * 3 + k) % 4);
    return {
      day: days[d]!,
      rows: [
        { key: `a|${a}||`, essay: n, bill: n, offer_id: a, s1: '', s2: '' },
        { key: `a|${a}|fb|c${k}`, essay: 1, bill: 1, offer_id: a, s1: 'fb', s2: `c${k}` },
        ...(a === b ? [] : [{ key: `b|${b}||`, essay: 1, bill: 0, offer_id: b, s1: '', s2: '' }]),
      ],
    };
  });
}

/**
 * A year of history, built honestly but without a year of imports:
 * - Synthetic (appended straight to the log, built with the real rate engine and deciders): the
 *   accounts (opened a year ago with their payment settings, by benchServer's openAffiliates), the
 *   payment methods (a row in payment_methods naming its PaymentMethodChanged event, as the back
 *   office records them; crypto or bank), and for each of `weeks` weeks the week's pricing
 *   (priceWeek on figures shaped like imports', recorded by weekEarningsDecider as
 *   WeekEarningsRecorded) and its close (CloseWeek at the Tuesday 00:00 after it: WeekClosed), as the
 *   pricing reactor and the Tuesday job would have recorded them.
 * - Real: everything that follows from those events: the read models (day earnings, closed weeks,
 *   rate periods, users...) and the ledger-posting reactor, which posts each closed week on the
 *   affiliate's ledger (LedgerItemPosted with the week's lines and offer names).
 * - Not in the history: earlier payouts. Each would be invoiced by the invoice reactor while the
 *   history is processed (a PDF per affiliate and week, half a million for the whole year), so the
 *   timed run is the first payout run over the year: every affiliate's open items are the year's.
 */
async function buildHistory(server: Awaited<ReturnType<typeof startBenchServer>>, load: PayoutLoad, now: Date): Promise<PayoutRunResult['history'] & { lastWeek: IsoWeek; network: BenchNetwork }> {
  const { eventStore, pool } = server.deps;
  const started = performance.now();
  const headBefore = await eventStore.headPosition();
  await openAffiliates(server, load.affiliates, now);
  const offers = [];
  for (let o = 0; o < load.offers; o++) offers.push(await createOffer(server, `Bench payouts ${o}`, 'import'));
  const offerIds = offers.map((o) => o.id);
  const { rows: users } = await pool.query<RatePeriodRow>(
    `SELECT p.*, u.unique_id FROM rm_users u JOIN rm_rate_periods p ON p.user_id = u.id WHERE u.role = 'affiliate' AND u.unique_id >= 20001 ORDER BY u.unique_id`,
  );
  if (users.length !== load.affiliates) throw new Error(`Expected ${load.affiliates} affiliates with rate settings, found ${users.length}`);
  const opened = new Date(now.getTime() - 366 * 24 * 3600 * 1000);

  // Payment methods: the row (details, never in the log) and the event it names.
  const methods: StreamAppend[] = [];
  const rows: unknown[][] = [];
  users.forEach((user, i) => {
    if (withoutMethod(i)) return;
    const eventId = randomUUID();
    const bank = i % 3 === 0;
    rows.push([user.user_id, bank ? 'bank' : 'crypto', bank ? null : 'USDT (TRC20)', bank ? null : `TBench${String(i).padStart(28, '0')}`, bank ? `Bench SARL ${i}` : null,
      bank ? '12345678900011' : null, bank ? `FR7630006000011234567890${String(i % 1000).padStart(3, '0')}` : null, bank ? '1 rue du Banc, 75001 Paris' : null, bank ? 'France' : null, eventId, opened]);
    const event: AccountEvent = { type: 'PaymentMethodChanged', id: eventId, data: { type: bank ? 'bank' : 'crypto' } };
    methods.push({ streamId: userStream(user.user_id), events: toNewEvents([event], systemContext(opened)), expectedRevision: 1 });
  });
  for (let k = 0; k < rows.length; k += 1000) {
    const chunk = rows.slice(k, k + 1000);
    await pool.query(
      `INSERT INTO payment_methods (user_id, type, crypto_name, crypto_address, company_name, siret, iban, address, country, recorded_event_id, updated_at)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::uuid[], $11::timestamptz[])`,
      chunk[0]!.map((_, c) => chunk.map((r) => r[c])),
    );
    await eventStore.appendMany(methods.slice(k, k + 1000));
  }

  // The weeks, oldest first.
  const lastWeek = lastClosableWeek(now);
  const weeks: IsoWeek[] = [lastWeek];
  while (weeks.length < load.weeks) weeks.unshift(previousWeek(weeks[0]!));
  const network: BenchNetwork = { users, settings: users.map((u) => settingsOfPeriod(u)!), offerIds };
  for (const [w, week] of weeks.entries()) await recordWeek(server, network, w, week);
  const appendSeconds = (performance.now() - started) / 1000;
  await settled(server);
  const { rows: counted } = await pool.query<{ events: number; items: number }>(
    "SELECT count(*)::int AS events, count(*) FILTER (WHERE type = 'LedgerItemPosted')::int AS items FROM events WHERE global_position > $1",
    [headBefore.prepare.toString()],
  );
  return { events: counted[0]!.events, appendSeconds, processedSeconds: (performance.now() - started) / 1000, ledgerItems: counted[0]!.items, lastWeek, network };
}

type BenchNetwork = { users: RatePeriodRow[]; settings: RateSettings[]; offerIds: string[] };

/** The `w`-th week of figures, as the pricing reactor (Sunday evening) and the week close (Tuesday 00:00) would record them. */
async function recordWeek(server: Awaited<ReturnType<typeof startBenchServer>>, { users, settings, offerIds }: BenchNetwork, w: number, week: IsoWeek): Promise<void> {
  const pricedAt = new Date(startOfDayInstant(addDaysTo(mondayOf(week), 6)).getTime() + 20 * 3600 * 1000);
  const appends: StreamAppend[] = [];
  users.forEach((user, i) => {
    const figures = weekFigures(i, w, week, offerIds);
    if (!figures.length) return;
    const priced: PricedDay[] = priceWeek(figures.map((d) => ({ day: d.day, settings: settings[i]!, rows: d.rows }))).map((d, k) => ({
      ...d, rows: d.rows.map((r) => { const f = figures[k]!.rows.find((x) => x.key === r.key)!; return { offer_id: f.offer_id, s1: f.s1, s2: f.s2, count: r.count, amount_cents: r.amount_cents, spans: r.spans }; }),
    }));
    const recorded = weekEarningsDecider.decide({ type: 'RecordWeekPricing', userId: user.user_id, week, days: priced, at: pricedAt }, weekEarningsDecider.initialState());
    const state = recorded.reduce(weekEarningsDecider.evolve, weekEarningsDecider.initialState());
    const closed: EarningsEvent[] = weekEarningsDecider.decide({ type: 'CloseWeek', userId: user.user_id, week, at: closeTimeOf(week) }, state);
    appends.push({
      streamId: earningsStream(user.user_id, week),
      events: [...toNewEvents(recorded, systemContext(pricedAt)), ...toNewEvents(closed, systemContext(closeTimeOf(week)))],
      expectedRevision: 'no_stream',
    });
  });
  for (let k = 0; k < appends.length; k += 1000) await server.deps.eventStore.appendMany(appends.slice(k, k + 1000));
}

/** Seconds until the read models (not the reactors: invoices, mails) include the whole log as it is now. */
async function readModelsCatchUp(server: Awaited<ReturnType<typeof startBenchServer>>): Promise<number> {
  const started = performance.now();
  const head = await server.deps.eventStore.headPosition();
  while (!(await server.deps.readModels.waitFor(head)));
  return (performance.now() - started) / 1000;
}

/**
 * Times `work` and says how far it raised the process's peak resident memory (the kernel's high-water
 * mark, maxRSS: nothing to sample) and where the heap stands after it, once collected if --expose-gc.
 */
async function timedWithMemory<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; peakRssMb: number; heapAfterMb: number }> {
  const peakBefore = process.resourceUsage().maxRSS;
  const started = performance.now();
  const value = await work();
  const seconds = (performance.now() - started) / 1000;
  global.gc?.();
  return { value, seconds, peakRssMb: (process.resourceUsage().maxRSS - peakBefore) / 1024, heapAfterMb: process.memoryUsage().heapUsed / 1024 / 1024 };
}

/**
 * (f) The Wednesday payout run over `affiliates` affiliates with `weeks` weeks of history: the same
 * call as the payout job (`runPayouts(deps, lastClosableWeek(now), now)`; the admin's manual run
 * calls it too), timed until it returns (payouts issued and marked paid, carry-overs recorded) and until the
 * read models show it; then run again at once, which must record nothing (the run's event
 * types counted after the head); then, unless told not to, timed until every invoice (numbered, PDF
 * rendered, hash recorded) and read model is done. Then the steady state: a week later, the next
 * week's figures priced and closed, and that Wednesday's run timed (each affiliate's ledger now holds
 * a year of items, most of them paid).
 */
export async function measurePayoutRun(databaseUrl: string, dataDir: string, load: PayoutLoad, progress: (line: string) => void): Promise<PayoutRunResult> {
  const server = await startBenchServer(databaseUrl, dataDir);
  try {
    const { eventStore, pool } = server.deps;
    const now = new Date();
    const history = await buildHistory(server, load, now);
    progress(
      `  history: ${history.events.toLocaleString('en-US')} events (${history.ledgerItems.toLocaleString('en-US')} ledger items posted by the reactor), ` +
        `appended in ${history.appendSeconds.toFixed(0)} s, processed by read models and reactors after ${history.processedSeconds.toFixed(0)} s`,
    );
    const deps = server.deps;
    const started = performance.now();
    const run = await timedWithMemory(() => runPayouts(deps, history.lastWeek, now));
    const runShown = run.seconds + (await readModelsCatchUp(server));
    // At once, while the invoices are still being drawn: it must record nothing (the invoice reactor's events aside).
    const headBefore = await eventStore.headPosition();
    const again = await timedWithMemory(() => runPayouts(deps, history.lastWeek, new Date(now.getTime() + 60_000)));
    const headAfter = await eventStore.headPosition();
    const { rows: fresh } = await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM events WHERE global_position > $1 AND type IN ('PayoutIssued', 'ItemsSettled', 'BalanceCarriedOver', 'PayoutPaid')",
      [headBefore.prepare.toString()],
    );
    if (load.waitForInvoices) await settled(server);
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM payout_invoices');
    const seconds = load.waitForInvoices ? (performance.now() - started) / 1000 : null;

    // A week later, once last week's invoices are drawn: the next week's figures priced and closed, the ledger items posted, then its Wednesday run.
    await settled(server);
    const week = nextWeek(history.lastWeek);
    await recordWeek(server, history.network, load.weeks, week);
    await settled(server);
    const { rows: snapshots } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_snapshots');
    const steady = await timedWithMemory(() => runPayouts(deps, week, new Date(now.getTime() + 7 * 24 * 3600 * 1000)));
    const steadyShown = steady.seconds + (await readModelsCatchUp(server));
    return {
      history,
      run: {
        runSeconds: run.seconds, readModelsSeconds: runShown, seconds, summary: run.value, invoices: rows[0]!.n, peakRssMb: run.peakRssMb, heapAfterMb: run.heapAfterMb,
      },
      again: { seconds: again.seconds, summary: again.value, newEvents: fresh[0]!.n, headBefore: `${headBefore.commit}/${headBefore.prepare}`, headAfter: `${headAfter.commit}/${headAfter.prepare}` },
      nextWeek: { runSeconds: steady.seconds, readModelsSeconds: steadyShown, summary: steady.value, snapshots: snapshots[0]!.n, peakRssMb: steady.peakRssMb },
    };
  } finally {
    await server.stop();
  }
}

const WEEK_LINE: Omit<WeekLine, 'offer_id' | 'count' | 'amount_cents'> = {
  paid_kind: 'bill', rate_kind: 'tiers', tier_level: 1, rate_cents: 2000, variant_id: '7b0f6a52-3f3c-4d8e-9a39-0f3c1d2e4b5a', variant_version: 3, variant_name: 'Bench tiers',
};

/** A weekly payout as the run issues it (ids derived from `n`: the same `n`, the same invoice bytes): the week's item with a line per offer and tier, a correction of an earlier week, a referral commission, and a balance carried in. */
export function weeklyPayout(n: number): { payout: PayoutIssuedData; holder: InvoiceHolder } {
  let ids = 0;
  const randomUUID = () => deterministicEventId('bench-invoice', String(n), String(ids++));
  const userId = randomUUID();
  const line = (offer: number, tier: number, count: number) => ({
    ...WEEK_LINE, offer_id: `00000000-0000-4000-8000-00000000000${offer}`, offer_name: `Offre ${offer}`, offer_unique_id: 10_000 + offer, tier_level: tier,
    rate_cents: 1500 + tier * 500, count, amount_cents: count * (1500 + tier * 500),
  });
  const weekLines = [line(1, 1, 12 + (n % 5)), line(1, 2, 6), line(2, 1, 9), line(3, 1, 4)];
  const items: PayoutItem[] = [
    { item_id: randomUUID(), kind: 'week', amount_cents: weekLines.reduce((s, l) => s + l.amount_cents, 0), week: '2026-W45', label: 'Semaine 2026-W45 (du 02/11/2026 au 08/11/2026)', source: { type: 'week', event_id: randomUUID() }, lines: weekLines, carried: false },
    { item_id: randomUUID(), kind: 'week', amount_cents: 21_000, week: '2026-W44', label: 'Semaine 2026-W44 (du 26/10/2026 au 01/11/2026)', source: { type: 'week', event_id: randomUUID() }, lines: [line(2, 1, 7), line(3, 1, 3)], carried: true },
    { item_id: randomUUID(), kind: 'correction', amount_cents: 4_500, week: '2026-W43', label: 'Correction 2026-W43 : +2 ventes, palier 2 -> 3, +45,00 EUR', source: { type: 'correction', event_id: randomUUID() }, lines: [line(1, 3, 2)], carried: false },
    {
      item_id: randomUUID(), kind: 'referral', amount_cents: 1_234, week: '2026-W45', label: 'Parrainage : affilié 20417, semaine 2026-W45, 5,0 % de 246,80 EUR',
      source: { type: 'referral', event_id: randomUUID(), referred_user_id: randomUUID(), referred_unique_id: 20_417, base_cents: 24_680, rate_tenths: 50, exact_thousandths: 1_234_000, rounded_cents: 1_234 }, lines: [], carried: false,
    },
  ];
  const total = items.reduce((s, i) => s + i.amount_cents, 0);
  return {
    payout: {
      payout_id: randomUUID(), user_id: userId, week: '2026-W45', item_ids: items.map((i) => i.item_id), lines: items, carried_in_cents: 21_000, total_cents: total,
      payment_method_type: n % 3 ? 'crypto' : 'bank', payment_method_event_id: randomUUID(), computed_at: `${1000 + n}/${1000 + n}`, issued_at: '2026-11-11T05:00:00.000Z',
    },
    holder: n % 3
      ? { unique_id: 20_001 + n, first_name: 'Camille', last_name: `Martin ${n}`, type: 'crypto', crypto_name: 'USDT (TRC20)', crypto_address: 'TXYZa1b2c3d4e5f6g7h8i9j0kLmNoPqRsT', company_name: null, siret: null, iban: null, address: null, country: null }
      : { unique_id: 20_001 + n, first_name: 'Camille', last_name: `Martin ${n}`, type: 'bank', crypto_name: null, crypto_address: null, company_name: 'Martin SARL', siret: '12345678900011', iban: 'FR7630006000011234567890189', address: '1 rue de la Paix, 75002 Paris', country: 'France' },
  };
}

type Rendering = { invoices: number; seconds: number; perSecond: number; averageBytes: number };

async function timedRendering(count: number, render: (inputs: InvoiceInput[]) => Promise<Buffer[]>): Promise<Rendering> {
  const inputs = Array.from({ length: count }, (_, n) => ({ number: n + 1, ...weeklyPayout(n) }));
  await render(inputs.slice(0, 20)); // warm-up: fonts parsed, code compiled, workers started
  const started = performance.now();
  const pdfs = await render(inputs);
  const bytes = pdfs.reduce((sum, pdf) => (sha256(pdf), sum + pdf.length), 0);
  const seconds = (performance.now() - started) / 1000;
  return { invoices: count, seconds, perSecond: count / seconds, averageBytes: bytes / count };
}

/**
 * (g) The invoice renderer alone, no database: `count` weekly invoices of realistic content (about a
 * dozen lines on one page) rendered and hashed, in process one after the other, then all at once
 * through the worker threads the invoice reactor uses (one per core but one).
 */
export async function measureInvoiceRendering(count: number): Promise<{ inProcess: Rendering; workers: Rendering }> {
  const inProcess = await timedRendering(count, async (inputs) => {
    const pdfs: Buffer[] = [];
    for (const input of inputs) pdfs.push(await renderInvoice(input));
    return pdfs;
  });
  const workers = await timedRendering(count, (inputs) => Promise.all(inputs.map(renderInvoiceInWorker)));
  return { inProcess, workers };
}
