import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['contract/**/*.test.ts', 'backend/**/*.test.ts', 'projections/**/*.test.ts', 'admin-ui/src/**/*.test.ts', 'affiliate-ui/src/**/*.test.ts', 'e2e/**/*.test.ts'],
    reporters: ['default', './test/summaryReporter.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['test/globalSetup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: 'test' },
  },
});
