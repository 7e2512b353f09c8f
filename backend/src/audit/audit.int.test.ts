import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type {
  AuditAsOf, AuditEventsPage, AuditorView, AuditPayoutExplanation, AuditRateChangesPage, AuditSignedSummary, AuditVerifyReport, AuditViewsPage, PaymentHistoryRow,
} from '@affilux/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../../../test/apiHarness';
import { expectBackOfficeOnly, outsiders } from '../../../test/authorizationMatrix';
import { recordVariant, recordVariantUpdate } from '../../../test/catalogueEvents';
import { createOffer, importFile, settableClock, statRow } from '../../../test/figuresSetup';
import { givePaymentMethod, moneyJobs, paris } from '../../../test/payoutsSetup';
import { features } from '../features';
import { projectionsOf } from '../processing/index';
import { rebuildReadModels } from '../processing/rebuild';
import { VERIFY_LOCK, VERIFYING_ALREADY } from './verify';

/**
 * A small network built through the real API and the real money jobs on a clock the test moves
 * (W45 to W48 of 2026): Alice's settings changed mid-week (standard rate, then a fixed variant),
 * Bob on evolutionary tiers with figures from an import and a postback, a late correction of his paid
 * week, Rita his referrer at 10 %, a payout reported failed; then an invited auditor explains and
 * checks every payout through the audit calls, folds balances as of past dates, and verifies the read
 * models by rebuilding them, before and after a row is changed by hand.
 */
const clock = settableClock('2026-10-28T09:00:00Z');
let h: ApiHarness;
let admin: string;
let auditor: string;
let auditorId: string;
let alice: TestAffiliate;
let bob: TestAffiliate;
let rita: TestAffiliate;
let importOffer: { id: string; uniqueId: number };
let postbackOffer: { id: string; uniqueId: number; postbackKey: string };
let fixedId: string;
let goldId: string;
let jobs: ReturnType<typeof moneyJobs>;

const at = (instant: Date) => clock.set(instant.toISOString());
const essays = (who: TestAffiliate, day: string, n: number) => statRow(who, day, { siteGroups: { [importOffer.uniqueId]: { click: 10 * n, registered: 2 * n, essay: n, bill: 0 } } });
const bills = (who: TestAffiliate, day: string, n: number) => statRow(who, day, { siteGroups: { [importOffer.uniqueId]: { click: 10 * n, registered: 2 * n, essay: n, bill: n } } });
async function send(...rows: ReturnType<typeof statRow>[]) {
  const answer = await importFile(h, { token: admin }, { rows });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
const audit = <T>(method: string, apiPath: string, body?: unknown) => h.call<T>(method, apiPath, { token: auditor, body });
const history = async () => (await h.call<PaymentHistoryRow[]>('GET', '/admin/payments/history', { token: admin })).body;

beforeAll(async () => {
  h = await startApiHarness({ clock: clock.now });
  admin = await h.login(h.admin.email, h.admin.password);
  jobs = moneyJobs(h);
  alice = await h.createAffiliate({ firstName: 'Alice', lastName: 'Essai' });
  bob = await h.createAffiliate({ firstName: 'Bob', lastName: 'Vente' });
  rita = await h.createAffiliate({ firstName: 'Rita', lastName: 'Parrain' });
  const tiers = [
    { tier_level: 1, min_sales: 0, max_sales: 2, amount_cents: 2000 },
    { tier_level: 2, min_sales: 3, max_sales: 4, amount_cents: 2500 },
    { tier_level: 3, min_sales: 5, max_sales: null, amount_cents: 3000 },
  ];
  goldId = await recordVariant(h, { payment_type: 'sale', name: 'Gold', base_amount_cents: 2000, is_evolutionary: true, tiers }, clock.now());
  fixedId = await recordVariant(h, { payment_type: 'ppt', name: 'Fixe 25', base_amount_cents: 2500, is_evolutionary: false, tiers: [] }, clock.now());
  expect((await h.call('PUT', `/admin/users/${bob.id}/payment-settings`, { token: admin, body: { payment_type: 'sale', variant_id: goldId } })).status).toBe(200);
  expect((await h.call('PUT', `/admin/users/${rita.id}/referral-commission`, { token: admin, body: { referral_commission_rate: 10 } })).status).toBe(200);
  expect((await h.call('PUT', `/admin/users/${bob.id}/referral`, { token: admin, body: { referred_by: rita.uniqueId } })).status).toBe(200);
  for (const who of [alice, bob, rita]) await givePaymentMethod(h, admin, who);
  importOffer = await createOffer(h, admin, { brand_name: 'LoveMatch', intake: 'import' });
  postbackOffer = await createOffer(h, admin, { brand_name: 'CamLive', intake: 'postback' });

  // W45: a postback on Thursday, then the week's import; closed on Tuesday, paid on Wednesday.
  at(paris('2026-11-05', 12));
  const postback = await h.call('GET', `/postback?${new URLSearchParams({ key: postbackOffer.postbackKey, source: String(bob.uniqueId).padStart(5, '0'), event: 'bill', txid: 'T-1', date: '2026-11-05' })}`);
  expect(postback.body).toEqual({ status: 'recorded' });
  at(paris('2026-11-09', 10));
  await send(bills(bob, '2026-11-02', 20), essays(alice, '2026-11-03', 15));
  await jobs.closeWeeks(paris('2026-11-10', 0, 5));
  at(paris('2026-11-11', 6));
  await jobs.run(clock.now());
  // W46: Alice moves to a fixed variant on Wednesday noon (the whole Wednesday is paid with it).
  at(paris('2026-11-11', 12));
  expect((await h.call('PUT', `/admin/users/${alice.id}/payment-settings`, { token: admin, body: { payment_type: 'ppt', variant_id: fixedId } })).status).toBe(200);
  at(paris('2026-11-16', 10));
  await send(bills(bob, '2026-11-09', 20), essays(alice, '2026-11-10', 12), essays(alice, '2026-11-12', 10));
  await jobs.closeWeeks(paris('2026-11-17', 0, 5));
  at(paris('2026-11-18', 6));
  await jobs.run(clock.now());
  // A late correction of Bob's paid W45; W47 paid, then reported failed; W48 pays it again, and Rita.
  at(paris('2026-11-19', 10));
  await send(bills(bob, '2026-11-02', 22));
  at(paris('2026-11-23', 10));
  await send(bills(bob, '2026-11-19', 20));
  await jobs.closeWeeks(paris('2026-11-24', 0, 5));
  at(paris('2026-11-25', 6));
  await jobs.run(clock.now());
  at(paris('2026-11-26', 10));
  const w47 = (await history()).find((p) => p.user_id === bob.id && p.week_label === '2026-W47')!;
  expect((await h.call('POST', `/admin/payments/${w47.id}/failed`, { token: admin, body: { reason: 'Adresse refusée' } })).status).toBe(200);
  at(paris('2026-11-30', 10));
  await send(bills(bob, '2026-11-23', 20), essays(rita, '2026-11-24', 30));
  await jobs.closeWeeks(paris('2026-12-01', 0, 5));
  at(paris('2026-12-02', 6));
  await jobs.run(clock.now());
  at(paris('2026-12-03', 9));

  // The auditor: invited by the admin, sets a password through the reset link, signs in.
  const invited = await h.call<{ message: string; auditor: AuditorView }>('POST', '/admin/auditors', { token: admin, body: { email: 'Vera.Audit@example.test', first_name: 'Vera', last_name: 'Audit' } });
  expect(invited).toMatchObject({ status: 201, body: { auditor: { email: 'vera.audit@example.test', password_set: false } } });
  auditorId = invited.body.auditor.id;
  const mail = await h.smtp.waitForMail('vera.audit@example.test', { subject: /auditeur/i });
  const token = decodeURIComponent(/reset-password\?token=([^"\s&<]+)/.exec(mail.text)![1]!);
  expect((await h.call('POST', '/auth/reset-password', { body: { token, password: 'audit-password-1' } })).status).toBe(200);
  const login = await h.call('POST', '/auth/login', { body: { email: 'vera.audit@example.test', password: 'audit-password-1' } });
  expect(login.body.user).toMatchObject({ role: 'auditor', first_name: 'Vera' });
  auditor = login.body.token!;
}, 300_000);
afterAll(() => h?.stop());

describe('the auditor', () => {
  it('is listed for admins with its password set, reads the back office, and every write or affiliate call is refused', async () => {
    expect((await h.call<AuditorView[]>('GET', '/admin/auditors', { token: admin })).body).toEqual([expect.objectContaining({ id: auditorId, password_set: true })]);
    expect((await h.call('GET', '/admin/payments/history', { token: auditor })).status).toBe(200);
    const head = await h.eventHead();
    expect(await h.call('POST', '/admin/payments/run', { token: auditor, body: { week: '2026-W48' } })).toEqual({ status: 403, body: { message: 'Insufficient permissions', code: 'insufficient_permissions' } });
    expect((await h.call('POST', '/admin/auditors', { token: auditor, body: { email: 'x@example.test', first_name: 'Xa', last_name: 'Yb' } })).status).toBe(403);
    expect((await h.call('GET', '/admin/auditors', { token: auditor })).status).toBe(403);
    expect((await h.call('GET', '/affiliate/account/payments', { token: auditor })).status).toBe(403);
    expect(await h.eventHead()).toBe(head);
  });

  it('refuses a second auditor with a used address and bad input, recording nothing', async () => {
    const head = await h.eventHead();
    expect(await h.call('POST', '/admin/auditors', { token: admin, body: { email: 'vera.audit@example.test', first_name: 'Vera', last_name: 'Bis' } })).toMatchObject({ status: 409, body: { message: 'Email already exists' } });
    const bad = await h.call('POST', '/admin/auditors', { token: admin, body: { email: 'nope', first_name: '', last_name: 'Audit' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(expect.arrayContaining([{ field: 'email', msg: 'Adresse email invalide' }, { field: 'first_name', msg: 'Le prénom est requis' }]));
    expect(await h.eventHead()).toBe(head);
  });

  it('audit calls: anonymous 401, every kind of affiliate 403', async () => {
    const who = await outsiders(h);
    const payout = (await history())[0]!;
    for (const [method, apiPath] of [
      ['GET', `/audit/affiliates/${bob.id}/events`], ['GET', `/audit/affiliates/${bob.id}/events/export`], ['GET', `/audit/affiliates/${bob.id}/as-of?at=2026-11-20T00:00:00Z`],
      ['GET', `/audit/payouts/${payout.id}`], ['GET', `/audit/payouts/${payout.id}/export`], ['GET', '/audit/rate-changes'], ['POST', '/audit/verify'], ['GET', '/audit/summary'],
      ['POST', '/audit/summary/check'], ['GET', '/audit/views'],
    ] as const) {
      await expectBackOfficeOnly(h, who, method, apiPath);
    }
  });
});

describe('every payout explained', () => {
  it('explains each line of every payout down to its figures, and recomputes the same amounts and invoice hashes', async () => {
    const payouts = await history();
    expect(payouts.map((p) => `${p.week_label} ${p.first_name} ${p.status}`).sort()).toEqual([
      '2026-W45 Bob paid', '2026-W46 Alice paid', '2026-W46 Bob paid', '2026-W47 Bob failed', '2026-W48 Bob paid', '2026-W48 Rita paid',
    ]);
    const kinds = new Set<string>();
    for (const payout of payouts) {
      const { status, body } = await audit<AuditPayoutExplanation>('GET', `/audit/payouts/${payout.id}`);
      expect(status).toBe(200);
      const failed = payout.status === 'failed';
      expect(body.check, `${payout.week_label} ${payout.first_name}`).toEqual({
        recomputed_total: payout.amount, amount_matches: true, invoice_matches: true, credit_note_matches: failed ? true : null, explained: true, problems: [],
      });
      expect(body.invoice).toMatchObject({ number: payout.reference, matches: true });
      expect(body.invoice!.regenerated_sha256).toBe(body.invoice!.recorded_sha256);
      // A failed payout's invoice is cancelled by a credit note, rendered again to the same bytes.
      expect(body.credit_note).toEqual(failed ? expect.objectContaining({ number: payout.credit_note, matches: true }) : null);
      if (failed) expect(body.events.map((e) => e.type)).toContain('CreditNoteIssued');
      for (const item of body.items) {
        kinds.add(item.kind);
        expect(item.posted?.type).toBe('LedgerItemPosted');
        if (item.kind === 'week' || item.kind === 'correction') {
          expect(item.source?.type).toBe(item.kind === 'week' ? 'WeekClosed' : 'WeekCorrected');
          expect(item.days.length).toBeGreaterThan(0);
          for (const day of item.days) {
            expect(day.figures.length).toBeGreaterThan(0);
            expect(day.figures_count).toBe(day.count);
            expect(day.recomputed_amount).toBe(day.amount);
            expect(day.priced_by.position).toMatch(/^\d+\/\d+$/);
          }
          // A week's days add up to it; a correction's days say what each earned before, and their changes add up to the correction.
          const cents = (amount: string | null) => Math.round(Number(amount) * 100);
          if (item.kind === 'week') {
            expect(item.days.every((d) => d.previous_amount === null && d.difference === null)).toBe(true);
            expect(item.days.reduce((sum, d) => sum + cents(d.amount), 0)).toBe(cents(item.amount));
          } else {
            for (const day of item.days) expect(cents(day.amount) - cents(day.previous_amount)).toBe(cents(day.difference));
            expect(item.days.reduce((sum, d) => sum + cents(d.difference), 0)).toBe(cents(item.amount));
          }
        }
        if (item.kind === 'referral') expect(item.referral).toMatchObject({ rate: 10, rounding: expect.stringMatching(/^[+-]0\.\d{5}$/) });
      }
    }
    expect([...kinds].sort()).toEqual(['correction', 'referral', 'week']);
  });

  it('hashes the invoice bytes as stored: one byte changed in the stored PDF is reported, though its recorded hash beside it is untouched', async () => {
    const [payout] = await history();
    const { rows } = await h.db.pool.query<{ pdf: Buffer }>('SELECT pdf FROM payout_invoices WHERE payout_id = $1', [payout!.id]);
    const original = rows[0]!.pdf;
    await h.db.pool.query("UPDATE payout_invoices SET pdf = overlay(pdf placing '\\x41'::bytea from 200 for 1) WHERE payout_id = $1", [payout!.id]);
    try {
      const { body } = await audit<AuditPayoutExplanation>('GET', `/audit/payouts/${payout!.id}`);
      expect(body.check.invoice_matches).toBe(false);
      expect(body.invoice).toMatchObject({ matches: false });
      expect(body.invoice!.regenerated_sha256).toBe(body.invoice!.recorded_sha256);
      expect(body.invoice!.stored_sha256).not.toBe(body.invoice!.recorded_sha256);
      // The problem names the hash that differs: the stored file's.
      expect(body.check.problems).toEqual([`facture ${body.invoice!.number}: empreinte du fichier stocké ${body.invoice!.stored_sha256} ≠ ${body.invoice!.recorded_sha256}`]);
    } finally {
      await h.db.pool.query('UPDATE payout_invoices SET pdf = $2 WHERE payout_id = $1', [payout!.id, original]);
    }
    const { body } = await audit<AuditPayoutExplanation>('GET', `/audit/payouts/${payout!.id}`);
    expect(body.invoice).toMatchObject({ matches: true, stored_sha256: body.invoice!.recorded_sha256 });
  });

  it('shows the figures of a day from the import and the postback, and the settings in force each day of a changed week', async () => {
    const payouts = await history();
    const bobW45 = (await audit<AuditPayoutExplanation>('GET', `/audit/payouts/${payouts.find((p) => p.first_name === 'Bob' && p.week_label === '2026-W45')!.id}`)).body;
    const sources = bobW45.items[0]!.days.flatMap((d) => d.figures.map((f) => `${d.day} ${f.source} ${f.delta.bill}`));
    expect(sources).toEqual(['2026-11-02 import 20', '2026-11-05 postback 1']);
    // Each figure names its offer, as the lines above it do.
    expect(bobW45.items[0]!.days.flatMap((d) => d.figures.map((f) => f.offer_name))).toEqual(['LoveMatch', 'CamLive']);
    expect(bobW45.items[0]!.days.map((d) => [d.day, d.first_position, d.last_position, d.spans.map((s) => `${s.count}x${s.rate}@${s.tier_level}`).join('+')])).toEqual([
      ['2026-11-02', 1, 20, '2x20.00@1+2x25.00@2+16x30.00@3'],
      ['2026-11-05', 21, 21, '1x30.00@3'],
    ]);
    const aliceW46 = (await audit<AuditPayoutExplanation>('GET', `/audit/payouts/${payouts.find((p) => p.first_name === 'Alice')!.id}`)).body;
    const w46 = aliceW46.items.find((i) => i.week === '2026-W46')!;
    expect(w46.days.map((d) => [d.day, d.settings.kind, d.settings.variant_name, d.settings.variant_version, d.settings.rate, d.amount])).toEqual([
      ['2026-11-10', 'standard', null, null, '20.00', '240.00'],
      ['2026-11-12', 'fixed', 'Fixe 25', 1, '25.00', '250.00'],
    ]);
    const csv = await fetch(`${h.url}/api/v1/audit/payouts/${aliceW46.payout_id}/export`, { headers: { authorization: `Bearer ${auditor}` } });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await csv.text();
    const [header, ...lines] = text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    const columns = header!.split(',');
    expect(columns.slice(0, 8)).toEqual(['payout_id', 'payout_week', 'payout_status', 'payout_total', 'carried_in', 'invoice_number', 'invoice_matches', 'item_id']);
    const figureLine = lines.filter((line) => line.includes('2026-11-12') && line.includes(',import,'));
    expect(figureLine).toHaveLength(1);
    // The CSV carries the payout's total and invoice check on every line, and the figure's offer by name.
    const cells = Object.fromEntries(columns.map((c, i) => [c, figureLine[0]!.split(',')[i]]));
    expect(cells).toMatchObject({ payout_status: 'paid', payout_total: aliceW46.total, invoice_number: String(aliceW46.invoice!.number), invoice_matches: 'oui', offer_name: 'LoveMatch' });
    expect(lines.every((line) => line.split(',').length >= columns.length)).toBe(true);
  });
});

describe('history and as of', () => {
  it("lists an affiliate's events in log order with their causes, filtered by kind and in pages", async () => {
    const all = (await audit<AuditEventsPage>('GET', `/audit/affiliates/${bob.id}/events?limit=500`)).body;
    expect(new Set(all.events.map((e) => e.kind))).toEqual(new Set(['account', 'rate_settings', 'earnings', 'ledger', 'payout']));
    const order = all.events.map((e) => e.position.split('/').map(BigInt));
    expect(order.every((p, i) => i === 0 || p[0]! > order[i - 1]![0]! || (p[0] === order[i - 1]![0] && p[1]! > order[i - 1]![1]!))).toBe(true);
    const failed = all.events.find((e) => e.type === 'PayoutFailed')!;
    expect(failed).toMatchObject({ actor_role: 'admin', kind: 'payout' });
    const reopened = all.events.find((e) => e.type === 'ItemsReopened')!;
    expect(reopened.causation_id).toBe(failed.event_id);
    expect(reopened.correlation_id).toBe(failed.correlation_id);
    const payoutsOnly = (await audit<AuditEventsPage>('GET', `/audit/affiliates/${bob.id}/events?kind=payout&limit=3&offset=3`)).body;
    expect(payoutsOnly.total).toBe(all.events.filter((e) => e.kind === 'payout').length);
    expect(payoutsOnly.events.map((e) => e.event_id)).toEqual(all.events.filter((e) => e.kind === 'payout').slice(3, 6).map((e) => e.event_id));
    expect((await audit('GET', `/audit/affiliates/${bob.id}/events?kind=nope`)).status).toBe(400);
    const csv = await fetch(`${h.url}/api/v1/audit/affiliates/${bob.id}/events/export?kind=payout`, { headers: { authorization: `Bearer ${auditor}` } });
    expect((await csv.text()).split('\r\n').filter(Boolean).length).toBe(payoutsOnly.total + 1);
  });

  it('folds balances, tiers and settings as of past dates from the events', async () => {
    const asOf = async (who: TestAffiliate, instant: Date) => (await audit<AuditAsOf>('GET', `/audit/affiliates/${who.id}/as-of?at=${instant.toISOString()}`)).body;
    const thursday = await asOf(bob, paris('2026-11-05', 13));
    expect(thursday).toMatchObject({ exists: true, week: { week: '2026-W45', paid_kind: 'bill', count: 1, tier_level: 1, rate: '20.00' }, balance: { balance: '0.00' } });
    expect(thursday.settings).toMatchObject({ payment_type: 'sale', standard: false, variant: { name: 'Gold', version: 1 } });
    const w45Total = (await history()).find((p) => p.first_name === 'Bob' && p.week_label === '2026-W45')!.amount;
    expect((await asOf(bob, paris('2026-11-10', 12))).balance).toMatchObject({ balance: w45Total, open_items: 1, paid_total: '0.00' });
    expect((await asOf(bob, paris('2026-11-11', 12))).balance).toMatchObject({ balance: '0.00', paid_total: w45Total });
    expect((await asOf(alice, paris('2026-11-11', 11))).settings).toMatchObject({ standard: true, variant: null, standard_rate: '20.00' });
    const afterChange = await asOf(alice, paris('2026-11-11', 13));
    expect(afterChange.settings).toMatchObject({ standard: false, variant: { name: 'Fixe 25', version: 1, base_amount: '25.00' } });
    expect(afterChange.variant_versions.map((v) => v.name)).toEqual(['Fixe 25']);
    expect(await asOf(rita, paris('2026-10-01'))).toMatchObject({ exists: false, settings: null, events_folded: 0 });
    for (const at of ['yesterday', '2026-02-30T00:00:00Z', '9999-12-31T23:59:59Z']) {
      expect(await audit('GET', `/audit/affiliates/${bob.id}/as-of?at=${at}`), at).toMatchObject({ status: 400, body: { message: 'Date invalide : donnez une date et heure ISO 8601 (par exemple 2026-11-18T12:00:00Z)' } });
    }
  });

  it('lists rate changes with who made them and the weeks paid with them', async () => {
    const fixed = (await audit<AuditRateChangesPage>('GET', `/audit/rate-changes?variant_id=${fixedId}`)).body;
    const created = fixed.changes.find((c) => c.kind === 'variant_created')!;
    expect(created).toMatchObject({ variant_name: 'Fixe 25', variant_version: 1, description: 'Variante Fixe 25 v1 : 25,00 EUR fixe' });
    expect(created.affected).toEqual([expect.objectContaining({ user_id: alice.id, week: '2026-W46', how: 'priced_with' })]);
    const aliceChanges = (await audit<AuditRateChangesPage>('GET', `/audit/rate-changes?user_id=${alice.id}`)).body;
    expect(aliceChanges.changes.map((c) => c.kind)).toEqual(['affiliate_settings', 'affiliate_settings']);
    expect(aliceChanges.changes[0]).toMatchObject({ actor_role: 'admin', actor_name: 'Admin Affilux', unique_id: alice.uniqueId, description: 'Paramètres de paiement : PPT, variante Fixe 25' });
    // Her first settings were chosen by the admin who approved her application: the account opened on approval names that admin.
    expect(aliceChanges.changes[1]).toMatchObject({ actor_role: 'admin', actor_name: 'Admin Affilux', unique_id: alice.uniqueId });
    // Amounts and rates written French style, the variant by its name in the affiliate's history too.
    const ritaCommission = (await audit<AuditRateChangesPage>('GET', `/audit/rate-changes?user_id=${rita.id}`)).body.changes.find((c) => c.kind === 'referral_commission');
    expect(ritaCommission?.description).toBe('Commission de parrainage : 10,0 %');
    const aliceHistory = (await audit<AuditEventsPage>('GET', `/audit/affiliates/${alice.id}/events?kind=rate_settings&limit=50`)).body.events;
    expect(aliceHistory.map((e) => e.summary)).toContain('Paramètres de paiement : PPT, variante Fixe 25');
    // Her settings price her days from the day of each change: the fixed variant from Wednesday 11 November (W46's Thursday figures), the standard rate before it.
    expect(aliceChanges.changes[0]!.affected).toEqual([expect.objectContaining({ user_id: alice.id, week: '2026-W46', how: 'priced_with' })]);
    expect(aliceChanges.changes[1]!.affected.map((a) => [a.week, a.how])).toEqual([['2026-W45', 'priced_with'], ['2026-W46', 'priced_with']]);
  });

  it("lists the weeks a standard rate priced: its payment type's days at the standard rate, from its day until the next change", async () => {
    // A PPT standard rate set on Thursday 3 December, then Rita's (PPT, standard) essays of that day; Bob (SALE, a variant) is not paid with it.
    expect((await h.call('PUT', '/standard-rates/ppt', { token: admin, body: { amount: '22.00' } })).status).toBe(200);
    await send(essays(rita, '2026-12-03', 4), bills(bob, '2026-12-03', 1));
    const changes = (await audit<AuditRateChangesPage>('GET', '/audit/rate-changes?limit=100')).body.changes;
    const standard = changes.find((c) => c.kind === 'standard_rate')!;
    expect(standard).toMatchObject({ description: 'Taux standard PPT : 22,00 EUR', payment_type: 'ppt' });
    expect(standard.affected).toEqual([expect.objectContaining({ user_id: rita.id, week: '2026-W49', how: 'priced_with' })]);
  });

  it('credits the days priced before a settings change to the settings then in force, and only the repricing to the change', async () => {
    // Rita's essays of Thursday 3 December, priced at the standard rate; at 11:00 she moves to the fixed variant, which reprices her week.
    await send(essays(rita, '2026-12-03', 6));
    at(paris('2026-12-03', 11));
    expect((await h.call('PUT', `/admin/users/${rita.id}/payment-settings`, { token: admin, body: { payment_type: 'ppt', variant_id: fixedId } })).status).toBe(200);
    await h.server.deps.readModels.waitForConsequences(await h.server.deps.eventStore.headPosition());
    at(paris('2026-12-03', 12));
    const move = (await audit<AuditRateChangesPage>('GET', `/audit/rate-changes?user_id=${rita.id}`)).body.changes[0]!;
    expect(move).toMatchObject({ kind: 'affiliate_settings', variant_id: fixedId });
    expect(move.affected.map((a) => [a.week, a.how])).toEqual([['2026-W49', 'priced_with'], ['2026-W49', 'repriced']]);
    const [pricedWith, repriced] = move.affected;
    expect(pricedWith!.event_ids).toEqual(repriced!.event_ids);
    // The standard rate priced her two earlier pricings of the week, not the one after her move.
    const standard = (await audit<AuditRateChangesPage>('GET', '/audit/rate-changes?limit=100')).body.changes.find((c) => c.kind === 'standard_rate')!;
    const ritaWeek = standard.affected.find((a) => a.user_id === rita.id && a.week === '2026-W49')!;
    expect(ritaWeek.event_ids).toHaveLength(2);
    expect(ritaWeek.event_ids).not.toContain(repriced!.event_ids[0]);
  });

  it("says what each change replaced, and counts among an affiliate's changes those of its variant and of its standard rate", async () => {
    const changesOf = async (who: TestAffiliate) => (await audit<AuditRateChangesPage>('GET', `/audit/rate-changes?user_id=${who.id}&limit=100`)).body.changes;
    // Rita (PPT) was on the standard rate when it became 22.00: that change started one of her rate periods.
    const standard = (await changesOf(rita)).find((c) => c.kind === 'standard_rate');
    expect(standard).toMatchObject({ description: 'Taux standard PPT : 22,00 EUR', description_before: 'Taux standard PPT : 20,00 EUR (par défaut)', before: null });
    const aliceChanges = await changesOf(alice);
    expect(aliceChanges.map((c) => c.kind)).toEqual(['affiliate_settings', 'affiliate_settings']);
    expect(aliceChanges[0]).toMatchObject({ description_before: aliceChanges[1]!.description, before: aliceChanges[1]!.after });
    expect(aliceChanges[1]).toMatchObject({ description_before: null, before: null });
    // In the back office's language when asked; another language is refused.
    const inEnglish = (await audit<AuditRateChangesPage>('GET', `/audit/rate-changes?user_id=${alice.id}&lang=en`)).body.changes;
    expect(inEnglish[0]).toMatchObject({ description: 'Payment settings: PPT, variant Fixe 25', description_before: 'Payment settings: PPT, standard rate' });
    const events = (await audit<AuditEventsPage>('GET', `/audit/affiliates/${alice.id}/events?kind=rate_settings&lang=en`)).body.events;
    expect(events.map((e) => e.summary)).toContain('Payment settings: PPT, variant Fixe 25');
    for (const path of [`/audit/rate-changes?lang=de`, `/audit/affiliates/${alice.id}/events?lang=de`, `/audit/affiliates/${alice.id}/events/export?lang=de`]) {
      expect(await audit('GET', path), path).toMatchObject({ status: 400, body: { message: 'lang : fr ou en' } });
    }

    at(paris('2026-12-04', 10));
    const tiers = [
      { tier_level: 1, min_sales: 0, max_sales: 2, amount_cents: 2100 },
      { tier_level: 2, min_sales: 3, max_sales: null, amount_cents: 2600 },
    ];
    await recordVariantUpdate(h, { variant_id: goldId, payment_type: 'sale', name: 'Gold', base_amount_cents: 2100, is_evolutionary: true, tiers }, clock.now());
    await h.server.deps.readModels.waitForConsequences(await h.server.deps.eventStore.headPosition());
    const gold = (await changesOf(bob)).find((c) => c.kind === 'variant_updated');
    expect(gold).toMatchObject({
      variant_id: goldId, variant_version: 2,
      description: 'Variante Gold v2 : 2 paliers (21,00 EUR de 0 à 2, 26,00 EUR de 3 à ∞)',
      description_before: 'Variante Gold v1 : 3 paliers (20,00 EUR de 0 à 2, 25,00 EUR de 3 à 4, 30,00 EUR de 5 à ∞)',
      before: expect.objectContaining({ tiers: expect.arrayContaining([expect.objectContaining({ amount_cents: 3000 })]) }),
    });
    // Alice is on another variant: Gold's new version is not hers.
    expect((await changesOf(alice)).map((c) => c.kind)).not.toContain('variant_updated');
  });

  it('records who looked at what', async () => {
    const views = (await audit<AuditViewsPage>('GET', '/audit/views?limit=500')).body;
    expect(views.views.filter((v) => v.viewer_id === auditorId).map((v) => v.subject)).toEqual(expect.arrayContaining(['payout', 'affiliate_events', 'affiliate_as_of', 'rate_changes', 'export_payout', 'export_events']));
    expect(views.views.find((v) => v.subject === 'affiliate_as_of')).toMatchObject({ viewer_role: 'auditor', subject_id: expect.any(String), query: { at: expect.any(String) } });
  });
});

describe('verification', () => {
  it('signs a summary that checks, and a changed one that does not', async () => {
    const summary = (await audit<AuditSignedSummary>('GET', '/audit/summary')).body;
    expect(summary.tables.find((t) => t.table === 'rm_payouts')).toMatchObject({ rows: 6 });
    expect(summary.invoices).toHaveLength(6);
    expect((await audit('POST', '/audit/summary/check', summary)).body).toMatchObject({ valid: true });
    expect((await audit('POST', '/audit/summary/check', { ...summary, payouts_total: '1.00' })).body).toMatchObject({ valid: false });
    // A year of a large network's invoices is megabytes: checked, not refused as too large (the API's usual limit is 100 kB).
    const large = { ...summary, invoices: Array.from({ length: 3000 }, (_, i) => ({ ...summary.invoices[0]!, reference: i })) };
    expect(JSON.stringify(large).length).toBeGreaterThan(200_000);
    expect(await audit('POST', '/audit/summary/check', large)).toMatchObject({ status: 200, body: { valid: false } });
    expect((await h.call('POST', '/audit/summary/check', { body: large })).status).toBe(401);
  });

  /** `npm run audit:verify`, as an operator runs it on the same database. */
  const verifyFromShell = async (env: Record<string, string> = {}) => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-audit-cli-'));
    try {
      return await promisify(execFile)('npx', ['tsx', 'backend/src/audit/verifyMain.ts'], {
        cwd: path.resolve(import.meta.dirname, '../../..'), env: { ...process.env, DATABASE_URL: h.db.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
      }).then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }), (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }));
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  };

  it('rebuilds every read model into a scratch schema: all identical; a row changed by hand is named, by the call and by npm run audit:verify', async () => {
    const report = (await audit<AuditVerifyReport>('POST', '/audit/verify')).body;
    expect(report.differences).toEqual([]);
    expect(report).toMatchObject({ identical: true, payouts: { checked: 6, matching: 6 }, invoices: { checked: 6, matching: 6 }, credit_notes: { checked: 1, matching: 1 } });
    expect(report.tables.map((t) => t.table)).toEqual(expect.arrayContaining(['rm_users', 'rm_payouts', 'rm_ledger_balances', 'rm_week_closes', 'rm_audit_events']));
    const { rows: schemas } = await h.db.pool.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'audit_scratch_%'");
    expect(schemas).toEqual([]);

    expect(await verifyFromShell()).toMatchObject({ code: 0, stdout: expect.stringContaining('Everything matches.') });

    await h.db.pool.query('UPDATE rm_ledger_balances SET balance_cents = balance_cents + 1 WHERE id = $1', [bob.id]);
    const tampered = (await audit<AuditVerifyReport>('POST', '/audit/verify')).body;
    expect(tampered.identical).toBe(false);
    expect(tampered.tables.filter((t) => !t.identical).map((t) => t.table)).toEqual(['rm_ledger_balances']);
    expect(tampered.differences).toEqual(['rm_ledger_balances: 1 live row(s) not in the rebuild, 1 rebuilt row(s) not live']);
    const failing = await verifyFromShell();
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/DIFFERS\s+rm_ledger_balances/);
  }, 120_000);

  it('runs one verification at a time: a second one asked meanwhile, from the API or the shell, is refused and changes nothing', async () => {
    const [first, second] = await Promise.all([audit<AuditVerifyReport>('POST', '/audit/verify'), audit<AuditVerifyReport>('POST', '/audit/verify')]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.status === 409)!.body).toEqual({ message: VERIFYING_ALREADY });

    // Another process verifying: the lock is the database's, whoever holds it.
    const other = await h.db.pool.connect();
    try {
      await other.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [VERIFY_LOCK]);
      expect((await audit('POST', '/audit/verify')).status).toBe(409);
      expect(await verifyFromShell()).toMatchObject({ code: 2, stderr: `Could not verify: ${VERIFYING_ALREADY}\n` });
      // Any other reason it could not verify is exit code 2 too, never 1 ("differences found").
      expect(await verifyFromShell({ DATABASE_URL: 'postgres://nobody:wrong@127.0.0.1:9/none' })).toMatchObject({ code: 2, stderr: expect.stringMatching(/^Could not verify: /) });
    } finally {
      await other.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [VERIFY_LOCK]);
      other.release();
    }
    const { rows: schemas } = await h.db.pool.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'audit_scratch_%' OR nspname LIKE 'audit_frozen_%'");
    expect(schemas).toEqual([]);
    // Released: the next one runs (and still finds the row changed by hand above).
    expect((await audit<AuditVerifyReport>('POST', '/audit/verify')).body.differences).toHaveLength(1);
  }, 120_000);

  it('npm run replay rebuilds the live read models, the audit\'s included, and repairs the changed row', async () => {
    await rebuildReadModels({ eventStore: h.server.deps.eventStore, pool: h.db.pool, processors: projectionsOf(features) });
    const report = (await audit<AuditVerifyReport>('POST', '/audit/verify')).body;
    expect(report.differences).toEqual([]);
    expect(report.identical).toBe(true);
  }, 120_000);

  it('compares each read model with its rebuild as far as it had got: an event the read models have not taken yet is no difference', async () => {
    // The ledger balances refuse rows for a while: the adjustment below is in the log and not in them, nor in the read models after them.
    await h.db.pool.query('ALTER TABLE rm_ledger_balances ADD CONSTRAINT test_refuses_rows CHECK (false) NOT VALID');
    try {
      const head = await h.eventHead();
      const adjusted = h.call('POST', '/admin/payments/adjustments', { token: admin, body: { user_id: bob.id, amount: '5', reason: 'Geste commercial' } });
      await vi.waitFor(async () => expect(await h.eventHead()).not.toBe(head), { timeout: 10_000, interval: 50 });
      const report = (await audit<AuditVerifyReport>('POST', '/audit/verify')).body;
      expect(report.differences).toEqual([]);
      expect(report.identical).toBe(true);
      expect((await adjusted).status).toBe(201);
    } finally {
      await h.db.pool.query('ALTER TABLE rm_ledger_balances DROP CONSTRAINT test_refuses_rows');
    }
    await vi.waitFor(async () => expect((await h.call<{ status: string }>('GET', '/health')).body.status).toBe('ok'), { timeout: 30_000, interval: 200 });
    expect((await audit<AuditVerifyReport>('POST', '/audit/verify')).body.differences).toEqual([]);
  }, 120_000);
});
