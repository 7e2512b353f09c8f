import type { AffiliatePaymentsData, PaymentExplanation, PaymentHistoryRow, PayoutPreview, WrittenOffBalance } from '@affilux/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../../../test/apiHarness';
import { recordVariant, recordVariantUpdate } from '../../../test/catalogueEvents';
import { createOffer, importFile, settableClock, statRow } from '../../../test/figuresSetup';
import { balanceOf, download, givePaymentMethod, moneyJobs, paris, payoutsPerWeek } from '../../../test/payoutsSetup';
import { features } from '../features';
import { processorsOf } from '../processing/index';
import { rebuildReadModels } from '../processing/rebuild';
import { createProcessorRunner } from '../processing/runner';
import type { VariantDefinition } from '../variants/events';
import { stateOf } from '../eventstore/commands';
import { positionToString } from '../eventstore/eventStore';
import { creditNoteFacts } from './creditNotes';
import { ledgerStream, payoutStream, type PayoutIssuedData } from './events';
import { ledgerDecider } from './ledger';
import { compactLedger, loadLedgers } from './ledgerSnapshots';
import { invoiceHolder } from './invoices';
import { renderCreditNote, renderInvoice, sha256 } from './invoice';

/**
 * Four weeks of a small network through the real intake (imports), the real pricing and the real
 * money jobs, the clock moved by the test: W45 (2-8 Nov 2026) to W48 (23-29 Nov), then the winter's
 * dormancy. Alice (PPT, 20.00 EUR an essay) earns below the minimum and is carried over; Bob (SALE,
 * Gold tiers 20/25/30 EUR) is paid every week and has a late correction; Rita refers Bob at 10 %;
 * Dora earns once and goes dormant. W46's Tuesday close is missed: the Wednesday run closes it.
 */
const clock = settableClock('2026-10-28T09:00:00Z');
let h: ApiHarness;
let admin: string;
let alice: TestAffiliate;
let bob: TestAffiliate;
let rita: TestAffiliate;
let dora: TestAffiliate;
let offer: { id: string; uniqueId: number };
let gold: VariantDefinition;
let jobs: ReturnType<typeof moneyJobs>;

const at = (instant: Date) => clock.set(instant.toISOString());
const essays = (who: TestAffiliate, day: string, n: number) => statRow(who, day, { siteGroups: { [offer.uniqueId]: { click: 10 * n, registered: 2 * n, essay: n, bill: 0 } } });
const bills = (who: TestAffiliate, day: string, n: number) => statRow(who, day, { siteGroups: { [offer.uniqueId]: { click: 10 * n, registered: 2 * n, essay: n, bill: n } } });
async function send(...rows: ReturnType<typeof statRow>[]) {
  const answer = await importFile(h, { token: admin }, { rows });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
const payments = async (who: TestAffiliate) => (await h.call<AffiliatePaymentsData>('GET', '/affiliate/account/payments', { token: who.token })).body;
const explain = async (who: TestAffiliate, id: string) => (await h.call<PaymentExplanation>('GET', `/affiliate/account/payments/${id}`, { token: who.token })).body;
const payoutOf = async (who: TestAffiliate, week: string) => (await payments(who)).payments.find((p) => p.week_label === week)!;
const mailsTo = (who: TestAffiliate, subject: RegExp) => h.smtp.mailsTo(who.email).filter((m) => subject.test(m.subject));

beforeAll(async () => {
  h = await startApiHarness({ clock: clock.now });
  admin = await h.login(h.admin.email, h.admin.password);
  jobs = moneyJobs(h);
  alice = await h.createAffiliate({ firstName: 'Alice', lastName: 'Essai' });
  bob = await h.createAffiliate({ firstName: 'Bob', lastName: 'Vente' });
  rita = await h.createAffiliate({ firstName: 'Rita', lastName: 'Parrain' });
  dora = await h.createAffiliate({ firstName: 'Dora', lastName: 'Dormante' });
  const tiers = [
    { tier_level: 1, min_sales: 0, max_sales: 2, amount_cents: 2000 },
    { tier_level: 2, min_sales: 3, max_sales: 4, amount_cents: 2500 },
    { tier_level: 3, min_sales: 5, max_sales: null, amount_cents: 3000 },
  ];
  const goldId = await recordVariant(h, { payment_type: 'sale', name: 'Gold', base_amount_cents: 2000, is_evolutionary: true, tiers }, clock.now());
  gold = { variant_id: goldId, payment_type: 'sale', name: 'Gold', base_amount_cents: 2000, is_evolutionary: true, tiers };
  expect((await h.call('PUT', `/admin/users/${bob.id}/payment-settings`, { token: admin, body: { payment_type: 'sale', variant_id: goldId } })).status).toBe(200);
  expect((await h.call('PUT', `/admin/users/${rita.id}/referral-commission`, { token: admin, body: { referral_commission_rate: 10 } })).status).toBe(200);
  expect((await h.call('PUT', `/admin/users/${bob.id}/referral`, { token: admin, body: { referred_by: rita.uniqueId } })).status).toBe(200);
  for (const who of [alice, bob, rita]) await givePaymentMethod(h, admin, who);
  offer = await createOffer(h, admin, { brand_name: 'LoveMatch', intake: 'import' });
}, 180_000);
afterAll(() => h?.stop());

describe('four weeks of payouts', () => {
  it('W45: closes each affiliate-week line by line, pays Bob, carries Alice, Rita and Dora over (below the minimum) and tells Alice why', async () => {
    at(paris('2026-11-09', 10));
    await send(bills(bob, '2026-11-02', 20), essays(alice, '2026-11-03', 15), essays(dora, '2026-11-04', 5));

    await jobs.closeWeeks(paris('2026-11-10', 0, 5));
    const { rows: closed } = await h.db.pool.query("SELECT data FROM events WHERE type = 'WeekClosed' AND data->>'user_id' = $1", [bob.id]);
    expect(closed[0].data).toMatchObject({
      week: '2026-W45',
      total_cents: 57_000,
      lines: [
        { offer_id: offer.id, paid_kind: 'bill', rate_kind: 'tiers', tier_level: 1, rate_cents: 2000, variant_id: gold.variant_id, variant_version: 1, count: 2, amount_cents: 4000 },
        { tier_level: 2, rate_cents: 2500, count: 2, amount_cents: 5000 },
        { tier_level: 3, rate_cents: 3000, count: 16, amount_cents: 48_000 },
      ],
    });
    // Rita's commission: 10 % of Bob's week, rounded once, the rounding recorded.
    const { rows: referral } = await h.db.pool.query("SELECT data FROM events WHERE type = 'LedgerItemPosted' AND data->>'kind' = 'referral'");
    expect(referral.map((r) => r.data)).toEqual([
      expect.objectContaining({
        user_id: rita.id, amount_cents: 5700, week: '2026-W45', label: `Parrainage : affilié ${String(bob.uniqueId).padStart(5, '0')}, semaine 2026-W45, 10,0 % de 570,00 EUR`,
        source: expect.objectContaining({ referred_user_id: bob.id, base_cents: 57_000, rate_tenths: 100, exact_thousandths: 5_700_000, rounded_cents: 5700 }),
      }),
    ]);

    at(paris('2026-11-11', 6));
    await jobs.run(clock.now());
    expect(await payments(bob)).toMatchObject({ unpaidBalance: '0.00', lastPaymentAmount: '570.00', payments: [{ amount: '570.00', week_label: '2026-W45', status: 'paid', reference: 1, payment_method_type: 'crypto' }] });
    expect(await payments(alice)).toMatchObject({ unpaidBalance: '300.00', lastPaymentAmount: null, payments: [], carriedOver: { week: '2026-W45', reason: 'below_minimum' } });
    expect(await balanceOf(h, rita)).toBe(5700);
    expect(await balanceOf(h, dora)).toBe(10_000);
    const carried = await h.smtp.waitForMail(alice.email, { subject: /reporté/ });
    expect(carried.text).toContain('300,00 EUR');
    expect(carried.text).toContain('500,00 EUR');
    // A carried-over balance has no invoice: its link does not promise one.
    expect(carried.text).toContain('Voir mes paiements');
    expect(carried.text).not.toContain('facture');
    const issued = await h.smtp.waitForMail(bob.email, { subject: /Votre paiement de la semaine 2026-W45/ });
    expect(issued.text).toContain('570,00 EUR');
    expect(issued.text).toContain('/affiliate/payments');
    expect(issued.text).toContain('Voir mes paiements et la facture');
  });

  it('W46, its Tuesday close missed: the preview counts the weeks the run will close and says exactly whom the run pays and carries over, Rita’s commission included, recording nothing', async () => {
    at(paris('2026-11-16', 10));
    await send(bills(bob, '2026-11-09', 20), essays(alice, '2026-11-10', 12));
    // No week close on Tuesday 17 (the server was down): the admin previews on Wednesday, then the run.
    at(paris('2026-11-18', 6));
    expect(await jobs.closeDueAtStart(clock.now())).toBe(true);
    // W45's run was made; W46's is due from Wednesday 06:00: a server starting later makes it.
    expect(await jobs.runDueAtStart(paris('2026-11-18', 5, 59))).toBe(false);
    expect(await jobs.runDueAtStart(clock.now())).toBe(true);
    // Still due from a server starting as late as the next Tuesday, after W47's close.
    expect(await jobs.runDueAtStart(paris('2026-11-24', 3))).toBe(true);
    const head = await h.eventHead();
    const { status, body: preview } = await h.call<PayoutPreview>('GET', '/admin/payments/preview?week=2026-W46', { token: admin });
    expect(status).toBe(200);
    expect(await h.eventHead()).toBe(head);

    await jobs.run(clock.now());
    const { rows: issued } = await h.db.pool.query("SELECT data->>'user_id' AS user_id, (data->>'total_cents')::int AS cents FROM events WHERE type = 'PayoutIssued' AND data->>'week' = '2026-W46'");
    const { rows: carried } = await h.db.pool.query(
      "SELECT data->>'user_id' AS user_id, (data->>'balance_cents')::int AS cents, data->>'reason' AS reason FROM events WHERE type = 'BalanceCarriedOver' AND data->>'week' = '2026-W46'",
    );
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    const byUser = <T extends { user_id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.user_id < b.user_id ? -1 : 1));
    expect(byUser(preview.payouts.map((p) => ({ user_id: p.user_id, cents: cents(p.amount) })))).toEqual(byUser(issued));
    expect(byUser(preview.carriedOver.map((p) => ({ user_id: p.user_id, cents: cents(p.amount), reason: p.reason })))).toEqual(byUser(carried));
    // Bob's and Alice's W46, both closed by the run: Bob 570.00, Alice 300.00 carried + 240.00, Rita 57.00 + 57.00 on Bob's W46, Dora 100.00.
    expect(preview.weeksToClose).toBe(2);
    expect(byUser(issued)).toEqual(byUser([{ user_id: bob.id, cents: 57_000 }, { user_id: alice.id, cents: 54_000 }]));
    expect(byUser(carried)).toEqual(byUser([{ user_id: rita.id, cents: 11_400, reason: 'below_minimum' }, { user_id: dora.id, cents: 10_000, reason: 'below_minimum' }]));
    expect(preview.total).toBe('1110.00');
    expect(await jobs.closeDueAtStart(clock.now())).toBe(false);
    expect(await jobs.runDueAtStart(clock.now())).toBe(false);
    const { rows: recorded } = await h.db.pool.query("SELECT data FROM events WHERE stream_id = 'payout-run-2026-W46'");
    expect(recorded.map((r) => r.data)).toEqual([{ week: '2026-W46', issued: 2, issued_cents: 111_000, carried_over: 2, carried_already: 0, issued_already: 0, paid: 2, completed_at: paris('2026-11-18', 6).toISOString() }]);
  });

  it('W46: pays Alice the sum of both weeks, with both weeks’ lines and the balance carried in', async () => {
    const payout = await payoutOf(alice, '2026-W46');
    expect(payout).toMatchObject({ amount: '540.00', status: 'paid' });
    const explanation = await explain(alice, payout.id);
    expect(explanation).toMatchObject({ week_start: '2026-11-09', week_end: '2026-11-15', carried_in: '300.00', total: '540.00' });
    expect(explanation.items.map((i) => [i.kind, i.week, i.amount])).toEqual([['week', '2026-W45', '300.00'], ['week', '2026-W46', '240.00']]);
    expect(explanation.items[0]!.lines).toEqual([
      { offer_id: offer.id, offer_name: 'LoveMatch', kind: 'essay', tier_level: null, rate: '20.00', variant_id: null, variant_name: null, variant_version: null, count: 15, amount: '300.00' },
    ]);
    expect(await payments(alice)).toMatchObject({ unpaidBalance: '0.00', carriedOver: null });
    expect(await balanceOf(h, rita)).toBe(11_400);
  });

  it('a late correction of a paid week, priced with that week’s own tiers, is a labelled correction line of the next payout and corrects the referral commission', async () => {
    // Gold's tier 3 goes to 40.00 EUR from 18 November: W45 keeps version 1.
    at(paris('2026-11-18', 12));
    await recordVariantUpdate(h, { ...gold, tiers: gold.tiers.map((t) => (t.tier_level === 3 ? { ...t, amount_cents: 4000 } : t)) }, clock.now());
    at(paris('2026-11-19', 10));
    await send(bills(bob, '2026-11-02', 22));
    const { rows } = await h.db.pool.query("SELECT data FROM events WHERE type = 'WeekCorrected'");
    expect(rows.map((r) => r.data)).toEqual([
      expect.objectContaining({
        user_id: bob.id, week: '2026-W45', delta_cents: 6000, label: '2026-W45 : +2 ventes, +60,00 EUR',
        lines: [expect.objectContaining({ tier_level: 3, rate_cents: 3000, variant_version: 1, count: 2, amount_cents: 6000 })],
      }),
    ]);
    // The statistics and the day's price follow the correction.
    const { rows: day } = await h.db.pool.query("SELECT e.amount_cents::int AS earned, d.revenue_cents::int AS revenue FROM rm_day_earnings e JOIN rm_affiliate_days d USING (user_id, day) WHERE e.user_id = $1 AND e.day = '2026-11-02'", [bob.id]);
    expect(day).toEqual([{ earned: 63_000, revenue: 63_000 }]);
    const weekClosed = await h.db.pool.query("SELECT count(*)::int AS n FROM events WHERE type = 'WeekClosed' AND data->>'user_id' = $1 AND data->>'week' = '2026-W45'", [bob.id]);
    expect(weekClosed.rows[0].n).toBe(1);

    at(paris('2026-11-23', 10));
    await send(bills(bob, '2026-11-19', 20), essays(alice, '2026-11-17', 5));
    await jobs.closeWeeks(paris('2026-11-24', 0, 5));
    at(paris('2026-11-25', 6));
    await jobs.run(clock.now());

    const payout = await payoutOf(bob, '2026-W47');
    // W47 (Thursday, after the change) at Gold v2 (2 x 20 + 2 x 25 + 16 x 40 = 730.00) and the W45 correction (+60.00).
    expect(payout).toMatchObject({ amount: '790.00', status: 'paid' });
    const explanation = await explain(bob, payout.id);
    expect(explanation.items.map((i) => [i.kind, i.week, i.label, i.amount])).toEqual([
      ['correction', '2026-W45', 'Correction 2026-W45 : +2 ventes, +60,00 EUR', '60.00'],
      ['week', '2026-W47', 'Semaine 2026-W47 (du 16/11/2026 au 22/11/2026)', '730.00'],
    ]);
    expect(explanation.items[0]!.lines).toEqual([
      { offer_id: offer.id, offer_name: 'LoveMatch', kind: 'bill', tier_level: 3, rate: '30.00', variant_id: gold.variant_id, variant_name: 'Gold', variant_version: 1, count: 2, amount: '60.00' },
    ]);
    expect(explanation.items[1]!.lines.map((l) => [l.tier_level, l.rate, l.variant_version, l.count])).toEqual([[1, '20.00', 2, 2], [2, '25.00', 2, 2], [3, '40.00', 2, 16]]);
    // Rita: 114.00 + the correction's commission (6.00) + W47's (73.00).
    expect(await balanceOf(h, rita)).toBe(11_400 + 600 + 7300);
  });

  it('a second run, two runs at once, and a late run leave exactly one payout per affiliate and week, and one carry-over mail', async () => {
    await Promise.all([jobs.run(paris('2026-11-25', 6)), jobs.run(paris('2026-11-25', 6, 1))]);
    await jobs.run(paris('2026-11-25', 18));
    const counts = await payoutsPerWeek(h);
    expect(counts.every((c) => c.n === 1)).toBe(true);
    expect(counts.map((c) => c.week)).toEqual(['2026-W45', '2026-W46', '2026-W46', '2026-W47']);
    await h.waitForMailQueue();
    expect(mailsTo(alice, /reporté/).map((m) => m.subject)).toEqual(['Votre solde de 300,00 EUR est reporté', 'Votre solde de 100,00 EUR est reporté']);
    const { rows } = await h.db.pool.query("SELECT data->>'week' AS week, count(*)::int AS n FROM events WHERE type = 'BalanceCarriedOver' AND data->>'user_id' = $1 GROUP BY 1 ORDER BY 1", [alice.id]);
    expect(rows).toEqual([{ week: '2026-W45', n: 1 }, { week: '2026-W47', n: 1 }]);
  });

  it('numbers invoices without gaps, lets each affiliate download only its own, and regenerates the same bytes', async () => {
    const { rows: invoices } = await h.db.pool.query<{ number: number }>("SELECT (data->>'number')::int AS number FROM events WHERE type = 'InvoiceIssued' ORDER BY global_position");
    expect(invoices.map((i) => i.number)).toEqual([1, 2, 3, 4]);
    const payout = await payoutOf(alice, '2026-W46');
    const mine = await download(h, `/affiliate/account/payments/${payout.id}/download-invoice`, alice.token);
    expect(mine).toMatchObject({ status: 200, type: 'application/pdf', disposition: `attachment; filename="${String(alice.uniqueId).padStart(5, '0')}_2026-W46.pdf"` });
    expect(mine.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await download(h, `/affiliate/account/payments/${payout.id}/download-invoice`, bob.token)).status).toBe(404);
    const receipt = await download(h, `/admin/payments/${payout.id}/download-invoice`, admin);
    expect(receipt.disposition).toBe(`attachment; filename="receipt_${String(alice.uniqueId).padStart(5, '0')}_2026-W46.pdf"`);

    // The hash recorded in the log, the bytes served, and the bytes rendered again today are the same.
    const { rows: issued } = await h.db.pool.query<{ data: PayoutIssuedData }>("SELECT data FROM events WHERE type = 'PayoutIssued' AND data->>'payout_id' = $1", [payout.id]);
    const { rows: recorded } = await h.db.pool.query<{ sha256: string; number: number }>("SELECT data->>'sha256' AS sha256, (data->>'number')::int AS number FROM events WHERE type = 'InvoiceIssued' AND data->>'payout_id' = $1", [payout.id]);
    const again = await renderInvoice({ number: recorded[0]!.number, payout: issued[0]!.data, holder: (await invoiceHolder(h.db.pool, payout.id))! });
    expect(sha256(mine.body)).toBe(recorded[0]!.sha256);
    expect(sha256(again)).toBe(recorded[0]!.sha256);
    expect(mine.sha256).toBe(recorded[0]!.sha256);
  });

  it('an admin marks a payout failed: its amount goes back to the balance and is paid with the next week', async () => {
    const payout = await payoutOf(bob, '2026-W47');
    at(paris('2026-11-26', 10));
    const failed = await h.call('POST', `/admin/payments/${payout.id}/failed`, { token: admin, body: { reason: 'Adresse refusée par le prestataire' } });
    expect(failed).toMatchObject({ status: 200, body: { message: "Paiement marqué en échec : son montant est revenu au solde de l'affilié" } });
    expect(await balanceOf(h, bob)).toBe(79_000);
    expect((await h.call('POST', `/admin/payments/${payout.id}/failed`, { token: admin, body: { reason: 'Encore' } })).status).toBe(409);
    // Its invoice is cancelled by a credit note, the first of their own sequence, drawn before the admin's answer.
    expect(await payoutOf(bob, '2026-W47')).toMatchObject({ status: 'failed', credit_note: 1 });
    const note = await download(h, `/affiliate/account/payments/${payout.id}/download-credit-note`, bob.token);
    expect(note).toMatchObject({ status: 200, type: 'application/pdf', disposition: `attachment; filename="avoir_${String(bob.uniqueId).padStart(5, '0')}_2026-W47.pdf"` });
    const { rows: recorded } = await h.db.pool.query<{ data: { number: number; sha256: string } }>("SELECT data FROM events WHERE type = 'CreditNoteIssued' AND data->>'payout_id' = $1", [payout.id]);
    expect(recorded.map((r) => r.data.number)).toEqual([1]);
    expect(sha256(note.body)).toBe(recorded[0]!.data.sha256);
    const facts = creditNoteFacts(await h.server.deps.eventStore.readStream(payoutStream(bob.id, '2026-W47')))!;
    const again = await renderCreditNote({ number: 1, invoiceNumber: facts.invoiceNumber, payout: facts.payout, holder: (await invoiceHolder(h.db.pool, payout.id))!, failure: facts.failure });
    expect(sha256(again)).toBe(recorded[0]!.data.sha256);
    expect((await download(h, `/admin/payments/${payout.id}/download-credit-note`, admin)).status).toBe(200);
    expect((await download(h, `/affiliate/account/payments/${payout.id}/download-credit-note`, alice.token)).status).toBe(404);
    const paidOne = await payoutOf(bob, '2026-W46');
    expect(paidOne.credit_note).toBeNull();
    expect(await h.call('GET', `/affiliate/account/payments/${paidOne.id}/download-credit-note`, { token: bob.token })).toMatchObject({ status: 404, body: { message: 'Avoir introuvable' } });
    await h.waitForMailQueue();
    expect(mailsTo(bob, /n’a pas abouti/).map((m) => m.subject)).toEqual(['Votre paiement de la semaine 2026-W47 n’a pas abouti']);

    const adjusted = await h.call('POST', '/admin/payments/adjustments', { token: admin, body: { user_id: rita.id, amount: '400.00', reason: 'Prime de lancement' } });
    expect(adjusted).toMatchObject({ status: 201, body: { balance: '593.00' } });

    at(paris('2026-11-30', 10));
    await send(bills(bob, '2026-11-23', 20));
    await jobs.closeWeeks(paris('2026-12-01', 0, 5));
    at(paris('2026-12-02', 6));
    await jobs.run(clock.now());
    const w48 = await explain(bob, (await payoutOf(bob, '2026-W48')).id);
    expect(w48.items.map((i) => [i.kind, i.week, i.amount])).toEqual([['correction', '2026-W45', '60.00'], ['week', '2026-W47', '730.00'], ['week', '2026-W48', '730.00']]);
    // What the failed run did not pay comes back as carried in, on the payout and its invoice.
    expect(w48).toMatchObject({ total: '1520.00', carried_in: '790.00' });
    const { rows: issuedW48 } = await h.db.pool.query<{ data: PayoutIssuedData }>("SELECT data FROM events WHERE type = 'PayoutIssued' AND data->>'payout_id' = $1", [(await payoutOf(bob, '2026-W48')).id]);
    expect(issuedW48[0]!.data.carried_in_cents).toBe(79_000);
    const ritaPaid = await explain(rita, (await payoutOf(rita, '2026-W48')).id);
    expect(ritaPaid.total).toBe('666.00');
    expect(ritaPaid.items.find((i) => i.kind === 'adjustment')).toMatchObject({ label: 'Ajustement : Prime de lancement', amount: '400.00' });
    expect(ritaPaid.items.find((i) => i.kind === 'referral' && i.week === '2026-W45' && i.amount === '57.00')!.referral).toEqual({
      referred_unique_id: bob.uniqueId, referred_name: 'Bob Vente', week: '2026-W45', base: '570.00', rate: 10, amount: '57.00', exact: '57.00000',
    });
  });

  it('keeps a snapshot of each ledger a payout settles, and a ledger read from its snapshot is the one its whole stream makes', async () => {
    const { rows } = await h.db.pool.query<{ user_id: string; revision: number }>('SELECT user_id::text, revision FROM ledger_snapshots ORDER BY user_id');
    expect(rows.map((r) => r.user_id)).toEqual([alice.id, bob.id, rita.id].sort());
    const ids = [alice.id, bob.id, rita.id, dora.id];
    const fromSnapshots = await loadLedgers(h.server.deps.eventStore, h.db.pool, ids);
    const streams = await h.server.deps.eventStore.readStreams(ids.map(ledgerStream));
    for (const id of ids) {
      const events = streams.get(ledgerStream(id))!;
      const last = events[events.length - 1]!;
      const loaded = fromSnapshots.get(id)!;
      expect(compactLedger(loaded.ledger)).toEqual(compactLedger(stateOf(ledgerDecider, events)));
      expect([loaded.revision, loaded.position]).toEqual([last.revision, positionToString(last.position)]);
    }
    // Alice was paid in W46 and carried over since: her ledger is her snapshot and the events after it.
    expect(fromSnapshots.get(alice.id)!.revision).toBeGreaterThan(rows.find((r) => r.user_id === alice.id)!.revision);
    expect(fromSnapshots.get(alice.id)!.ledger.closed.size).toBeGreaterThan(0);
  });

  it('warns a balance idle for 60 days by email, writes it off at 90 days with its reason, and an admin reinstates it', async () => {
    // Dora's only movement: W45's earnings, posted at the close on 10 November. Alice's account is frozen: her balance, idle as long, waits.
    await h.recordAccountEvent(alice.id, { type: 'AccountFrozen', data: {} });
    const alicesBalance = await balanceOf(h, alice);
    expect(alicesBalance).toBeGreaterThan(0);
    await jobs.dormancy(paris('2027-01-08', 7));
    expect(mailsTo(dora, /inactif/)).toEqual([]);
    await jobs.dormancy(paris('2027-01-09', 7));
    await jobs.dormancy(paris('2027-01-09', 8));
    const warning = await h.smtp.waitForMail(dora.email, { subject: /inactif/ });
    expect(warning.text).toContain('100,00 EUR');
    expect(warning.text).toContain('10/11/2026');
    expect(warning.text).toContain('08/02/2027');
    // Her payments page says it too, and that no payment method of hers is recorded (her balance could never be paid as it is).
    expect(await payments(dora)).toMatchObject({ dormancy: { lastMovementOn: '2026-11-10', writeOffFrom: '2027-02-08' }, writtenOff: null, hasPaymentMethod: false });
    expect(await payments(bob)).toMatchObject({ dormancy: null, hasPaymentMethod: true });
    await jobs.dormancy(paris('2027-02-07', 7));
    expect(await balanceOf(h, dora)).toBe(10_000);
    await jobs.dormancy(paris('2027-02-08', 7));
    expect(await balanceOf(h, dora)).toBe(0);
    // Her balance carried over since W45 is gone: no longer said to wait for the next payment.
    expect(await payments(dora)).toMatchObject({ unpaidBalance: '0.00', carriedOver: null, dormancy: null, writtenOff: { amount: '100.00', on: '2027-02-08' } });
    await h.waitForMailQueue();
    expect(mailsTo(dora, /inactif/)).toHaveLength(1);
    const writtenOff = await h.smtp.waitForMail(dora.email, { subject: /remis à zéro/ });
    expect(writtenOff.text).toContain('Votre solde de 100,00 EUR, sans mouvement depuis le 10/11/2026, a été remis à zéro le 08/02/2027');
    expect(mailsTo(alice, /inactif/)).toEqual([]);
    expect(await balanceOf(h, alice)).toBe(alicesBalance);
    await h.recordAccountEvent(alice.id, { type: 'AccountUnfrozen', data: {} });

    const { body: writeOffs } = await h.call<WrittenOffBalance[]>('GET', '/admin/payments/write-offs', { token: admin });
    const doras = writeOffs.find((w) => w.user_id === dora.id)!;
    expect(doras).toMatchObject({ amount: '100.00', reinstated_at: null, reason: 'Solde inactif depuis plus de 90 jours (aucun mouvement depuis le 10/11/2026), avertissement envoyé le 09/01/2027' });

    at(paris('2027-02-09', 10));
    // Sent ten times at once (a double click, a retry): one reinstates, the others are told it was done.
    const answers = await Promise.all(Array.from({ length: 10 }, () => h.call('POST', `/admin/payments/write-offs/${doras.id}/reinstate`, { token: admin })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(answers.find((a) => a.status === 200)!.body).toEqual({ message: 'Solde réintégré avec succès', balance: '100.00' });
    expect(await balanceOf(h, dora)).toBe(10_000);
    expect(await payments(dora)).toMatchObject({ unpaidBalance: '100.00', writtenOff: null });
    expect((await h.call('POST', `/admin/payments/write-offs/${doras.id}/reinstate`, { token: admin })).status).toBe(409);
  });

  it('shows the back office the history and the totals', async () => {
    at(paris('2027-02-09', 10));
    const history = await h.call<PaymentHistoryRow[]>('GET', '/admin/payments/history', { token: admin });
    // Newest first (payouts of one run in any order).
    const rows = history.body.map((r) => [r.week_label, r.first_name, r.amount, r.status].join(' '));
    expect(rows.map((r) => r.slice(0, 8))).toEqual(['2026-W48', '2026-W48', '2026-W47', '2026-W46', '2026-W46', '2026-W45']);
    expect([...rows].sort()).toEqual([
      '2026-W45 Bob 570.00 paid', '2026-W46 Alice 540.00 paid', '2026-W46 Bob 570.00 paid', '2026-W47 Bob 790.00 failed', '2026-W48 Bob 1520.00 paid', '2026-W48 Rita 666.00 paid',
    ]);
    expect(history.body[0]).toMatchObject({ unique_id: expect.any(Number), email: expect.stringContaining('@'), payment_method_type: 'crypto', reference: expect.any(Number) });
    const stats = await h.call('GET', '/admin/payments/stats', { token: admin });
    // Earned: Bob 570 + 570 + 60 + 730 + 730, Alice 300 + 240 + 100, Dora 100, Rita 57 + 57 + 6 + 73 + 73.
    expect(stats.body).toEqual({ totalEarnings: '3666.00', totalPaid: '3866.00', unpaidBalance: '200.00', monthlyPaid: '0.00' });
    at(paris('2026-12-31', 23));
    expect((await h.call('GET', '/admin/payments/stats', { token: admin })).body).toMatchObject({ monthlyPaid: '2186.00' });
  });

  it('rebuilds every read model from the events alone with the same balances, payouts and invoice hashes', async () => {
    const snapshot = async () => {
      const [balances, payouts, writeOffs, closes] = await Promise.all([
        h.db.pool.query('SELECT id, balance_cents, open_items, earned_cents, written_off_cents, last_movement_at, carried_over FROM rm_ledger_balances ORDER BY id'),
        h.db.pool.query('SELECT id, user_id, week, amount_cents, carried_in_cents, items, status, paid_at, failed_at, invoice_number, invoice_sha256 FROM rm_payouts ORDER BY id'),
        h.db.pool.query('SELECT * FROM rm_write_offs ORDER BY id'),
        h.db.pool.query('SELECT * FROM rm_week_closes ORDER BY user_id, week'),
      ]);
      return { balances: balances.rows, payouts: payouts.rows, writeOffs: writeOffs.rows, closes: closes.rows };
    };
    const before = await snapshot();
    expect(before.payouts.every((p) => p.invoice_sha256)).toBe(true);
    const processors = processorsOf(features, h.server.deps);
    await rebuildReadModels({ eventStore: h.server.deps.eventStore, pool: h.db.pool, processors });
    expect(await snapshot()).toEqual(before);
    const { rows: stored } = await h.db.pool.query<{ payout_id: string; sha256: string }>('SELECT payout_id::text, sha256 FROM payout_invoices ORDER BY payout_id');
    expect(stored).toEqual(before.payouts.map((p) => ({ payout_id: p.id, sha256: p.invoice_sha256 })).sort((a, b) => (a.payout_id < b.payout_id ? -1 : 1)));
  });

  it('never draws an issued invoice again: the invoice reactor replayed from the first event keeps every stored PDF and records nothing', async () => {
    const invoices = async () => (await h.db.pool.query<{ payout_id: string; number: number; sha256: string; pdf: Buffer }>('SELECT payout_id::text, number, sha256, pdf FROM payout_invoices ORDER BY number')).rows;
    const eventCount = async () => (await h.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0]!.n;
    // As if the renderer had changed since: the stored bytes are what was issued, whatever a new drawing would give.
    const first = (await invoices())[0]!;
    await h.db.pool.query('UPDATE payout_invoices SET pdf = $2 WHERE payout_id = $1', [first.payout_id, Buffer.concat([first.pdf, Buffer.from('\n% issued\n')])]);
    const before = await invoices();
    const events = await eventCount();
    const reactor = processorsOf(features, h.server.deps).find((p) => p.name === 'payout-invoices')!;
    const replayed = await createProcessorRunner({ eventStore: h.server.deps.eventStore, pool: h.db.pool, processors: [{ ...reactor, name: 'payout-invoices-replayed' }] }).catchUp();
    expect(replayed).toBeGreaterThan(0);
    expect(await invoices()).toEqual(before);
    expect(await eventCount()).toBe(events);
  });
});
