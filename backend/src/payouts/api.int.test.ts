import { formatAffiliateId, type AffiliatePaymentsData, type PaymentExplanation, type PaymentHistoryRow, type PayoutPreview, type PayoutRunResult } from '@affilux/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../../../test/apiHarness';
import { expectBackOfficeOnly, outsiders, type Outsiders } from '../../../test/authorizationMatrix';
import { createOffer, importFile, settableClock, statRow } from '../../../test/figuresSetup';
import { balanceOf, download, givePaymentMethod, moneyJobs, paris } from '../../../test/payoutsSetup';
import { ifLockFree } from '../db/transaction';

/**
 * The payments calls of both areas: their answers, rules and messages, and who may call them.
 * One closed week: Ann (30 essays, a payment method) is paid 600.00 EUR, Carl (26 essays, no payment
 * method) is carried over, Rose refers Ann at 12.5 %.
 */
const clock = settableClock('2026-10-28T09:00:00Z');
let h: ApiHarness;
let admin: string;
let ann: TestAffiliate;
let carl: TestAffiliate;
let rose: TestAffiliate;
let who: Outsiders;
let paymentId: string;
let offer: { id: string; uniqueId: number };

const at = (instant: Date) => clock.set(instant.toISOString());

beforeAll(async () => {
  h = await startApiHarness({ clock: clock.now });
  admin = await h.login(h.admin.email, h.admin.password);
  ann = await h.createAffiliate({ firstName: 'Ann', lastName: 'Payée' });
  carl = await h.createAffiliate({ firstName: 'Carl', lastName: 'Sansmoyen' });
  rose = await h.createAffiliate({ firstName: 'Rose', lastName: 'Marraine' });
  who = await outsiders(h);
  expect((await h.call('PUT', `/admin/users/${rose.id}/referral-commission`, { token: admin, body: { referral_commission_rate: 12.5 } })).status).toBe(200);
  expect((await h.call('PUT', `/admin/users/${ann.id}/referral`, { token: admin, body: { referred_by: rose.uniqueId } })).status).toBe(200);
  await givePaymentMethod(h, admin, ann);
  offer = await createOffer(h, admin, { brand_name: 'LoveMatch', intake: 'import' });
  at(paris('2026-11-09', 10));
  const essays = (a: TestAffiliate, n: number) => statRow(a, '2026-11-03', { siteGroups: { [offer.uniqueId]: { click: 100, registered: 40, essay: n, bill: 0 } } });
  expect((await importFile(h, { token: admin }, { rows: [essays(ann, 30), essays(carl, 26)] })).status).toBe(200);
  await moneyJobs(h).closeWeeks(paris('2026-11-10', 0, 5));
  at(paris('2026-11-11', 6));
}, 180_000);
afterAll(() => h?.stop());

describe('the payout run, from the back office', () => {
  it('previews who would be paid how much and who carries over and why, recording nothing', async () => {
    const head = await h.eventHead();
    const preview = await h.call<PayoutPreview>('GET', '/admin/payments/preview?week=2026-W45', { token: admin });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      week: '2026-W45',
      payouts: [{ user_id: ann.id, unique_id: ann.uniqueId, first_name: 'Ann', last_name: 'Payée', amount: '600.00', payment_method_type: 'crypto', reason: null }],
      carriedOver: [
        { user_id: carl.id, unique_id: carl.uniqueId, first_name: 'Carl', last_name: 'Sansmoyen', amount: '520.00', payment_method_type: null, reason: 'no_payment_method' },
        { user_id: rose.id, unique_id: rose.uniqueId, first_name: 'Rose', last_name: 'Marraine', amount: '75.00', payment_method_type: null, reason: 'below_minimum' },
      ],
      total: '600.00',
      weeksToClose: 0,
    });
    expect(await h.eventHead()).toBe(head);
  });

  it('refuses a week that is not a week, or not closed yet, recording nothing', async () => {
    const head = await h.eventHead();
    for (const week of ['2026-46', '2026-W54', 'abc']) {
      const preview = await h.call('GET', `/admin/payments/preview?week=${week}`, { token: admin });
      expect(preview).toMatchObject({ status: 400, body: { message: 'Semaine invalide (format AAAA-Www, par exemple 2026-W46)', errors: [{ field: 'week' }] } });
      expect((await h.call('POST', '/admin/payments/run', { token: admin, body: { week } })).status).toBe(400);
    }
    expect((await h.call('POST', '/admin/payments/run', { token: admin, body: {} })).status).toBe(400);
    const early = await h.call('POST', '/admin/payments/run', { token: admin, body: { week: '2026-W46' } });
    expect(early).toMatchObject({ status: 400, body: { message: "La semaine 2026-W46 n'est pas encore close : elle se clôt le mardi suivant à 00:00" } });
    expect((await h.call('GET', '/admin/payments/preview?week=2026-W46', { token: admin })).status).toBe(400);
    expect(await h.eventHead()).toBe(head);
  });

  it('runs a closed week by hand with the same code as the job; run again it pays nobody twice', async () => {
    const first = await h.call<PayoutRunResult>('POST', '/admin/payments/run', { token: admin, body: { week: '2026-W45' } });
    expect(first).toMatchObject({
      status: 200,
      body: { message: 'Paiements de la semaine 2026-W45 : 1 émis (600,00 EUR), 2 reportés', week: '2026-W45', issued: 1, issuedTotal: '600.00', carriedOver: 2, alreadyCarriedOver: 0, alreadyIssued: 0, paid: 1 },
    });
    const again = await h.call<PayoutRunResult>('POST', '/admin/payments/run', { token: admin, body: { week: '2026-W45' } });
    // Nothing new: the carry-overs the first run recorded are not counted again.
    expect(again.body).toMatchObject({ message: 'Paiements de la semaine 2026-W45 : 0 émis (0,00 EUR), 0 reportés', issued: 0, carriedOver: 0, alreadyCarriedOver: 2, alreadyIssued: 1, paid: 0 });
    // A week before the latest paid one: no extra payout dated to the past.
    const past = "La semaine 2026-W44 précède la dernière semaine payée (2026-W45) : ce qui reste à payer le sera avec les semaines suivantes";
    expect(await h.call('POST', '/admin/payments/run', { token: admin, body: { week: '2026-W44' } })).toMatchObject({ status: 400, body: { message: past } });
    expect(await h.call('GET', '/admin/payments/preview?week=2026-W44', { token: admin })).toMatchObject({ status: 400, body: { message: past } });
    const { rows } = await h.db.pool.query("SELECT count(*)::int AS n FROM events WHERE type IN ('PayoutIssued', 'BalanceCarriedOver')");
    expect(rows[0].n).toBe(3);
  });

  it("an admin's run while another run is under way (Wednesday's job) is answered 409 at once, recording nothing", async () => {
    const head = await h.eventHead();
    const held = await ifLockFree(h.db.pool, 'payout-run', async () => {
      const answer = await h.call('POST', '/admin/payments/run', { token: admin, body: { week: '2026-W45' } });
      expect(answer).toMatchObject({ status: 409, body: { message: 'Un paiement est déjà en cours : réessayez dans un instant' } });
    });
    expect(held.ran).toBe(true);
    expect(await h.eventHead()).toBe(head);
  });
});

describe("the affiliate's payments", () => {
  it('answers the week so far, the unpaid balance, the last payment and the history', async () => {
    const mine = await h.call<AffiliatePaymentsData>('GET', '/affiliate/account/payments', { token: ann.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      thisWeekEarnings: '0.00', unpaidBalance: '0.00', lastPaymentAmount: '600.00', lastPaymentDate: paris('2026-11-11', 6).toISOString(), carriedOver: null, awaitingClose: null,
      hasPaymentMethod: true, dormancy: null, writtenOff: null,
      payments: [{ id: expect.any(String), payment_date: paris('2026-11-11', 6).toISOString(), amount: '600.00', week_label: '2026-W45', payment_method_type: 'crypto', reference: 1, status: 'paid', credit_note: null }],
    });
    paymentId = mine.body.payments[0]!.id;
    const carried = await h.call<AffiliatePaymentsData>('GET', '/affiliate/account/payments', { token: carl.token });
    expect(carried.body).toMatchObject({ unpaidBalance: '520.00', lastPaymentAmount: null, lastPaymentDate: null, payments: [], carriedOver: { week: '2026-W45', reason: 'no_payment_method' }, hasPaymentMethod: false });
  });

  it("counts this week's earnings since Monday", async () => {
    at(paris('2026-11-12', 10));
    expect((await importFile(h, { token: admin }, { rows: [statRow(ann, '2026-11-10', { siteGroups: { [offer.uniqueId]: { essay: 2 } } })] })).status).toBe(200);
    expect((await h.call<AffiliatePaymentsData>('GET', '/affiliate/account/payments', { token: ann.token })).body).toMatchObject({ thisWeekEarnings: '40.00', unpaidBalance: '0.00' });
  });

  it("explains one payment down to its offers, rates and lines, and only the affiliate's own", async () => {
    const explanation = await h.call<PaymentExplanation>('GET', `/affiliate/account/payments/${paymentId}`, { token: ann.token });
    expect(explanation.body).toMatchObject({
      id: paymentId, week_label: '2026-W45', week_start: '2026-11-02', week_end: '2026-11-08', carried_in: '0.00', total: '600.00', reference: 1, failure_reason: null,
      items: [{ kind: 'week', week: '2026-W45', label: 'Semaine 2026-W45 (du 02/11/2026 au 08/11/2026)', amount: '600.00', referral: null, lines: [{ offer_name: 'LoveMatch', kind: 'essay', tier_level: null, rate: '20.00', count: 30, amount: '600.00' }] }],
    });
    expect(await h.call('GET', `/affiliate/account/payments/${paymentId}`, { token: carl.token })).toMatchObject({ status: 404, body: { message: 'Paiement introuvable' } });
    expect((await h.call('GET', '/affiliate/account/payments/not-a-uuid', { token: ann.token })).status).toBe(404);
  });

  it("downloads its invoice under its id and the week label; another affiliate's invoice is not found", async () => {
    const invoice = await download(h, `/affiliate/account/payments/${paymentId}/download-invoice`, ann.token);
    expect(invoice).toMatchObject({ status: 200, type: 'application/pdf', disposition: `attachment; filename="${String(ann.uniqueId).padStart(5, '0')}_2026-W45.pdf"` });
    expect((await download(h, `/affiliate/account/payments/${paymentId}/download-invoice`, carl.token)).status).toBe(404);
  });

  it("gives the referrer its referred affiliates, unpaid commissions and rate", async () => {
    expect((await h.call('GET', '/affiliate/account/referral-stats', { token: rose.token })).body).toEqual({ referredCount: 1, unpaidBalance: '75.00', commissionRate: 12.5 });
    expect((await h.call('GET', '/affiliate/account/referral-stats', { token: carl.token })).body).toEqual({ referredCount: 0, unpaidBalance: '0.00', commissionRate: 0 });
  });

  it('refuses everyone but a verified, unfrozen affiliate', async () => {
    const paths = [
      '/affiliate/account/payments', `/affiliate/account/payments/${paymentId}`, `/affiliate/account/payments/${paymentId}/download-invoice`,
      `/affiliate/account/payments/${paymentId}/download-credit-note`, '/affiliate/account/referral-stats',
    ];
    for (const path of paths) {
      expect((await h.call('GET', path)).status, `anonymous ${path}`).toBe(401);
      expect((await h.call('GET', path, { token: admin })).status, `admin ${path}`).toBe(403);
      expect((await h.call('GET', path, { token: who.unverified })).status, `unverified ${path}`).toBe(403);
      expect((await h.call('GET', path, { token: who.frozen })).status, `frozen ${path}`).toBe(403);
    }
  });
});

describe("the back office's payments", () => {
  it('lists the history with Content-Range, searchable, with the total shown', async () => {
    const response = await fetch(`${h.url}/api/v1/admin/payments/history?range=${encodeURIComponent('[0,9]')}&filter=${encodeURIComponent(JSON.stringify({ q: 'payée' }))}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(response.headers.get('content-range')).toBe('payments 0-0/1');
    expect(response.headers.get('x-total-amount')).toBe('600.00');
    const rows = (await response.json()) as PaymentHistoryRow[];
    expect(rows).toEqual([{
      id: paymentId, user_id: ann.id, first_name: 'Ann', last_name: 'Payée', email: ann.email, unique_id: ann.uniqueId, amount: '600.00', payment_method_type: 'crypto',
      week_label: '2026-W45', payment_date: paris('2026-11-11', 6).toISOString(), status: 'paid', reference: 1, failure_reason: null, credit_note: null,
    }]);
    expect((await h.call<PaymentHistoryRow[]>('GET', `/admin/payments/history?filter=${encodeURIComponent('{"q":"0001"}')}`, { token: admin })).body).toHaveLength(1);
    // Accents aside, first name first or last; % is a character, not a wildcard.
    for (const q of ['payee', 'ann payee', 'PAYÉE ANN', `#${formatAffiliateId(ann.uniqueId)}`, formatAffiliateId(ann.uniqueId)]) {
      expect((await h.call<PaymentHistoryRow[]>('GET', `/admin/payments/history?filter=${encodeURIComponent(JSON.stringify({ q }))}`, { token: admin })).body.map((r) => r.id), q).toEqual([paymentId]);
    }
    expect((await h.call<PaymentHistoryRow[]>('GET', `/admin/payments/history?filter=${encodeURIComponent('{"q":"%"}')}`, { token: admin })).body).toEqual([]);
    expect((await h.call('GET', `/admin/payments/history?sort=${encodeURIComponent('["password","ASC"]')}`, { token: admin })).status).toBe(400);
  });

  it('totals what was earned, paid, is unpaid and was paid this month', async () => {
    expect((await h.call('GET', '/admin/payments/stats', { token: admin })).body).toEqual({ totalEarnings: '1195.00', totalPaid: '600.00', unpaidBalance: '595.00', monthlyPaid: '600.00' });
  });

  it('downloads any invoice as a receipt', async () => {
    const receipt = await download(h, `/admin/payments/${paymentId}/download-invoice`, admin);
    expect(receipt).toMatchObject({ status: 200, disposition: `attachment; filename="receipt_${String(ann.uniqueId).padStart(5, '0')}_2026-W45.pdf"` });
    expect((await h.call('GET', `/admin/payments/${paymentId}`, { token: admin })).body).toMatchObject({ id: paymentId, unique_id: ann.uniqueId, total: '600.00' });
    expect((await h.call('GET', '/admin/payments/7d3c8f0e-0000-4000-8000-000000000000/download-invoice', { token: admin })).status).toBe(404);
  });

  it('adjusts a balance by hand with a reason; bad input is a 400 recording nothing', async () => {
    const head = await h.eventHead();
    const bad = [
      [{ user_id: carl.id, amount: '0', reason: 'Geste commercial' }, 'Le montant doit être un nombre non nul avec au plus deux décimales, de 100 000,00 EUR au plus en plus ou en moins (par exemple -12,50)', 'amount'],
      [{ user_id: carl.id, amount: '12.345', reason: 'Geste commercial' }, 'Le montant doit être un nombre non nul avec au plus deux décimales, de 100 000,00 EUR au plus en plus ou en moins (par exemple -12,50)', 'amount'],
      [{ user_id: carl.id, amount: '100000.01', reason: 'Geste commercial' }, 'Le montant doit être un nombre non nul avec au plus deux décimales, de 100 000,00 EUR au plus en plus ou en moins (par exemple -12,50)', 'amount'],
      [{ user_id: carl.id, amount: '-999999999.99', reason: 'Geste commercial' }, 'Le montant doit être un nombre non nul avec au plus deux décimales, de 100 000,00 EUR au plus en plus ou en moins (par exemple -12,50)', 'amount'],
      [{ user_id: carl.id, amount: '12', reason: ' x ' }, 'Le motif est requis (3 caractères au moins)', 'reason'],
      [{ user_id: carl.id, amount: '12' }, 'Le motif est requis (3 caractères au moins)', 'reason'],
      [{ user_id: 'carl', amount: '12', reason: 'Geste commercial' }, "L'affilié est requis", 'user_id'],
    ] as const;
    for (const [body, message, field] of bad) {
      expect(await h.call('POST', '/admin/payments/adjustments', { token: admin, body }), JSON.stringify(body)).toMatchObject({ status: 400, body: { message, errors: [{ field, msg: message }] } });
    }
    expect((await h.call('POST', '/admin/payments/adjustments', { token: admin, body: { user_id: '7d3c8f0e-0000-4000-8000-000000000000', amount: '12', reason: 'Geste commercial' } })).status).toBe(404);
    expect(await h.eventHead()).toBe(head);
    const adjusted = await h.call('POST', '/admin/payments/adjustments', { token: admin, body: { user_id: carl.id, amount: '-20.50', reason: 'Frais de virement refacturés' } });
    expect(adjusted).toMatchObject({ status: 201, body: { message: 'Ajustement enregistré avec succès', balance: '499.50' } });
    expect(await balanceOf(h, carl)).toBe(49_950);
  });

  it('records an adjustment sent again with its Idempotency-Key once, and refuses the key for another amount', async () => {
    const send = (amount: string, key: string, reason = 'Prime de fidélité') =>
      h.call<{ message: string; item_id: string; balance: string }>('POST', '/admin/payments/adjustments', { token: admin, body: { user_id: carl.id, amount, reason }, headers: { 'idempotency-key': key } });
    const first = await send('10', 'retry-1');
    expect(first).toMatchObject({ status: 201, body: { message: 'Ajustement enregistré avec succès', balance: '509.50' } });
    const head = await h.eventHead();
    expect(await send('10', 'retry-1')).toMatchObject({ status: 200, body: { message: 'Ajustement déjà enregistré', item_id: first.body.item_id, balance: '509.50' } });
    const reused = { status: 422, body: { message: "Cette clé Idempotency-Key a déjà servi pour un autre ajustement : rien de plus n'a été enregistré" } };
    expect(await send('11', 'retry-1')).toMatchObject(reused);
    expect(await send('10', 'retry-1', 'Autre motif')).toMatchObject(reused);
    const badKey = "L'en-tête Idempotency-Key doit contenir de 1 à 100 caractères ASCII visibles";
    expect(await send('10', 'x'.repeat(101))).toMatchObject({ status: 400, body: { message: badKey, errors: [{ field: 'idempotency-key', msg: badKey }] } });
    expect(await send('10', 'clé')).toMatchObject({ status: 400, body: { message: badKey } });
    expect(await h.eventHead()).toBe(head);
    expect(await balanceOf(h, carl)).toBe(50_950);
    // Another key is another adjustment.
    expect((await send('-10', 'retry-2')).body.balance).toBe('499.50');
    // Retries sent all at once: one records it, every other is told it was already recorded.
    const racing = await Promise.all(Array.from({ length: 8 }, () => send('1', 'retry-3')));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(racing.every((r) => r.body.balance === '500.50')).toBe(true);
    expect(await balanceOf(h, carl)).toBe(50_050);
  });

  it('marks a payout failed only with a reason', async () => {
    const head = await h.eventHead();
    expect(await h.call('POST', `/admin/payments/${paymentId}/failed`, { token: admin, body: { reason: '' } })).toMatchObject({ status: 400, body: { message: "Le motif de l'échec est requis (3 caractères au moins)" } });
    expect((await h.call('POST', '/admin/payments/7d3c8f0e-0000-4000-8000-000000000000/failed', { token: admin, body: { reason: 'Refusé' } })).status).toBe(404);
    expect(await h.eventHead()).toBe(head);
    expect((await h.call('POST', `/admin/payments/${paymentId}/failed`, { token: admin, body: { reason: 'Portefeuille refusé' } })).status).toBe(200);
    expect(await balanceOf(h, ann)).toBe(60_000);
    expect((await h.call<AffiliatePaymentsData>('GET', '/affiliate/account/payments', { token: ann.token })).body).toMatchObject({ lastPaymentAmount: null, payments: [{ status: 'failed' }] });
  });

  it('lists no write-off yet, and refuses to reinstate one that does not exist', async () => {
    expect((await h.call('GET', '/admin/payments/write-offs', { token: admin })).body).toEqual([]);
    expect(await h.call('POST', '/admin/payments/write-offs/7d3c8f0e-0000-4000-8000-000000000000/reinstate', { token: admin })).toMatchObject({ status: 404, body: { message: 'Radiation introuvable' } });
    expect((await h.call('POST', '/admin/payments/write-offs/nope/reinstate', { token: admin })).status).toBe(404);
  });

  it('is refused to everyone but the back office, recording nothing', async () => {
    const id = '7d3c8f0e-0000-4000-8000-000000000000';
    await expectBackOfficeOnly(h, who, 'GET', '/admin/payments/stats');
    await expectBackOfficeOnly(h, who, 'GET', '/admin/payments/history');
    await expectBackOfficeOnly(h, who, 'GET', '/admin/payments/preview?week=2026-W45');
    await expectBackOfficeOnly(h, who, 'GET', '/admin/payments/write-offs');
    await expectBackOfficeOnly(h, who, 'GET', `/admin/payments/${paymentId}`);
    await expectBackOfficeOnly(h, who, 'GET', `/admin/payments/${paymentId}/download-invoice`);
    await expectBackOfficeOnly(h, who, 'GET', `/admin/payments/${paymentId}/download-credit-note`);
    await expectBackOfficeOnly(h, who, 'POST', '/admin/payments/run', { week: '2026-W45' });
    await expectBackOfficeOnly(h, who, 'POST', '/admin/payments/adjustments', { user_id: carl.id, amount: '10', reason: 'Geste commercial' });
    await expectBackOfficeOnly(h, who, 'POST', `/admin/payments/${paymentId}/failed`, { reason: 'Refusé' });
    await expectBackOfficeOnly(h, who, 'POST', `/admin/payments/write-offs/${id}/reinstate`);
    // An affiliate's own token does not open the back office's copy of its payment either.
    expect((await h.call('GET', `/admin/payments/${paymentId}`, { token: ann.token })).status).toBe(403);
  });
});

describe('a week that has ended and is not closed yet', () => {
  it("shows what it earned beside the balance until Tuesday's close adds it to the balance", async () => {
    const payments = async () => (await h.call<AffiliatePaymentsData>('GET', '/affiliate/account/payments', { token: ann.token })).body;
    const before = await payments();
    at(paris('2026-11-16', 10));
    expect(await payments()).toMatchObject({ thisWeekEarnings: '0.00', unpaidBalance: before.unpaidBalance, awaitingClose: { weeks: ['2026-W46'], amount: '40.00' } });
    await moneyJobs(h).closeWeeks(paris('2026-11-17', 0, 5));
    const closed = await payments();
    expect(closed.awaitingClose).toBeNull();
    expect(Number(closed.unpaidBalance)).toBe(Number(before.unpaidBalance) + 40);
  });
});
