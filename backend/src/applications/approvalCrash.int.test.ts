import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../../../test/apiHarness';
import { createTestDatabase } from '../../../test/testDatabase';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cleanups: (() => Promise<unknown>)[] = [];
/** What each program printed, shown when a wait times out. */
const started: { script: string; child: { output: string } }[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `node --import tsx` keeps each program one process, so SIGKILL really kills it. */
function run(script: string, env: Record<string, string>): ChildProcess & { output: string } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script)], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }) as ChildProcess & { output: string };
  child.output = '';
  started.push({ script, child });
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

/** Generous: two processes start from TypeScript sources, and CI may share its two cores with other work. */
async function until<T>(probe: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 150_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}\n${started.map((c) => `--- ${c.script}:\n${c.child.output.slice(-3000)}`).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('an approval interrupted between its events', () => {
  it('is completed by the account-opening reactor once processing resumes: one account, one affiliate id, one welcome mail, no start-up repair', async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const smtp = await startSmtpCapture();
    cleanups.push(() => smtp.close());
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-crash-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const env = {
      NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: db.url, DATA_DIR: dataDir, SMTP_URL: smtp.url, PORT: '0', HOST: '127.0.0.1',
      ADMIN_EMAIL: 'admin@crash.test', ADMIN_PASSWORD: 'admin-password', PROJECTIONS: 'external',
    };

    // The production shape: the server, and the read models and reactors in their own process.
    const server = run('backend/src/main.ts', env);
    const processing = run('projections/src/main.ts', env);
    const url = await until(async () => /Back office\s+: (http:\/\/\S+)\/admin/.exec(server.output)?.[1], 'the server to start');
    const post = async (apiPath: string, body: unknown, token?: string) => {
      const response = await fetch(`${url}/api/v1${apiPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { id?: string; token?: string };
    };
    const { id } = await post('/applications/submit', {
      first_name: 'Léa', last_name: 'Bernard', username: 'lea-crash', email: 'lea-crash@example.test', password: 'secret-pw', profile_type: 'website',
      contact_method: '@lea', country: 'France', experience_description: 'Owner of three dating review sites', affiliate_niches: [], traffic_sources: ['SEO'], terms_accepted: true,
    });
    // Sign-in reads the admin's account from a read model, built by the processing process: wait for it (a failed attempt would count against the login throttle).
    await until(async () => (await db.pool.query("SELECT 1 FROM rm_users WHERE email = 'admin@crash.test'").catch(() => ({ rowCount: 0 }))).rowCount, 'the admin account to be projected');
    const { token } = await post('/auth/login', { email: 'admin@crash.test', password: 'admin-password' });
    expect(token).toBeTruthy();

    // Processing stops; approve, and kill the server the moment the approval is recorded, before anything follows from it.
    await kill(processing, 'SIGTERM');
    void post(`/applications/${id}/approve`, { payment_type: 'sale' }, token).catch(() => undefined);
    await until(async () => (await db.pool.query("SELECT 1 FROM events WHERE type = 'ApplicationApproved' AND stream_id = $1", [`application-${id}`])).rowCount, 'the approval to be recorded');
    await kill(server, 'SIGKILL');
    expect((await db.pool.query('SELECT 1 FROM events WHERE stream_id = $1', [`user-${id}`])).rowCount).toBe(0);

    // Processing resumes (here in the projections process; the server's inline runner does the same).
    run('projections/src/main.ts', env);
    const account = await until(async () => (await db.pool.query('SELECT unique_id, payment_type FROM rm_users WHERE id = $1', [id])).rows[0], 'the account to be opened');
    expect(account).toEqual({ unique_id: 10001, payment_type: 'sale' });
    const opened = await db.pool.query("SELECT count(*)::int AS n FROM events WHERE type = 'AffiliateAccountOpened' AND stream_id = $1", [`user-${id}`]);
    expect(opened.rows[0].n).toBe(1);
    const welcome = await until(async () => (await db.pool.query("SELECT recipient, key FROM mail_outbox WHERE key LIKE 'applicant-emails/%'")).rows[0], 'the welcome mail to be queued');
    expect(welcome.recipient).toBe('lea-crash@example.test');
    expect(server.output).not.toMatch(/resum/i);
  }, 600_000);
});
