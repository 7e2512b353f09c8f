import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { userStream, type AccountEvent } from '../accounts/events';
import { systemContext, toNewEvents } from '../eventstore/commands';
import { createPostgresEventStore } from '../eventstore/postgresEventStore';
import { addDaysTo } from '../time/calendar';
import { createTestDatabase } from '../../../test/testDatabase';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function startServer(env: Record<string, string>): ChildProcess & { output: string } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'backend/src/main.ts')], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }) as ChildProcess & { output: string };
  child.output = '';
  child.stdout!.on('data', (chunk: Buffer) => (child.output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (child.output += chunk.toString()));
  cleanups.push(() => kill(child, 'SIGTERM'));
  return child;
}

async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

async function until<T>(probe: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const AFFILIATES = 100;
const DAYS = 300;

describe('an import cut short by a crash', () => {
  it('counts nothing; sent again it counts every figure exactly once', async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-import-crash-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const env = {
      NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url, DATA_DIR: dataDir, MAIL_CATCHER_SMTP_PORT: '0', PORT: '0', HOST: '127.0.0.1',
      ADMIN_EMAIL: 'admin@crash.test', ADMIN_PASSWORD: 'admin-password',
    };

    // Affiliates whose accounts opened on 1 January, as their events say.
    const eventStore = createPostgresEventStore(db.pool);
    const opened = new Date('2026-01-01T09:00:00Z');
    for (let i = 0; i < AFFILIATES; i++) {
      const id = randomUUID();
      const events: AccountEvent[] = [
        { type: 'AffiliateAccountOpened', data: { user_id: id, application_id: id, unique_id: 10001 + i, email: `a${i}@example.test`, first_name: 'A', last_name: `N${i}`, username: `a${i}`, contact_method: '@a', country: 'France' } },
        { type: 'PaymentSettingsChanged', data: { payment_type: 'ppt', variant_id: null } },
      ];
      await eventStore.append(userStream(id), toNewEvents(events, systemContext(opened)), { expectedRevision: 'no_stream' });
    }
    const rows = Array.from({ length: AFFILIATES * DAYS }, (_, i) => ({
      source: String(10001 + (i % AFFILIATES)),
      stat_date: addDaysTo('2026-01-05', Math.floor(i / AFFILIATES)),
      data: { globals: { click: 10, registered: 2, essay: 1 + (i % 3) } },
    }));
    const file = JSON.stringify({ rows });
    const essays = rows.reduce((sum, row) => sum + row.data.globals.essay, 0);

    const first = startServer(env);
    const url = await until(async () => /Back office\s+: (http:\/\/\S+)\/admin/.exec(first.output)?.[1], 'the server to start');
    const login = await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@crash.test', password: 'admin-password' }) });
    const { token } = (await login.json()) as { token: string };
    const send = (to: string) => fetch(`${to}/api/v1/stats/import`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: file });

    // Killed once some of the import's chunks are recorded, before its completion.
    void send(url).catch(() => undefined);
    await until(async () => (await db.pool.query("SELECT 1 FROM events WHERE type = 'FiguresImported'")).rowCount, 'chunks to be recorded');
    await kill(first, 'SIGKILL');
    expect((await db.pool.query("SELECT 1 FROM events WHERE type = 'StatsImportCompleted'")).rowCount, 'the import completed before the kill: make the file larger').toBe(0);

    const second = startServer(env);
    const url2 = await until(async () => /Back office\s+: (http:\/\/\S+)\/admin/.exec(second.output)?.[1], 'the server to restart');
    const counted = async () => Number((await db.pool.query('SELECT coalesce(sum(essay), 0) AS n FROM rm_figure_rows')).rows[0].n);
    expect(await counted()).toBe(0);

    const sent = Date.now();
    const answer = await send(url2);
    console.log(`re-sent import answered in ${Date.now() - sent} ms`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ ok: true, rows_received: AFFILIATES * DAYS, days_changed: AFFILIATES * DAYS });
    await expect.poll(counted, { timeout: 60_000 }).toBe(essays);
    expect((await db.pool.query("SELECT count(*)::int AS n FROM events WHERE type = 'StatsImportAbandoned'")).rows[0].n).toBe(1);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM rm_import_pending')).rows[0].n).toBe(0);
    const earned = async () => Number((await db.pool.query('SELECT coalesce(sum(amount_cents), 0) AS n FROM rm_day_earnings')).rows[0].n);
    await expect.poll(earned, { timeout: 120_000 }).toBe(essays * 2000);
  }, 300_000);
});
