import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../backend/src/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://user:password@host:port of the run's PostgreSQL server, without a database name. */
    postgresBaseUrl: string;
  }
}

/** One embedded PostgreSQL for the whole run; each test file makes its own databases on it (test/testDatabase.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-test-postgres-'));
  const server = await startEmbeddedPostgres(dataDir);
  const maintenanceUrl = await server.ensureDatabase('postgres');
  project.provide('postgresBaseUrl', maintenanceUrl.slice(0, maintenanceUrl.lastIndexOf('/')));
  return async () => {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
