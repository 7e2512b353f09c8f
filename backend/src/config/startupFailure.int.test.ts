import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freeEmbeddedDatabase, openDatabase } from '../db/database';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
});

/** Runs an entry point as an operator does, in its own data folder unless given one; resolves with its exit code and what it printed. */
async function run(entry: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const dataDir = env.DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-startup-')));
  folders.push(dataDir);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, entry)], {
      cwd: ROOT, env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', MAIL_CATCHER_SMTP_PORT: '0', DATA_DIR: dataDir, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr, stdout }));
  });
}

/** A process that starts the data folder's embedded PostgreSQL and is then killed with SIGKILL (no chance to stop it). */
async function killedWithItsDatabase(dataDir: string): Promise<void> {
  const script = `import { openDatabase } from ${JSON.stringify(path.join(ROOT, 'backend/src/db/database.ts'))};
    await openDatabase({ dataDir: process.env.DATA_DIR, notice: () => {} }); console.log('ready'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.on('close', (code) => reject(new Error(`exited ${code} before its database was up`)));
  });
  const closed = new Promise((resolve) => child.once('close', resolve));
  child.kill('SIGKILL');
  await closed;
}

describe('a failure to start', () => {
  it('a server killed with SIGKILL left its embedded PostgreSQL running: the next start stops that orphan, says so, and starts with the data', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-startup-'));
    folders.push(dataDir);
    await killedWithItsDatabase(dataDir);
    const orphan = Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(() => process.kill(orphan, 0)).not.toThrow();

    const notices: string[] = [];
    try {
      const db = await openDatabase({ dataDir, notice: (line) => notices.push(line) });
      try {
        expect((await db.pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
        expect(notices).toContain(`The embedded PostgreSQL of ${dataDir} (pid ${orphan}) was left running by a process that ended without stopping it: stopping it first.`);
      } finally {
        await db.close();
      }
    } finally {
      // Should this fail, no PostgreSQL is left behind (and no other process that reused its pid is touched).
      const commandLine = await fs.readFile(`/proc/${orphan}/cmdline`, 'utf8').catch(() => '');
      if (commandLine.includes(dataDir)) process.kill(orphan, 'SIGINT');
    }
  }, 120_000);


  it('never signals a live process that is not a PostgreSQL of the folder, named by a pid file left behind (a power loss, a reboot), and says the file is stale', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-startup-'));
    folders.push(dataDir);
    const bystander = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      await fs.mkdir(path.join(dataDir, 'postgres'));
      await fs.writeFile(path.join(dataDir, 'postgres', 'postmaster.pid'), `${bystander.pid}\n${dataDir}/postgres\n`);
      await fs.writeFile(path.join(dataDir, 'postgres-owner-pid'), '999999');
      const notices: string[] = [];
      await expect(freeEmbeddedDatabase(dataDir, (line) => notices.push(line))).rejects.toThrow(
        `its lock file names pid ${bystander.pid}, which is now another program, not a PostgreSQL of this folder. Remove ${dataDir}/postgres/postmaster.pid, then start again.`,
      );
      expect(notices).toEqual([]);
      expect(bystander.exitCode).toBeNull();
      expect(bystander.signalCode).toBeNull();
    } finally {
      bystander.kill();
    }
  });

  it('says a bad setting in one line and exits 1', async () => {
    const { code, stderr } = await run('backend/src/main.ts', { PORT: 'abc' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Affilux could not start: Invalid configuration:\n {2}PORT: /);
    expect(stderr).not.toContain('    at ');
  });

  it('names the setting of a database or an SMTP server out of reach, and of a mail catcher port taken', async () => {
    const taken = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => taken.once('listening', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    // A port nothing listens on (a listener that never answers would leave the client waiting).
    const closed = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => closed.once('listening', resolve));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    try {
      const database = await run('backend/src/main.ts', { DATABASE_URL: `postgres://someone:secret@127.0.0.1:${closedPort}/affilux`, PORT: '0' });
      expect(database.code).toBe(1);
      expect(database.stderr).toMatch(/^Affilux could not start: DATABASE_URL cannot be reached: /);
      const catcher = await run('backend/src/main.ts', { MAIL_CATCHER_SMTP_PORT: String(port), PORT: '0' });
      expect(catcher.code).toBe(1);
      expect(catcher.stderr).toBe(`Affilux could not start: The mail catcher cannot listen on 127.0.0.1:${port}: the port is already in use: choose another with MAIL_CATCHER_SMTP_PORT (0: any free port)\n`);
      // Said once, as the start's failure: not also logged with its stack as a connection error.
      expect(catcher.stdout).not.toContain('mail catcher');
      const smtp = await run('backend/src/main.ts', { SMTP_URL: `smtp://127.0.0.1:${closedPort}`, PORT: '0' });
      expect(smtp.code).toBe(1);
      expect(smtp.stderr).toMatch(/^Affilux could not start: SMTP_URL cannot be reached: /);
    } finally {
      taken.close();
    }
  }, 60_000);

  it('says a port already taken, naming PORT, and a first start failing so creates no admin (its generated password would be lost)', async () => {
    const taken = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => taken.once('listening', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-startup-'));
    folders.push(dataDir);
    try {
      const { code, stderr } = await run('backend/src/main.ts', { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(stderr).toBe(`Affilux could not start: PORT ${port} on 127.0.0.1 cannot be used (EADDRINUSE): choose another with PORT\n`);
    } finally {
      taken.close();
    }
    const db = await openDatabase({ dataDir, notice: () => {} });
    try {
      expect((await db.pool.query('SELECT count(*)::int AS n FROM email_claims')).rows).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('a second start looking while the first one starts its PostgreSQL finds it owned, not orphaned, though the folder names an earlier owner', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-startup-'));
    folders.push(dataDir);
    await openDatabase({ dataDir, notice: () => {} }).then((db) => db.close());
    // The owner of the last run, long gone.
    await fs.writeFile(path.join(dataDir, 'postgres-owner-pid'), '999999');
    const lockFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    const starting = openDatabase({ dataDir, notice: () => {} });
    let starter = NaN;
    while (!(starter > 0)) starter = Number((await fs.readFile(lockFile, 'utf8').catch(() => '')).split('\n')[0]);
    const notices: string[] = [];
    // Named by the process starting it (this one), not by its PostgreSQL.
    expect(await freeEmbeddedDatabase(dataDir, (line) => notices.push(line))).toBe(process.pid);
    expect(starter).not.toBe(process.pid);
    const db = await starting;
    try {
      expect(notices).toEqual([]);
      expect((await db.pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('knows its running PostgreSQL through a symbolic link to the data folder: in use, not a stale lock file', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-startup-'));
    const link = `${dataDir}-link`;
    folders.push(dataDir, link);
    const db = await openDatabase({ dataDir, notice: () => {} });
    try {
      await fs.symlink(dataDir, link);
      expect(await freeEmbeddedDatabase(link, () => {})).toBe(process.pid);
    } finally {
      await db.close();
    }
  }, 60_000);

  it("says the data folder's embedded PostgreSQL is in use by another process (a replay next to a running server)", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-startup-'));
    folders.push(dataDir);
    const db = await openDatabase({ dataDir, notice: () => {} });
    try {
      const { code, stderr } = await run('projections/src/replay.ts', { DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(stderr).toMatch(new RegExp(`^Affilux could not start: The embedded PostgreSQL of ${dataDir} is in use by another process \\(pid \\d+\\)`));
    } finally {
      await db.close();
    }
  }, 60_000);
});
