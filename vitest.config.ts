import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['backend/**/*.test.ts', 'projections/**/*.test.ts', 'e2e/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['test/globalSetup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: 'test' },
  },
});
