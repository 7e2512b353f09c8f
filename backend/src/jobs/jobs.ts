import { EventEmitter } from 'node:events';
import os from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { MongoBackend } from '@agendajs/mongo-backend';
import { PostgresBackend } from '@agendajs/postgres-backend';
import { Agenda, exponential, type AgendaBackend, type BackoffStrategy, type JobWithId } from 'agenda';
import type pino from 'pino';
import { createPool } from '../db/database';
import { reaching } from '../config/startupFailure';

export type JobOptions = {
  /** How many times the handler may run in total before the job is given up (default 3). */
  attempts?: number;
  /**
   * Runs the job on a schedule: an interval ('5 minutes') or a cron expression ('0 0 * * 2'),
   * in `timezone` (the network's, Europe/Paris, unless told). One run per schedule across all
   * processes sharing the job store.
   */
  schedule?: { every: string; timezone?: string };
  /**
   * Whether a run is due when jobs start; if so, one is queued (asked once start() has returned, so it
   * may wait for what it reads). For a scheduled run missed while no process ran jobs: agenda moves a
   * schedule's overdue run to its next date rather than running it.
   */
  dueAtStart?: (run: JobRun) => Promise<boolean>;
};

/** What a job run knows besides its data: the time, from the injected clock (code never reads it). */
export type JobRun = { now: Date };

export type Jobs = {
  /** Registers the handler of a job type; call it before start(). A handler that throws is retried with backoff. */
  define<T>(name: string, handler: (data: T, run: JobRun) => Promise<void>, options?: JobOptions): void;
  /** Queues a job to run as soon as possible; it is stored first, so it survives a restart. */
  now<T>(name: string, data: T): Promise<void>;
  /** Starts running queued jobs in this process. */
  start(): Promise<void>;
  /** Waits (bounded) for running jobs to finish, then closes the connection. */
  stop(): Promise<void>;
};

const DEFAULT_ATTEMPTS = 3;
/**
 * PostgreSQL wakes the processor through LISTEN/NOTIFY the moment a job is queued; MongoDB has no
 * such channel here, so this polling interval bounds how long a queued job may wait there.
 */
const POLL_INTERVAL_MS = 1000;
const STOP_TIMEOUT_MS = 10_000;

/** Retries after about 2 s, 10 s, 50 s, 4 min, 20 min...: long enough to ride out a short outage. */
function retryBackoff(attempts: number): BackoffStrategy {
  return exponential({ delay: 2000, factor: 5, maxDelay: 60 * 60 * 1000, maxRetries: attempts - 1, jitter: 0.1 });
}

/** Background jobs on agenda: stored in PostgreSQL (databaseUrl), or in MongoDB when mongodbUrl is given. */
export function createJobs(options: { databaseUrl: string; mongodbUrl?: string; log: pino.Logger; clock?: () => Date; timezone?: string }): Jobs {
  const log = options.log;
  const clock = options.clock ?? (() => new Date());
  const schedules = new Map<string, NonNullable<JobOptions['schedule']>>();
  const dueAtStart = new Map<string, NonNullable<JobOptions['dueAtStart']>>();
  // Our own pool rather than the one the backend would create: that one has no 'error' listener, so a
  // connection the server ends (a restart, a dropped database) would crash the process.
  const pool = options.mongodbUrl ? undefined : createPool(options.databaseUrl);
  const backend: AgendaBackend = pool
    ? new PostgresBackend({ pool, tableName: 'agenda_jobs' })
    : new MongoBackend({ address: options.mongodbUrl!, collection: 'agenda_jobs' });
  // The LISTEN connection reports a lost connection as an 'error' event, which nothing in agenda
  // listens to: unheard, it would crash the process. The channel reconnects by itself.
  const channel = backend.notificationChannel;
  if (channel instanceof EventEmitter) channel.on('error', (error: Error) => log.warn({ err: error }, 'job queue notification channel error'));
  const definitions = new Map<string, (agenda: Agenda) => void>();
  let connecting: Promise<Agenda> | undefined;
  let connected: Agenda | undefined;
  let started = false;

  // Agenda connects its backend from its constructor and leaves a failure unhandled (an unhandled
  // rejection, and a start() that never resolves). Connecting first keeps the error with the caller.
  function agenda(): Promise<Agenda> {
    connecting ??= (options.mongodbUrl ? reaching('MONGODB_URL', () => backend.connect()) : backend.connect()).then(
      () => {
        const instance = new Agenda({
          backend: new AlreadyConnected(backend),
          name: `${os.hostname()}:${process.pid}`,
          processEvery: POLL_INTERVAL_MS,
          // Completed one-off jobs are only noise, and their data (mails) should not linger.
          removeOnComplete: true,
        });
        instance.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
        instance.on('fail', (error: Error, job: JobWithId, remote?: boolean) => {
          if (remote) return; // another process ran that job and logs its failure itself
          log.warn({ err: error, job: job.attrs.name, jobId: String(job.attrs._id), failCount: job.attrs.failCount }, 'job failed');
        });
        instance.on('retry exhausted', (error: Error, job: JobWithId) => {
          log.error({ err: error, job: job.attrs.name, jobId: String(job.attrs._id) }, 'job failed for the last time, giving up');
        });
        for (const define of definitions.values()) define(instance);
        connected = instance;
        return instance;
      },
      (error: unknown) => {
        connecting = undefined;
        throw error;
      },
    );
    return connecting;
  }

  return {
    define<T>(name: string, handler: (data: T, run: JobRun) => Promise<void>, jobOptions: JobOptions = {}) {
      const attempts = jobOptions.attempts ?? DEFAULT_ATTEMPTS;
      if (!Number.isInteger(attempts) || attempts < 1) throw new Error(`Job '${name}': attempts must be a positive integer`);
      const define = (instance: Agenda) =>
        instance.define<T>(name, (job) => handler(job.attrs.data, { now: clock() }), { backoff: retryBackoff(attempts) });
      definitions.set(name, define);
      if (jobOptions.schedule) schedules.set(name, jobOptions.schedule);
      if (jobOptions.dueAtStart) dueAtStart.set(name, jobOptions.dueAtStart);
      if (connected) define(connected);
    },

    async now<T>(name: string, data: T) {
      if (!definitions.has(name)) throw new Error(`Job '${name}' is not defined`);
      await (await agenda()).now(name, data);
    },

    async start() {
      const instance = await agenda();
      // Schedules first: a run missed while no process ran jobs is moved to its next date before the
      // processor starts, which would otherwise run it at once (and again through dueAtStart).
      for (const [name, { every, timezone }] of schedules) {
        await instance.every(every, name, undefined, { timezone: timezone ?? options.timezone, skipImmediate: true });
      }
      await instance.start();
      started = true;
      // A check may wait for what it reads (read models rebuilt after an upgrade): the server starts meanwhile.
      void queueDueAtStart(instance);
    },

    async stop() {
      await stopAgenda();
      if (pool && !pool.ended) await pool.end();
    },
  };

  /** Queues each job whose `dueAtStart` says a run was missed, unless jobs were stopped meanwhile. */
  async function queueDueAtStart(instance: Agenda): Promise<void> {
    for (const [name, due] of dueAtStart) {
      try {
        if (started && (await due({ now: clock() })) && started) {
          await instance.now(name, undefined);
          log.info({ job: name }, 'a run missed while no process ran jobs is made now');
        }
      } catch (error) {
        if (started) log.error({ err: error, job: name }, 'the start-up check of a job failed: its next scheduled run will do');
      }
    }
  }

  /** Stops taking jobs, lets the running ones finish (bounded) and disconnects agenda. */
  async function stopAgenda() {
    if (!connecting) return;
    const instance = await connecting.catch(() => undefined);
    connecting = undefined;
    connected = undefined;
    if (!instance) return;
    if (!started) {
      await backend.disconnect();
      return;
    }
    started = false;
    await drain(instance, log);
  }
}

/**
 * Stops taking jobs and waits (bounded) for the running ones to finish before closing the connection.
 * agenda's drain() alone can miss a job that completes just as it starts waiting (it checks the
 * running list before the job has left it) and then sits out its whole timeout, so the running
 * count is watched here too and ends the wait once it reaches zero.
 */
async function drain(instance: Agenda, log: pino.Logger): Promise<void> {
  const idle = new AbortController();
  const draining = instance.drain({ signal: idle.signal });
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (Date.now() < deadline && (await runningJobCount(instance)) > 0) await delay(100);
  idle.abort();
  const result = await draining;
  if (result.running > 0) log.warn({ running: result.running }, 'jobs still running at shutdown; they will run again once their lock expires');
}

async function runningJobCount(instance: Agenda): Promise<number> {
  try {
    const { runningJobs } = await instance.getRunningStats();
    return typeof runningJobs === 'number' ? runningJobs : runningJobs.length;
  } catch {
    return 0; // drain() has already finished and closed the connection
  }
}

/** Hands Agenda a backend this module has already connected; everything else is the real backend. */
class AlreadyConnected implements AgendaBackend {
  constructor(private readonly backend: AgendaBackend) {}
  get name() {
    return this.backend.name;
  }
  get repository() {
    return this.backend.repository;
  }
  get notificationChannel() {
    return this.backend.notificationChannel;
  }
  get logger() {
    return this.backend.logger;
  }
  get ownsConnection() {
    return this.backend.ownsConnection;
  }
  async connect() {}
  disconnect() {
    return this.backend.disconnect();
  }
}
