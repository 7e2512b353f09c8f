import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const VITEST_BIN = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

/**
 * Runs Vitest with the main configuration (its globalSetup starts the embedded PostgreSQL, whose
 * exit hooks used to replace the exit status) on the fixtures of test/fixtures that match `filter`.
 */
function runFixtures(filter: string): Promise<{ status: number | null; output: string }> {
  // The child is a fresh Vitest run, not a worker of this one.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && !name.startsWith('TINYPOOL')));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITEST_BIN, 'run', '--config', 'test/fixtures/vitest.config.ts', filter], { cwd: ROOT, env: { ...env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });
}

describe('the exit status of a test run on the embedded PostgreSQL', () => {
  it('is 1 when a beforeAll throws and an assertion fails, so CI goes red', async () => {
    const { status, output } = await runFixtures('failing.fixture');

    expect(output).toContain('deliberate failure in beforeAll');
    expect(output).toContain('expected 1 to be 2');
    expect(status, output).toBe(1);
  });

  it('is 0 when every test passes', async () => {
    const { status, output } = await runFixtures('passing.fixture');

    expect(output).toContain('1 passed, 0 failed, 0 skipped');
    expect(status, output).toBe(0);
  });
});
