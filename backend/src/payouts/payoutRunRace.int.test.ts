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
 * posting is held back while the run starts; Alice earned 750.00 EUR in W46 (30 essays at 25.00).
 */
const clock = settableClock('2026-11-01T09:00:00Z');
let h: ApiHarness;
let alice: TestAffiliate;

beforeAll(async () => {
  h = await startApiHarness({ clock: clock.now });
  const admin = await h.login(h.admin.email, h.admin.password);
  alice = await h.createAffiliate({ firstName: 'Alice', lastName: 'Course' });
  const fixed = await recordVariant(h, { payment_type: 'ppt', name: 'Fixe 25', base_amount_cents: 2500, is_evolutionary: false, tiers: [] }, clock.now());
  expect((await h.call('PUT', `/admin/users/${alice.id}/payment-settings`, { token: admin, body: { payment_type: 'ppt', variant_id: fixed } })).status).toBe(200);
  await givePaymentMethod(h, admin, alice);
  const offer = await createOffer(h, admin, { brand_name: 'LoveMatch', intake: 'import' });
  clock.set('2026-11-13T10:00:00Z');
  const imported = await importFile(h, { token: admin }, { rows: [statRow(alice, '2026-11-10', { siteGroups: { [offer.uniqueId]: { click: 300, registered: 40, essay: 30, bill: 0 } } })] });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
}, 180_000);
afterAll(() => h?.stop());

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
    expect(rows.map((r) => r.data)).toEqual([expect.objectContaining({ week: '2026-W46', issued: 1, issued_cents: 75_000, carried_over: 0 })]);
  });
});
