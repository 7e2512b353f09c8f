import type { AffiliatePaymentsData } from '@affilux/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../../../test/apiHarness';
import { recordVariant } from '../../../test/catalogueEvents';
import { createOffer, importFile, settableClock, statRow } from '../../../test/figuresSetup';
import { givePaymentMethod, moneyJobs, paris } from '../../../test/payoutsSetup';
import { LEDGER_POSTING } from './ledgerPosting';

/**
 * A server starting on Wednesday after missing both Tuesday's close and the run queues both at once:
 * the close records the week, and the run must not read the ledgers before the week's items are
 * posted on them, or it carries over (or skips) a balance without its last week. Here the ledger
 * posting is held back while the run starts; Alice earned 750.00 EUR in W46 (30 essays at 25.00),
 * Bob 125.00 (carried over, below the minimum).
 */
const clock = settableClock('2026-11-01T09:00:00Z');
let h: ApiHarness;
let admin: string;
let alice: TestAffiliate;
let bob: TestAffiliate;
let offer: { id: string; uniqueId: number };
const essays = (who: TestAffiliate, day: string, n: number) => statRow(who, day, { siteGroups: { [offer.uniqueId]: { click: 10 * n, registered: 2 * n, essay: n, bill: 0 } } });

beforeAll(async () => {
  h = await startApiHarness({ clock: clock.now });
  admin = await h.login(h.admin.email, h.admin.password);
  alice = await h.createAffiliate({ firstName: 'Alice', lastName: 'Course' });
  bob = await h.createAffiliate({ firstName: 'Bob', lastName: 'Petit' });
  const fixed = await recordVariant(h, { payment_type: 'ppt', name: 'Fixe 25', base_amount_cents: 2500, is_evolutionary: false, tiers: [] }, clock.now());
  for (const who of [alice, bob]) {
    expect((await h.call('PUT', `/admin/users/${who.id}/payment-settings`, { token: admin, body: { payment_type: 'ppt', variant_id: fixed } })).status).toBe(200);
    await givePaymentMethod(h, admin, who);
  }
  offer = await createOffer(h, admin, { brand_name: 'LoveMatch', intake: 'import' });
}, 180_000);
afterAll(() => h?.stop());

describe('a server starting on Wednesday after missing the close and the run, its read models behind', () => {
  it('finds both missed once its read models are current, though no ledger had open items before the close', async () => {
    const jobs = moneyJobs(h);
    const behind = await h.db.pool.connect();
    try {
      // The open weeks stay as they were (as while an upgrade rebuilds them) until this transaction ends.
      await behind.query('BEGIN');
      await behind.query("SELECT 1 FROM processor_checkpoints WHERE name = 'week_closes' FOR UPDATE");
      clock.set('2026-11-13T10:00:00Z');
      const imported = await importFile(h, { token: admin }, { rows: [essays(alice, '2026-11-10', 30), essays(bob, '2026-11-10', 5)] });
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);

      const starting = paris('2026-11-18', 7);
      const checks = Promise.all([jobs.closeDueAtStart(starting), jobs.runDueAtStart(starting)]);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await behind.query('COMMIT');
      expect(await checks).toEqual([true, true]);
    } finally {
      behind.release();
    }
  }, 60_000);
});

describe('the week close and the payout run started together', () => {
  it('the run waits for the closed week to be on the ledgers, then pays it', async () => {
    const jobs = moneyJobs(h);
    const posting = await h.db.pool.connect();
    try {
      // The ledger posting cannot work while this transaction holds its lock.
      await posting.query('BEGIN');
      await posting.query("SELECT pg_advisory_xact_lock(hashtextextended('processor:' || $1, 0))", [LEDGER_POSTING]);
      const closing = jobs.closeWeeks(paris('2026-11-18', 6));
      for (let closed = 0; closed === 0; await new Promise((resolve) => setTimeout(resolve, 50))) {
        closed = (await h.db.pool.query('SELECT count(*)::int AS n FROM rm_week_closes WHERE user_id = $1', [alice.id])).rows[0].n;
      }
      const running = jobs.run(paris('2026-11-18', 6));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await posting.query('COMMIT');
      await Promise.all([closing, running]);
    } finally {
      posting.release();
    }

    const { body } = await h.call<AffiliatePaymentsData>('GET', '/affiliate/account/payments', { token: alice.token });
    expect(body).toMatchObject({ unpaidBalance: '0.00', carriedOver: null, payments: [{ amount: '750.00', week_label: '2026-W46', status: 'paid' }] });
    const { rows } = await h.db.pool.query("SELECT data FROM events WHERE type = 'PayoutRunCompleted'");
    expect(rows.map((r) => r.data)).toEqual([expect.objectContaining({ week: '2026-W46', issued: 1, issued_cents: 75_000, carried_over: 1 })]);
  });
});

describe('a missed run, then a later week paid by hand', () => {
  it('W47 run missed, W48 paid by an admin on Tuesday: a server starting then does not make the W47 run after it', async () => {
    const jobs = moneyJobs(h);
    clock.set('2026-11-20T10:00:00Z');
    expect((await importFile(h, { token: admin }, { rows: [essays(alice, '2026-11-17', 30)] })).status).toBe(200);
    // Down from before Tuesday 24 November to Tuesday 1 December 03:00: W47's close and run were missed.
    clock.set(paris('2026-12-01', 3).toISOString());
    expect(await jobs.runDueAtStart(clock.now())).toBe(true);
    const run = await h.call('POST', '/admin/payments/run', { token: admin, body: { week: '2026-W48' } });
    expect(run.status, JSON.stringify(run.body)).toBe(200);

    // Bob's balance is still open, but W48 was paid: W47's run would come after it.
    expect(await jobs.runDueAtStart(paris('2026-12-01', 3, 30))).toBe(false);
    // Once the admin's run is whole (its invoices drawn), the job records nothing.
    while (!(await h.server.deps.readModels.waitForConsequences(await h.server.deps.eventStore.headPosition())));
    const head = await h.eventHead();
    await jobs.run(paris('2026-12-01', 3, 30));
    expect(await h.eventHead()).toBe(head);
  });
});
