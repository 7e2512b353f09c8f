import { setTimeout as delay } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/testDatabase';
import { createJobs, type Jobs } from './jobs';

const log = pino({ level: 'silent' });

describe('background jobs on PostgreSQL', () => {
  let db: TestDatabase;
  const running: Jobs[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((jobs) => jobs.stop()));
  });

  afterAll(async () => {
    await db?.drop();
  });

  function jobsOnTestDatabase(): Jobs {
    const jobs = createJobs({ databaseUrl: db.url, log });
    running.push(jobs);
    return jobs;
  }

  /** A promise with its resolve function, for waiting on something a job handler does. */
  function signal<T>() {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((r) => (resolve = r));
    return { promise, resolve };
  }

  it('runs a job queued with now() within about a second, with its data', async () => {
    const jobs = jobsOnTestDatabase();
    const received = signal<{ name: string }>();
    jobs.define<{ name: string }>('greet', async (data) => received.resolve(data));
    await jobs.start();

    const queuedAt = Date.now();
    await jobs.now('greet', { name: 'Camille' });

    expect(await received.promise).toEqual({ name: 'Camille' });
    expect(Date.now() - queuedAt).toBeLessThan(1500);
  });

  it('retries a failing job after a backoff delay until it succeeds', async () => {
    const jobs = jobsOnTestDatabase();
    const runs: number[] = [];
    const succeeded = signal<void>();
    jobs.define<null>(
      'flaky',
      async () => {
        runs.push(Date.now());
        if (runs.length === 1) throw new Error('temporary outage');
        succeeded.resolve();
      },
      { attempts: 3 },
    );
    await jobs.start();

    await jobs.now('flaky', null);
    await succeeded.promise;

    expect(runs).toHaveLength(2);
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(1500);
  });

  it('gives a job up once it has failed as many times as its attempts allow', async () => {
    const jobs = jobsOnTestDatabase();
    let runs = 0;
    jobs.define<null>(
      'doomed',
      async () => {
        runs += 1;
        throw new Error(`failure ${runs}`);
      },
      { attempts: 2 },
    );
    await jobs.start();

    await jobs.now('doomed', null);

    await expect
      .poll(
        async () => (await db.pool.query(`SELECT fail_count, fail_reason, next_run_at FROM agenda_jobs WHERE name = 'doomed'`)).rows,
        { timeout: 10_000, interval: 200 },
      )
      .toEqual([{ fail_count: 2, fail_reason: 'failure 2', next_run_at: null }]);
    expect(runs).toBe(2);
  });

  it('keeps a job queued while no process runs jobs, and runs it once one starts', async () => {
    const enqueuing = jobsOnTestDatabase();
    enqueuing.define<{ n: number }>('deferred', async () => {});
    await enqueuing.now('deferred', { n: 42 });
    await enqueuing.stop();

    const worker = jobsOnTestDatabase();
    const received = signal<{ n: number }>();
    worker.define<{ n: number }>('deferred', async (data) => received.resolve(data));
    await worker.start();

    expect(await received.promise).toEqual({ n: 42 });
  });

  it('at start, queues one run of a job whose check says a run is due (a scheduled run missed while no process ran jobs), with the clock’s time, and none of a job whose check says not', async () => {
    const jobs = createJobs({ databaseUrl: db.url, log, clock: () => new Date('2026-11-17T09:00:00Z') });
    running.push(jobs);
    const missed = signal<Date>();
    const onTime: Date[] = [];
    const checkedAt: Date[] = [];
    const weekly = { every: '0 0 * * 2', timezone: 'Europe/Paris' };
    const due = async ({ now }: { now: Date }) => {
      checkedAt.push(now);
      return true;
    };
    jobs.define('missed-close', async (_data, { now }) => missed.resolve(now), { schedule: weekly, dueAtStart: due });
    jobs.define('nothing-due', async (_data, { now }) => void onTime.push(now), { schedule: weekly, dueAtStart: async () => false });
    await jobs.start();

    expect(await missed.promise).toEqual(new Date('2026-11-17T09:00:00Z'));
    expect(checkedAt).toEqual([new Date('2026-11-17T09:00:00Z')]);
    await delay(1500);
    expect(onTime).toEqual([]);
  });

  it('does not hold up the start while a check waits for what it reads (read models rebuilt after an upgrade), then queues the run it finds missed', async () => {
    const jobs = createJobs({ databaseUrl: db.url, log, clock: () => new Date('2026-11-18T08:00:00Z') });
    running.push(jobs);
    const readModelsCurrent = signal<void>();
    const ran = signal<Date>();
    jobs.define('missed-run', async (_data, { now }) => ran.resolve(now), { dueAtStart: async () => {
      await readModelsCurrent.promise;
      return true;
    } });
    await jobs.start();

    readModelsCurrent.resolve();
    expect(await ran.promise).toEqual(new Date('2026-11-18T08:00:00Z'));
  });

  it('moves a scheduled run missed while no process ran jobs to its next date, without running it at start (only a dueAtStart check may make it up)', async () => {
    const weekly = { every: '0 6 * * 3', timezone: 'Europe/Paris' };
    const daily = { every: '0 7 * * *', timezone: 'Europe/Paris' };
    const first = jobsOnTestDatabase();
    first.define('daily-check', async () => {}, { schedule: daily });
    first.define('weekly-run', async () => {}, { schedule: weekly });
    await first.start();
    await first.stop();
    // The server was down over the scheduled time: the stored next run is in the past.
    await db.pool.query(`UPDATE agenda_jobs SET next_run_at = now() - interval '1 day' WHERE name IN ('daily-check', 'weekly-run')`);

    const ran: Date[] = [];
    const second = jobsOnTestDatabase();
    second.define('daily-check', async (_data, { now }) => void ran.push(now), { schedule: daily });
    second.define('weekly-run', async (_data, { now }) => void ran.push(now), { schedule: weekly });
    await second.start();
    await delay(2500);

    expect(ran).toEqual([]);
    const { rows } = await db.pool.query<{ future: boolean }>(`SELECT next_run_at > now() AS future FROM agenda_jobs WHERE name IN ('daily-check', 'weekly-run')`);
    expect(rows).toEqual([{ future: true }, { future: true }]);
  });

  it('refuses to queue a job type that has no handler', async () => {
    const jobs = jobsOnTestDatabase();
    await expect(jobs.now('unknown', {})).rejects.toThrow("Job 'unknown' is not defined");
  });

  it('reports an unreachable database to the caller of start()', async () => {
    const jobs = createJobs({ databaseUrl: 'postgres://postgres:postgres@127.0.0.1:1/none', log });
    await expect(jobs.start()).rejects.toThrow();
    await jobs.stop();
  });
});
