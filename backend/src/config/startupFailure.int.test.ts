import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
});

/** Runs an entry point as an operator does, in its own data folder unless given one; resolves with its exit code and what it printed. */
async function run(entry: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dataDir = env.DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-startup-')));
  folders.push(dataDir);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, entry)], {
      cwd: ROOT, env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', MAIL_CATCHER_SMTP_PORT: '0', DATA_DIR: dataDir, ...env }, stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('a failure to start', () => {
  it('says a bad setting in one line and exits 1', async () => {
    const { code, stderr } = await run('backend/src/main.ts', { PORT: 'abc' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Affilux could not start: Invalid configuration:\n {2}PORT: /);
    expect(stderr).not.toContain('    at ');
  });

  it('says a port already taken, naming PORT', async () => {
    const taken = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => taken.once('listening', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const { code, stderr } = await run('backend/src/main.ts', { PORT: String(port), HOST: '127.0.0.1' });
      expect(code).toBe(1);
      expect(stderr).toBe(`Affilux could not start: PORT ${port} on 127.0.0.1 cannot be used (EADDRINUSE): choose another with PORT\n`);
    } finally {
      taken.close();
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
