import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['contract/**/*.test.ts', 'backend/**/*.test.ts', 'projections/**/*.test.ts', 'admin-ui/src/**/*.test.ts', 'affiliate-ui/src/**/*.test.ts', 'e2e/**/*.test.ts'],
    reporters: ['default', './test/summaryReporter.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['test/globalSetup.ts'],
    pool: 'forks',
    // Most of a test's time is spent waiting on PostgreSQL or Chromium: two files at a time even on two cores.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // bcrypt's work factor 4 instead of 10 in the servers under test (see passwordHashCost): the same
    // hashing and checks, at a fraction of the CPU of the suites' hundreds of sign-ins.
    env: { NODE_ENV: 'test', BCRYPT_COST: '4' },
  },
});
