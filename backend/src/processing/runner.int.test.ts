import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { deterministicEventId, systemContext, toNewEvents } from '../eventstore/commands';
import { comparePositions, type EventStore } from '../eventstore/eventStore';
import { createPostgresEventStore } from '../eventstore/postgresEventStore';
import { features } from '../features';
import { appendOnboardings, onboardingEvents } from '../../../test/accountEvents';
import { createTestDatabase, type TestDatabase } from '../../../test/testDatabase';
import { projectionsOf } from './index';
import { projection, reactor, type EventProcessor } from './processor';
import { rebuildReadModels } from './rebuild';
import { createProcessorRunner } from './runner';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const readModelProjections = projectionsOf(features);
const createProjectionRunner = (options: { eventStore: EventStore; pool: TestDatabase['pool']; projections: EventProcessor[]; batchSize?: number }) =>
  createProcessorRunner({ ...options, processors: options.projections });
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
function countingProjection(version = 1): EventProcessor {
  return projection({
    name: 'event_counter',
    version,
    tables: [{ name: 'test_event_counter', ddl: 'CREATE TABLE test_event_counter (id int PRIMARY KEY, n int NOT NULL)' }],
    handles: ['AffiliateAccountOpened', 'EmailVerified'],
    async apply(events, tx) {
      await tx.query('INSERT INTO test_event_counter (id, n) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET n = test_event_counter.n + $1', [events.length]);
    },
  });
}

async function dumpReadModels(db: TestDatabase) {
  const tables = readModelProjections.flatMap((p) => p.tables.map((t) => t.name));
  const dump: Record<string, unknown[]> = {};
  // Ordered by the whole row: not every read model has an `id` column (rm_payment_variant_versions is keyed by variant and version).
  for (const table of tables) dump[table] = (await db.pool.query(`SELECT * FROM ${table} t ORDER BY t::text`)).rows;
  return dump;
}

describe('projection runner', () => {
  it('turns onboarding events into users and applications rows', async () => {
    const { db, eventStore } = await setup();
    const runner = createProjectionRunner({ eventStore, pool: db.pool, projections: readModelProjections });
    const { id, application, account } = onboardingEvents(10042);
    await eventStore.append(`application-${id}`, toNewEvents(application, systemContext(new Date())), { expectedRevision: 'no_stream' });
    await eventStore.append(`user-${id}`, toNewEvents(account, systemContext(new Date())), { expectedRevision: 'no_stream' });

    expect(await runner.catchUp()).toBe(5);

    const { rows: users } = await db.pool.query('SELECT unique_id, email, email_verified, payment_type, role FROM rm_users');
    expect(users).toEqual([{ unique_id: 10042, email: 'affiliate10042@example.com', email_verified: true, payment_type: 'ppt', role: 'affiliate' }]);
    const { rows: applications } = await db.pool.query('SELECT id, status, traffic_sources FROM rm_applications');
    expect(applications).toEqual([{ id, status: 'approved', traffic_sources: ['SEO', 'TikTok'] }]);
  });

  it('when two runners race over the same events, each event is applied exactly once', async () => {
    const { db, eventStore } = await setup();
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

    const { position } = await eventStore.append(`user-${id}`, toNewEvents(account, systemContext(new Date())), { expectedRevision: 'no_stream' });
    expect(await runner.waitFor(position, { timeoutMs: 5_000 })).toBe(true);

    const { rows } = await db.pool.query('SELECT unique_id FROM rm_users WHERE id = $1', [id]);
    expect(rows).toEqual([{ unique_id: 10077 }]);
  });

  it('waiting for a position the read models never reach gives up after the bound, saying so', async () => {
    const { db, eventStore } = await setup();
    const runner = createProjectionRunner({ eventStore, pool: db.pool, projections: readModelProjections });
    await runner.catchUp();

    const started = Date.now();
    expect(await runner.waitFor({ commit: 10n ** 12n, prepare: 1n }, { timeoutMs: 200 })).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('a processor that fails on a batch is reported and tried again from the same place, while the other lanes go on', async () => {
    const { db, eventStore } = await setup();
    let refusals = 2;
    const reacted: string[] = [];
    const fragile = reactor({
      name: 'fragile',
      handles: ['AffiliateAccountOpened'],
      async react(event, { tx }) {
        if (refusals > 0) {
          refusals -= 1;
          await tx.query("SELECT 'x'::int");
        }
        reacted.push(event.id);
      },
    });
    const reported: string[] = [];
    const runner = createProcessorRunner({ eventStore, pool: db.pool, processors: [fragile, countingProjection()], onError: (_error, failure) => void reported.push(failure.processor) });
    await runner.start();
    cleanups.push(() => runner.stop());
    await appendOnboardings(eventStore, 3);
    const head = await eventStore.headPosition();

    // The read models follow while the reactor waits to try again.
    expect(await runner.waitFor(head, { kind: 'projection', timeoutMs: 10_000 })).toBe(true);
    await waitUntil(async () => runner.failing().length > 0, 10_000);
    expect(runner.failing()[0]).toMatchObject({ processor: 'fragile', error: 'fragile: invalid input syntax for type integer: "x"', attempts: 1, retryInMs: 1000 });
    // Tried again after a second, then two: each event reacted to once, none lost.
    expect(await runner.waitFor(head, { timeoutMs: 20_000 })).toBe(true);
    expect([...reacted].sort()).toEqual([...new Set(reacted)].sort());
    expect(reacted).toHaveLength(3);
    expect(runner.failing()).toEqual([]);
    expect(reported).toEqual(['fragile', 'fragile']);
  });

  it("the read models of a lane take each batch in one transaction: while one of them fails, the others of its lane do not move either and the other lane goes on; all take it once it passes", async () => {
    const { db, eventStore } = await setup();
    let refusals = 1;
    const fragile = projection({
      name: 'fragile_read_model',
      version: 1,
      tables: [],
      handles: ['AffiliateAccountOpened'],
      async apply(_events, tx) {
        if (refusals > 0) {
          refusals -= 1;
          await tx.query("SELECT 'x'::int");
        }
      },
    });
    const other = projection({
      name: 'other_lane',
      version: 1,
      tables: [{ name: 'test_other_lane', ddl: 'CREATE TABLE test_other_lane (event_id uuid PRIMARY KEY)' }],
      handles: ['AffiliateAccountOpened'],
      async apply(events, tx) {
        await tx.query('INSERT INTO test_other_lane SELECT unnest($1::uuid[])', [events.map((e) => e.id)]);
      },
    });
    const reported: string[] = [];
    // Read models go to two lanes in turn: the counter and the fragile one share the first, the other has the second.
    const runner = createProcessorRunner({
      eventStore, pool: db.pool, processors: [countingProjection(), other, fragile], readModelLanes: 2, onError: (_error, failure) => void reported.push(failure.processor),
    });
    await runner.start();
    cleanups.push(() => runner.stop());
    await appendOnboardings(eventStore, 3);
    const head = await eventStore.headPosition();

    await waitUntil(async () => runner.failing().length > 0, 10_000);
    expect(runner.failing()[0]).toMatchObject({ processor: 'fragile_read_model' });
    expect((await db.pool.query('SELECT n FROM test_event_counter')).rows).toEqual([]);
    await waitUntil(async () => (await db.pool.query('SELECT count(*)::int AS n FROM test_other_lane')).rows[0].n === 3, 10_000);
    expect(await runner.waitFor(head, { timeoutMs: 20_000 })).toBe(true);
    expect((await db.pool.query('SELECT n FROM test_event_counter')).rows).toEqual([{ n: 6 }]);
    expect(reported).toEqual(['fragile_read_model']);
  });

  it('a replay creates the secondary indexes once the rows are in, and a start creates those a replay stopped before', async () => {
    const { db, eventStore } = await setup();
    await appendOnboardings(eventStore, 5);
    const indexed = (): Promise<boolean> => db.pool.query("SELECT to_regclass('test_event_counter_n') IS NOT NULL AS found").then((r) => r.rows[0].found);
    const indexedWhileApplying: boolean[] = [];
    const counting = countingProjection();
    const withIndex: EventProcessor = {
      ...counting,
      tables: [{ ...counting.tables[0]!, indexes: ['CREATE INDEX IF NOT EXISTS test_event_counter_n ON test_event_counter (n)'] }],
      async apply(events, tx, afterCommit) {
        indexedWhileApplying.push((await tx.query("SELECT to_regclass('test_event_counter_n') IS NOT NULL AS found")).rows[0].found);
        await counting.apply(events, tx, afterCommit);
      },
    };

    await rebuildReadModels({ eventStore, pool: db.pool, processors: [withIndex] });
    expect(indexedWhileApplying).toContain(false);
    expect(indexedWhileApplying).not.toContain(true);
    expect(await indexed()).toBe(true);

    await db.pool.query('DROP INDEX test_event_counter_n');
    await createProcessorRunner({ eventStore, pool: db.pool, processors: [withIndex] }).catchUp();
    expect(await indexed()).toBe(true);
    expect((await db.pool.query('SELECT n FROM test_event_counter')).rows).toEqual([{ n: 10 }]);
  });

  it('a new version of a read model empties it and replays it from the first event', async () => {
    const { db, eventStore } = await setup();
    await appendOnboardings(eventStore, 10);
    await createProjectionRunner({ eventStore, pool: db.pool, projections: [countingProjection(1)] }).catchUp();

    await createProjectionRunner({ eventStore, pool: db.pool, projections: [countingProjection(2)] }).catchUp();

    const { rows } = await db.pool.query('SELECT n FROM test_event_counter');
    expect(rows[0].n).toBe(20);
  });

  it('after SIGKILL of `npm run projections` mid catch-up, a restart leaves no duplicate or missing rows, and replay rebuilds identical tables', async () => {
    const { db, eventStore } = await setup();
    // 3,000 onboardings (15,000 events): some fifteen batches of the runner's 1,000, so the kill, as soon as
    // the first is in, lands mid catch-up (the check below says so if it ever did not).
    const ONBOARDINGS = 3_000;
    const events = await appendOnboardings(eventStore, ONBOARDINGS);

    const first = startProjectionsProcess(db.url);
    await waitUntil(async () => (await projectedUsers(db)) > 0, 30_000);
    await stopProcess(first, 'SIGKILL');
    const partial = await projectedUsers(db);
    expect(partial).toBeLessThan(ONBOARDINGS);

    const second = startProjectionsProcess(db.url);
    cleanups.push(() => stopProcess(second));
    // Generous: the onboardings caught up by a child process on a machine busy with other suites.
    await waitUntil(async () => (await headReached(db, eventStore)) === true, 180_000);

    const { rows } = await db.pool.query('SELECT count(*)::int AS users, count(DISTINCT unique_id)::int AS ids FROM rm_users');
    expect(rows[0]).toEqual({ users: ONBOARDINGS, ids: ONBOARDINGS });
    const afterRestart = await dumpReadModels(db);
    await stopProcess(second);
    const { events: replayed } = await rebuildReadModels({ eventStore, pool: db.pool, processors: readModelProjections });
    expect(replayed).toBe(events);
    expect(await dumpReadModels(db)).toEqual(afterRestart);
  }, 300_000);
});

describe('reactors', () => {
  /** Turns each AffiliateAccountOpened into a note on another stream (deterministic id) and a mail in the outbox. */
  function noteReactor(eventStore: EventStore, mailed: string[]): EventProcessor {
    return reactor({
      name: 'note-taker',
      handles: ['AffiliateAccountOpened'],
      async react(event, { tx, ctx, afterCommit }) {
        await eventStore.append(`note-${event.streamId}`, toNewEvents([{ type: 'NoteTaken', id: deterministicEventId('note', event.id), data: {} }], ctx), { expectedRevision: 'any' });
        const { rowCount } = await tx.query(
          "INSERT INTO mail_outbox (key, recipient, subject, text, html) VALUES ($1, 'x@example.test', 'note', '', '') ON CONFLICT (key) DO NOTHING",
          [`note/${event.id}`],
        );
        if (rowCount) afterCommit(() => void mailed.push(event.id));
      },
    });
  }

  it('react once per event, with the cause and the conversation of the event, and a reactor run again after a crash doubles nothing', async () => {
    const { db, eventStore } = await setup();
    await appendOnboardings(eventStore, 3);
    const mailed: string[] = [];
    await createProcessorRunner({ eventStore, pool: db.pool, processors: [noteReactor(eventStore, mailed)] }).catchUp();
    const opened = (await db.pool.query("SELECT event_id, metadata FROM events WHERE type = 'AffiliateAccountOpened'")).rows;
    expect(mailed.sort()).toEqual(opened.map((r) => r.event_id).sort());

    // A crash after the reactor's work but before its checkpoint: it starts again from the first event.
    await db.pool.query("UPDATE processor_checkpoints SET position_commit = -1, position_prepare = -1 WHERE name = 'note-taker'");
    await createProcessorRunner({ eventStore, pool: db.pool, processors: [noteReactor(eventStore, mailed)] }).catchUp();

    const notes = (await db.pool.query("SELECT metadata FROM events WHERE type = 'NoteTaken'")).rows;
    expect(notes).toHaveLength(3);
    expect((await db.pool.query("SELECT count(*)::int AS n FROM mail_outbox WHERE key LIKE 'note/%'")).rows[0].n).toBe(3);
    expect(mailed).toHaveLength(3);
    const causes = new Set(notes.map((n) => n.metadata.causationId));
    expect(causes).toEqual(new Set(opened.map((r) => r.event_id)));
    expect(notes.every((n) => n.metadata.actorRole === 'system')).toBe(true);
  });

  it('a reactor that takes its time holds up neither the read models nor another reactor, and each reactor reads the read models with its batch in them', async () => {
    const { db, eventStore } = await setup();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const slowSaw: number[] = [];
    const quickSaw: number[] = [];
    const counted = async (tx: { query: (sql: string) => Promise<{ rows: { n: number }[] }> }) => (await tx.query('SELECT coalesce(max(n), 0)::int AS n FROM test_event_counter')).rows[0]!.n;
    // It writes before waiting: its transaction holds an id while it waits, as any real reactor's would.
    const slow = reactor({
      name: 'slow',
      handles: ['AffiliateAccountOpened'],
      react: async (event, { tx }) => {
        slowSaw.push(await counted(tx));
        await tx.query("INSERT INTO mail_outbox (key, recipient, subject, text, html) VALUES ($1, 'x@example.test', 'slow', '', '') ON CONFLICT (key) DO NOTHING", [`slow/${event.id}`]);
        await released;
      },
    });
    const quick = reactor({ name: 'quick', handles: ['AffiliateAccountOpened'], react: async (_event, { tx }) => void quickSaw.push(await counted(tx)) });
    const errors: unknown[] = [];
    const runner = createProcessorRunner({ eventStore, pool: db.pool, processors: [slow, countingProjection(), quick], onError: (error) => void errors.push(error) });
    await runner.start();
    cleanups.push(() => runner.stop());
    await appendOnboardings(eventStore, 1);
    await waitUntil(async () => slowSaw.length === 1, 20_000);
    // Appended while the slow reactor holds its transaction open: the read models still get them.
    await appendOnboardings(eventStore, 1, 20_001);
    const head = await eventStore.headPosition();
    expect(await runner.waitFor(head, { kind: 'projection', timeoutMs: 20_000 })).toBe(true);
    await waitUntil(async () => quickSaw.length === 2, 20_000);
    expect(slowSaw).toHaveLength(1);
    expect(await runner.waitFor(head, { timeoutMs: 200 })).toBe(false);
    // Each reactor saw the counter with at least the events of its batch (AffiliateAccountOpened and EmailVerified of the first onboarding).
    expect(Math.min(...quickSaw)).toBeGreaterThanOrEqual(2);
    release();
    expect(await runner.waitFor(head, { timeoutMs: 20_000 })).toBe(true);
    expect(slowSaw).toHaveLength(2);
    expect(Math.min(...slowSaw)).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
  });

  it('a reactor seen for the first time with startFrom "now" ignores the past', async () => {
    const { db, eventStore } = await setup();
    await appendOnboardings(eventStore, 2);
    const seen: string[] = [];
    const late = reactor({ name: 'late', handles: ['AffiliateAccountOpened'], startFrom: 'now', react: async (event) => void seen.push(event.id) });
    await createProcessorRunner({ eventStore, pool: db.pool, processors: [late] }).catchUp();
    expect(seen).toEqual([]);
    await appendOnboardings(eventStore, 1, 30_000);
    await createProcessorRunner({ eventStore, pool: db.pool, processors: [late] }).catchUp();
    expect(seen).toHaveLength(1);
  });
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
  // The runner creates the read model's table when it first starts.
  const { rows: table } = await db.pool.query("SELECT to_regclass('rm_users') IS NOT NULL AS exists");
  if (!table[0].exists) return 0;
  const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM rm_users');
  return rows[0].n;
}

async function headReached(db: TestDatabase, eventStore: EventStore): Promise<boolean> {
  const head = await eventStore.headPosition();
  const { rows } = await db.pool.query('SELECT position_commit, position_prepare FROM processor_checkpoints');
  return (
    rows.length >= readModelProjections.length &&
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
