import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { systemContext, toNewEvents } from '../../backend/src/eventstore/commands';
import { comparePositions, type EventStore } from '../../backend/src/eventstore/eventStore';
import { createPostgresEventStore } from '../../backend/src/eventstore/postgresEventStore';
import { appendOnboardings, onboardingEvents } from '../../test/accountEvents';
import { createTestDatabase, type TestDatabase } from '../../test/testDatabase';
import type { ReadModelProjection } from './projection';
import { readModelProjections } from './readModels';
import { rebuildReadModels } from './rebuild';
import { createProjectionRunner } from './runner';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const db = await createTestDatabase();
  const eventStore = createPostgresEventStore(db.pool, { pollIntervalMs: 20 });
  cleanups.push(() => db.drop());
  return { db, eventStore };
}

/** Not idempotent on purpose: applying an event twice, or skipping one, shows in the count. */
function countingProjection(version = 1): ReadModelProjection {
  return {
    name: 'event_counter',
    version,
    tables: ['test_event_counter'],
    handles: new Set(['AffiliateAccountOpened', 'EmailVerified']),
    async apply(events, tx) {
      await tx.query('INSERT INTO test_event_counter (id, n) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET n = test_event_counter.n + $1', [events.length]);
    },
  };
}

async function dumpReadModels(db: TestDatabase) {
  const tables = readModelProjections.flatMap((p) => p.tables);
  const dump: Record<string, unknown[]> = {};
  for (const table of tables) dump[table] = (await db.pool.query(`SELECT * FROM ${table} ORDER BY id`)).rows;
  return dump;
}

describe('projection runner', () => {
  it('turns onboarding events into users and applications rows', async () => {
    const { db, eventStore } = await setup();
    const runner = createProjectionRunner({ eventStore, pool: db.pool, projections: readModelProjections });
    const { id, application, account } = onboardingEvents(10042);
    await eventStore.append(`application-${id}`, toNewEvents(application, systemContext()), { expectedRevision: 'no_stream' });
    await eventStore.append(`user-${id}`, toNewEvents(account, systemContext()), { expectedRevision: 'no_stream' });

    expect(await runner.catchUp()).toBe(5);

    const { rows: users } = await db.pool.query('SELECT unique_id, email, email_verified, payment_type, role FROM rm_users');
    expect(users).toEqual([{ unique_id: 10042, email: 'affiliate10042@example.com', email_verified: true, payment_type: 'ppt', role: 'affiliate' }]);
    const { rows: applications } = await db.pool.query('SELECT id, status, traffic_sources FROM rm_applications');
    expect(applications).toEqual([{ id, status: 'approved', traffic_sources: ['SEO', 'TikTok'] }]);
  });

  it('when two runners race over the same events, each event is applied exactly once', async () => {
    const { db, eventStore } = await setup();
    await db.pool.query('CREATE TABLE test_event_counter (id int PRIMARY KEY, n int NOT NULL)');
    await appendOnboardings(eventStore, 400);
    const runners = [0, 1].map(() => createProjectionRunner({ eventStore, pool: db.pool, projections: [countingProjection()], batchSize: 37 }));

    await Promise.all(runners.map((r) => r.catchUp()));

    const { rows } = await db.pool.query('SELECT n FROM test_event_counter');
    expect(rows[0].n).toBe(800);
  });

  it('a command waiting on the read models is released once its event is projected', async () => {
    const { db, eventStore } = await setup();
    const runner = createProjectionRunner({ eventStore, pool: db.pool, projections: readModelProjections });
    await runner.start();
    cleanups.push(() => runner.stop());
    const { id, account } = onboardingEvents(10077);

    const { position } = await eventStore.append(`user-${id}`, toNewEvents(account, systemContext()), { expectedRevision: 'no_stream' });
    expect(await runner.waitFor(position, 5_000)).toBe(true);

    const { rows } = await db.pool.query('SELECT unique_id FROM rm_users WHERE id = $1', [id]);
    expect(rows).toEqual([{ unique_id: 10077 }]);
  });

  it('waiting for a position the read models never reach gives up after the bound, saying so', async () => {
    const { db, eventStore } = await setup();
    const runner = createProjectionRunner({ eventStore, pool: db.pool, projections: readModelProjections });
    await runner.catchUp();

    const started = Date.now();
    expect(await runner.waitFor({ commit: 10n ** 12n, prepare: 1n }, 200)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('a new version of a read model empties it and replays it from the first event', async () => {
    const { db, eventStore } = await setup();
    await db.pool.query('CREATE TABLE test_event_counter (id int PRIMARY KEY, n int NOT NULL)');
    await appendOnboardings(eventStore, 10);
    await createProjectionRunner({ eventStore, pool: db.pool, projections: [countingProjection(1)] }).catchUp();

    await createProjectionRunner({ eventStore, pool: db.pool, projections: [countingProjection(2)] }).catchUp();

    const { rows } = await db.pool.query('SELECT n FROM test_event_counter');
    expect(rows[0].n).toBe(20);
  });

  it('after SIGKILL of `npm run projections` mid catch-up, a restart leaves no duplicate or missing rows, and replay rebuilds identical tables', async () => {
    const { db, eventStore } = await setup();
    const events = await appendOnboardings(eventStore, 10_000);

    const first = startProjectionsProcess(db.url);
    await waitUntil(async () => (await projectedUsers(db)) > 0, 30_000);
    await stopProcess(first, 'SIGKILL');
    const partial = await projectedUsers(db);
    expect(partial).toBeLessThan(10_000);

    const second = startProjectionsProcess(db.url);
    cleanups.push(() => stopProcess(second));
    await waitUntil(async () => (await headReached(db, eventStore)) === true, 60_000);

    const { rows } = await db.pool.query('SELECT count(*)::int AS users, count(DISTINCT unique_id)::int AS ids FROM rm_users');
    expect(rows[0]).toEqual({ users: 10_000, ids: 10_000 });
    const afterRestart = await dumpReadModels(db);
    await stopProcess(second);
    const { events: replayed } = await rebuildReadModels({ eventStore, pool: db.pool, projections: readModelProjections });
    expect(replayed).toBe(events);
    expect(await dumpReadModels(db)).toEqual(afterRestart);
  }, 120_000);
});

function startProjectionsProcess(databaseUrl: string) {
  // `node --import tsx` keeps it one process, so SIGKILL really kills the runner (tsx's CLI would fork a child).
  return spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'projections/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
}

async function stopProcess(child: ReturnType<typeof spawn>, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

async function projectedUsers(db: TestDatabase): Promise<number> {
  const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM rm_users');
  return rows[0].n;
}

async function headReached(db: TestDatabase, eventStore: EventStore): Promise<boolean> {
  const head = await eventStore.headPosition();
  const { rows } = await db.pool.query('SELECT position_commit, position_prepare FROM projection_checkpoints');
  return (
    rows.length === readModelProjections.length &&
    rows.every((r) => comparePositions({ commit: BigInt(r.position_commit), prepare: BigInt(r.position_prepare) }, head) >= 0)
  );
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
