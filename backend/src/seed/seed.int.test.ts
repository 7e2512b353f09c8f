import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiUser, AffiliatePaymentsData, OfferView, PaymentHistoryRow, StatsImportView, VariantListItem } from '@affilux/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../../test/apiHarness';
import { createTestDatabase, type TestDatabase } from '../../../test/testDatabase';
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/database';
import { lastClosableWeek } from '../earnings/weekClose';
import { weeksToClose } from '../earnings/weekCloses/queries';
import { startServer, type RunningServer } from '../server';
import { previousWeek } from '../time/calendar';
import { DEMO_PASSWORD } from './seed';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ADMIN = { email: 'admin@seed.test', password: 'admin-password-for-the-seed' };

let db: TestDatabase;
let smtp: SmtpCapture;
let dataDir: string;
let env: Record<string, string>;

/** `npm run seed -- --size=small`, as a person runs it: its exit code and everything it printed. */
function runSeed(environment: Record<string, string | undefined> = env): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'backend/src/seed/main.ts'), '--size=small'], { cwd: ROOT, env: { ...process.env, ...environment }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

beforeAll(async () => {
  [db, smtp, dataDir] = await Promise.all([createTestDatabase(), startSmtpCapture(), fs.mkdtemp(path.join(os.tmpdir(), 'affilux-seed-'))]);
  env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url, DATA_DIR: dataDir, SMTP_URL: smtp.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
});
afterAll(async () => {
  await smtp?.close();
  await db?.drop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const count = async (sql: string, values: unknown[] = []) => Number((await db.pool.query<{ n: string }>(sql, values)).rows[0]!.n);

describe('npm run seed', () => {
  let seeded: { code: number | null; output: string };
  let server: RunningServer;
  let serverStopped = false;
  let admin: string;
  const api = async <T>(apiPath: string, token = admin): Promise<{ status: number; body: T; headers: Headers }> => {
    const response = await fetch(`${server.url}/api/v1${apiPath}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as T, headers: response.headers };
  };

  beforeAll(async () => {
    // Left empty, as a .env file does: unset, so the mails' links point at the default port.
    seeded = await runSeed({ ...env, PORT: '', PUBLIC_URL: '' });
    server = await startServer(loadConfig({ ...env, PORT: '0', HOST: '127.0.0.1', MAIL_CATCHER_SMTP_PORT: '0' }), { serveFrontends: false });
    const login = await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    admin = ((await login.json()) as { token: string }).token;
  }, 300_000);
  afterAll(async () => {
    if (!serverStopped) await server?.stop();
  });

  it('fills an empty installation and says what it created and how to sign in', () => {
    expect(seeded.code, seeded.output).toBe(0);
    const links = smtp.mails.flatMap((mail) => mail.text.match(/http:\/\/localhost[^/\s]*\//g) ?? []);
    expect(links.length).toBeGreaterThan(0);
    expect(new Set(links)).toEqual(new Set(['http://localhost:3000/']));
    expect(seeded.output).toMatch(/Seeded in \d+ s: figures from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\./);
    expect(seeded.output).toContain('Affiliates   : 8 (');
    expect(seeded.output).toContain(`Back office : ${ADMIN.email} with ADMIN_PASSWORD`);
    expect(seeded.output).toMatch(new RegExp(`Affiliate   : \\S+@demo-affilux\\.test / ${DEMO_PASSWORD}`));
    // The first affiliate opens on the standard PPT rate and is moved to the PPT tiers: named by its rate now (README review).
    expect(seeded.output).toMatch(new RegExp(`Affiliate   : \\S+@demo-affilux\\.test / ${DEMO_PASSWORD} \\([^,]+, PPT évolutif\\)`));
  });

  it('gives the back office affiliates on every kind of rate, with referrers, frozen and unverified accounts, and applications to decide', async () => {
    const { body: affiliates } = await api<ApiUser[]>('/admin/users/search?q=');
    expect(affiliates).toHaveLength(8);
    expect(new Set(affiliates.map((a) => `${a.payment_type}/${a.variant_id ? 'variant' : 'standard'}`))).toEqual(new Set(['ppt/variant', 'ppt/standard', 'sale/variant', 'sale/standard']));
    expect(affiliates.filter((a) => a.is_frozen)).toHaveLength(1);
    expect(affiliates.filter((a) => !a.email_verified)).toHaveLength(2);
    expect(affiliates.filter((a) => a.referred_by !== null).length).toBeGreaterThan(0);
    expect(affiliates.filter((a) => Number(a.referral_commission_rate) > 0).length).toBeGreaterThan(0);
    expect((await api<{ pending: number }>('/applications/counts')).body.pending).toBe(1);
    expect((await api<unknown[]>('/admin/messages?status=all')).body.length).toBe(3);
    for (const resource of ['ppt-variants', 'sales-variants']) {
      const { body: variants } = await api<VariantListItem[]>(`/${resource}`);
      expect(variants.map((v) => v.is_evolutionary).sort()).toEqual([false, true]);
      expect(variants.some((v) => v.version === 2), `${resource}: an edited variant`).toBe(true);
    }
    const { body: rates } = await api<Record<'ppt' | 'sale', { amount: string; history: unknown[] }>>('/standard-rates');
    expect(rates.sale.amount).toBe('40.00');
    expect(rates.sale.history.length).toBeGreaterThanOrEqual(2);
    // A settings change on a past day: the variation history of the first affiliate has two periods.
    const first = affiliates.at(-1)!;
    expect((await api<unknown[]>(`/admin/users/${first.id}/variation-history`)).body.length).toBeGreaterThanOrEqual(2);
    expect((await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: first.email, password: DEMO_PASSWORD }) })).status).toBe(200);
  });

  it('gives offers of every kind with their brand images', async () => {
    const { body: offers } = await api<OfferView[]>('/offers');
    expect(offers).toHaveLength(6);
    expect(offers.some((o) => o.is_private && o.private_affiliate_ids.length > 0)).toBe(true);
    expect(new Set(offers.map((o) => o.intake))).toEqual(new Set(['import', 'postback']));
    expect(new Set(offers.map((o) => o.category)).size).toBe(4);
    for (const offer of offers) {
      const image = await fetch(`${server.url}/uploads/${offer.brand_image}`);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(offer.templates.length).toBeGreaterThan(0);
    }
  });

  it('records every day of figures through the import (admin files and a brand key), postbacks, and what they earned', async () => {
    const { body: imports, headers } = await api<StatsImportView[]>('/stats/imports?range=[0,99]');
    expect(Number(headers.get('content-range')?.split('/')[1])).toBeGreaterThanOrEqual(20);
    expect(new Set(imports.map((i) => i.sender_kind))).toEqual(new Set(['admin', 'api_key']));
    expect(imports.every((i) => i.status === 'completed')).toBe(true);
    expect((await api<{ revoked_at: string | null }[]>('/admin/api-keys')).body.map((k) => k.revoked_at === null).sort()).toEqual([false, true]);

    expect(await count('SELECT count(*) AS n FROM rm_affiliate_days')).toBeGreaterThan(100);
    expect(await count("SELECT count(*) AS n FROM events WHERE type = 'ConversionRecorded'")).toBeGreaterThan(10);
    expect(await count("SELECT count(DISTINCT s1) AS n FROM rm_figure_rows WHERE s1 <> ''")).toBeGreaterThan(0);
    // Every affiliate with figures earned something, whatever its kind of rate.
    expect(await count(`SELECT count(*) AS n FROM (SELECT user_id FROM rm_affiliate_days GROUP BY user_id HAVING sum(revenue_cents) = 0) idle`)).toBe(0);
    expect(await count('SELECT coalesce(sum(amount_cents), 0) AS n FROM rm_day_earnings')).toBe(await count('SELECT coalesce(sum(revenue_cents), 0) AS n FROM rm_affiliate_days'));
  });

  it('pays the closed weeks on their Wednesdays, so the payments screens have a history and invoices', async () => {
    expect(seeded.output).toMatch(/Payouts      : [1-9]\d* Wednesday runs, [1-9]\d* payouts \(\d+\.\d\d EUR\) with their invoices, \d+ balances carried over, 1 failed/);
    // The last closable week may close on the seed's own Tuesday; every week before it was closed and paid on its Wednesday.
    expect(await weeksToClose(db.pool, previousWeek(lastClosableWeek(new Date())))).toEqual([]);
    const { body: history } = await api<PaymentHistoryRow[]>('/admin/payments/history');
    expect(history.length).toBeGreaterThan(0);
    const invoice = await fetch(`${server.url}/api/v1/admin/payments/${history[0]!.id}/download-invoice`, { headers: { authorization: `Bearer ${admin}` } });
    expect(invoice.headers.get('content-type')).toBe('application/pdf');
    const { body: affiliates } = await api<ApiUser[]>('/admin/users/search?q=');
    const payout = history.find((row) => affiliates.some((a) => a.id === row.user_id && a.email_verified && !a.is_frozen))!;
    const login = await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: payout.email, password: DEMO_PASSWORD }) });
    const { body: payments } = await api<AffiliatePaymentsData>('/affiliate/account/payments', ((await login.json()) as { token: string }).token);
    expect(payments.payments.map((p) => p.id)).toContain(payout.id);
    // One payout refused by the provider: failed, its invoice cancelled by the first credit note.
    expect(history.filter((row) => row.status === 'failed').map((row) => row.credit_note)).toEqual([1]);
  });

  it('keeps the timeline real: accounts opened before their figures, nothing after the run', async () => {
    expect(await count(`SELECT count(*) AS n FROM rm_affiliate_days d JOIN rm_users u ON u.id = d.user_id WHERE d.day < (u.created_at AT TIME ZONE 'Europe/Paris')::date`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM events WHERE (metadata->>'occurredAt')::timestamptz > now()`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM events WHERE (metadata->>'occurredAt')::timestamptz < now() - interval '20 days'`)).toBeGreaterThan(0);
  });

  it('refuses a second run, saying why and changing nothing', async () => {
    // Nothing else may write meanwhile: the server's jobs, started on the seeded log, can still be catching up on it.
    await server.stop();
    serverStopped = true;
    const before = await count('SELECT count(*) AS n FROM events');
    const again = await runSeed();
    expect(again.code).toBe(1);
    expect(again.output).toContain('Seed refused: This installation is not empty (it has affiliates)');
    expect(await count('SELECT count(*) AS n FROM events')).toBe(before);
  }, 120_000);

  it("refuses to start on an embedded database another process is running (npm start), saying what to do", async () => {
    const busy = await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-seed-busy-'));
    const running = await openDatabase({ dataDir: busy, notice: () => {} });
    const refused = await runSeed({ ...env, DATABASE_URL: undefined, DATA_DIR: busy });
    await running.close();
    await fs.rm(busy, { recursive: true, force: true });
    expect(refused.code).toBe(1);
    // Named by the process holding it (here, this test's), the one to stop: not PostgreSQL under it (README review).
    expect(refused.output).toContain(`Seed refused: the embedded PostgreSQL of ${busy} is in use (pid ${process.pid}). Stop \`npm start\` first`);
  }, 60_000);
});
