import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../../test/apiHarness';
import { createOffer, importFile, settableClock } from '../../../test/figuresSetup';
import { moneyJobs, paris, payoutsPerWeek } from '../../../test/payoutsSetup';
import { userStream, type AccountEvent } from '../accounts/events';
import { systemContext, toNewEvents } from '../eventstore/commands';

/**
 * The Wednesday run, in a process of its own (test/payoutRunChild.ts, in batches of 4 affiliates so
 * that it has many steps), killed with SIGKILL once it has issued some payouts, then run again by
 * the job: every affiliate is paid exactly once for the week, or carried over exactly once, with
 * gapless invoice numbers and ledgers whose events add up.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const AFFILIATES = 200;
const WEEK = '2026-W45';
/** Every tenth affiliate earns 10 essays (200.00 EUR, below the minimum); the next one has no payment method; the others earn 30 (600.00 EUR). */
const belowMinimum = (i: number) => i % 10 === 0;
const withoutMethod = (i: number) => i % 10 === 1;
const PAYEES = Array.from({ length: AFFILIATES }, (_, i) => i).filter((i) => !belowMinimum(i) && !withoutMethod(i)).length;
const clock = settableClock('2026-10-28T09:00:00Z');
let h: ApiHarness;
let child: ChildProcess | undefined;
const earned = new Map<string, number>();
const payees = new Set<string>();

async function until(probe: () => Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
const count = async (sql: string) => Number((await h.db.pool.query<{ n: number }>(sql)).rows[0]!.n);
const issuedCount = () => count("SELECT count(*)::int AS n FROM events WHERE type = 'PayoutIssued'");

beforeAll(async () => {
  h = await startApiHarness({ clock: clock.now });
  const admin = await h.login(h.admin.email, h.admin.password);
  const offer = await createOffer(h, admin, { brand_name: 'LoveMatch', intake: 'import' });
  // Affiliates opened as their events say; a payment method row names its event, as the back office does it.
  const { eventStore, readModels } = h.server.deps;
  const ctx = systemContext(clock.now());
  const rows = [];
  for (let i = 0; i < AFFILIATES; i++) {
    const id = randomUUID();
    const events: AccountEvent[] = [
      { type: 'AffiliateAccountOpened', data: { user_id: id, application_id: id, unique_id: 20001 + i, email: `crash${i}@example.test`, first_name: 'A', last_name: `N${i}`, username: `c${i}`, contact_method: '@c', country: 'France' } },
      { type: 'PaymentSettingsChanged', data: { payment_type: 'ppt', variant_id: null } },
    ];
    const newEvents = toNewEvents(events, ctx);
    if (!withoutMethod(i)) {
      const methodEvent = randomUUID();
      await h.db.pool.query(
        "INSERT INTO payment_methods (user_id, type, crypto_name, crypto_address, recorded_event_id, updated_at) VALUES ($1, 'crypto', 'USDT', $2, $3, $4)",
        [id, `TADDR${i}`, methodEvent, clock.now()],
      );
      newEvents.push(...toNewEvents([{ type: 'PaymentMethodChanged', id: methodEvent, data: { type: 'crypto' } }], ctx));
    }
    await eventStore.append(userStream(id), newEvents, { expectedRevision: 'no_stream' });
    const essays = belowMinimum(i) ? 10 : 30;
    earned.set(id, essays * 2000);
    if (!belowMinimum(i) && !withoutMethod(i)) payees.add(id);
    rows.push({ source: String(20001 + i), stat_date: '2026-11-03', data: { siteGroups: { [offer.uniqueId]: { click: 100, registered: 40, essay: essays } } } });
  }
  // The import names the affiliates by their ids: the users read model must have them all (one wait gives up after 10 s on a busy machine).
  const head = await eventStore.headPosition();
  for (let round = 0; !(await readModels.waitFor(head)); round++) if (round === 12) throw new Error('The read models did not take in the accounts within two minutes');
  clock.set(paris('2026-11-09', 10).toISOString());
  const imported = await importFile(h, { token: admin }, { rows });
  expect(imported.status, JSON.stringify(imported.body).slice(0, 2000)).toBe(200);
  await moneyJobs(h).closeWeeks(paris('2026-11-10', 0, 5));
  expect(await count("SELECT count(*)::int AS n FROM events WHERE type = 'LedgerItemPosted'")).toBe(AFFILIATES);
}, 300_000);
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await h?.stop();
});

describe('a payout run killed half-way', () => {
  it('is finished by the next run: each affiliate paid or carried over exactly once, invoice numbers without gaps, ledgers that add up', async () => {
    const now = paris('2026-11-11', 6);
    child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/payoutRunChild.ts')], {
      cwd: ROOT, env: { ...process.env, DATABASE_URL: h.db.url, WEEK, NOW: now.toISOString(), BATCH: '4' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    await until(async () => child!.exitCode !== null || (await issuedCount()) >= 10, 'the run to issue payouts');
    child.kill('SIGKILL');
    await exited;
    expect(child.signalCode, `the run ended before the kill: ${output}`).toBe('SIGKILL');
    const issuedBeforeKill = await issuedCount();
    expect(issuedBeforeKill).toBeGreaterThan(0);
    expect(issuedBeforeKill).toBeLessThan(PAYEES);

    // The next run (here the job, a little later) finishes the week.
    await moneyJobs(h).run(new Date(now.getTime() + 60_000));
    const perWeek = await payoutsPerWeek(h);
    expect(perWeek.map((p) => p.user_id).sort()).toEqual([...payees].sort());
    expect(perWeek.every((p) => p.week === WEEK && p.n === 1)).toBe(true);
    const { rows: carried } = await h.db.pool.query<{ user_id: string; reason: string; n: number }>(
      "SELECT data->>'user_id' AS user_id, data->>'reason' AS reason, count(*)::int AS n FROM events WHERE type = 'BalanceCarriedOver' AND data->>'week' = $1 GROUP BY 1, 2",
      [WEEK],
    );
    expect(carried).toHaveLength(AFFILIATES - PAYEES);
    expect(carried.every((c) => c.n === 1 && !payees.has(c.user_id))).toBe(true);
    expect(carried.filter((c) => c.reason === 'below_minimum')).toHaveLength(AFFILIATES / 10);
    expect(carried.filter((c) => c.reason === 'no_payment_method')).toHaveLength(AFFILIATES / 10);
    expect(await count("SELECT count(*)::int AS n FROM events WHERE type = 'PayoutPaid'")).toBe(PAYEES);
    expect(await count('SELECT count(*)::int AS n FROM payout_payment_methods')).toBe(PAYEES);

    // The ledgers, from their events: each payout settles exactly its amount, once; what is left is what was carried over.
    const { rows: ledgers } = await h.db.pool.query<{ user_id: string; posted: number; settled: number; settlements: number; paid: number; rm: number }>(
      `SELECT l.user_id, l.posted, coalesce(s.settled, 0)::int AS settled, coalesce(s.n, 0)::int AS settlements, coalesce(p.paid, 0)::int AS paid, b.balance_cents::int AS rm
         FROM (SELECT data->>'user_id' AS user_id, sum((data->>'amount_cents')::int)::int AS posted FROM events WHERE type = 'LedgerItemPosted' GROUP BY 1) l
         LEFT JOIN (SELECT data->>'user_id' AS user_id, sum((data->>'amount_cents')::int) AS settled, count(*) AS n FROM events WHERE type = 'ItemsSettled' GROUP BY 1) s USING (user_id)
         LEFT JOIN (SELECT data->>'user_id' AS user_id, sum((data->>'total_cents')::int) AS paid FROM events WHERE type = 'PayoutIssued' GROUP BY 1) p USING (user_id)
         LEFT JOIN rm_ledger_balances b ON b.id = l.user_id::uuid`,
    );
    expect(ledgers).toHaveLength(AFFILIATES);
    for (const l of ledgers) {
      const paid = payees.has(l.user_id);
      expect(l, l.user_id).toEqual({
        user_id: l.user_id, posted: earned.get(l.user_id), settled: paid ? earned.get(l.user_id) : 0, settlements: paid ? 1 : 0,
        paid: paid ? earned.get(l.user_id) : 0, rm: paid ? 0 : earned.get(l.user_id),
      });
    }

    // Invoices: one per payout, numbered 1..n in log order.
    await expect.poll(() => count("SELECT count(*)::int AS n FROM events WHERE type = 'InvoiceIssued'"), { timeout: 120_000, interval: 200 }).toBe(PAYEES);
    await expect.poll(() => count('SELECT count(*)::int AS n FROM payout_invoices'), { timeout: 120_000, interval: 200 }).toBe(PAYEES);
    const { rows: invoices } = await h.db.pool.query<{ number: number; log_order: number }>(
      "SELECT (i.data->>'number')::int AS number, row_number() OVER (ORDER BY p.transaction_id, p.global_position)::int AS log_order FROM events p JOIN events i ON i.type = 'InvoiceIssued' AND i.data->>'payout_id' = p.data->>'payout_id' WHERE p.type = 'PayoutIssued' ORDER BY 2",
    );
    expect(invoices.map((r) => r.number)).toEqual(Array.from({ length: PAYEES }, (_, i) => i + 1));
    expect(await count('SELECT count(DISTINCT number)::int AS n FROM payout_invoices')).toBe(PAYEES);

    // Run once more: nothing new is recorded.
    const head = await h.eventHead();
    await moneyJobs(h).run(new Date(now.getTime() + 120_000));
    expect(await h.eventHead()).toBe(head);
  }, 300_000);
});
