import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { ensureDefaultAdmin } from './accounts/defaultAdmin';
import { buildApp } from './app';
import type { Config } from './config/config';
import { openDatabase, migrate } from './db/database';
import type { ReadModelSync } from './eventstore/commands';
import { comparePositions, positionToString, type EventStore, type Position } from './eventstore/eventStore';
import { createEventStore } from './eventstore/index';
import { purgeOrphans } from './eventstore/personalData';
import type { AppDeps, ReactorDeps } from './feature';
import { features } from './features';
import { createAuth } from './identity/authMiddleware';
import { createTokens, loadJwtSecret } from './identity/tokens';
import { createJobs } from './jobs/jobs';
import { startMailCatcher } from './mail/mailCatcher';
import { createMailQueue } from './mail/mailQueue';
import { createMailer } from './mail/mailer';
import { createCheckpointWatcher } from './processing/checkpointWatcher';
import { processorsOf } from './processing/index';
import { createProcessorRunner, loggedTroubles } from './processing/runner';
import { NETWORK_TIME_ZONE } from './time/calendar';
import { reaching } from './config/startupFailure';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const FRONTEND_DISTS = {
  affiliateDist: path.join(ROOT, 'affiliate-ui/dist'),
  adminDist: path.join(ROOT, 'admin-ui/dist'),
};

export type RunningServer = {
  url: string;
  port: number;
  deps: AppDeps;
  /** Whether this start created the default admin (with ADMIN_PASSWORD, or a generated password). */
  adminCreated: boolean;
  /** The default admin's generated password, when this start created the admin without ADMIN_PASSWORD. */
  generatedAdminPassword?: string;
  inboxUrl?: string;
  /** The local mail catcher's SMTP address (smtp://127.0.0.1:<port>), when it runs. */
  catcherSmtpUrl?: string;
  /** Starts the jobs of a server started with `deferJobs` (nothing otherwise). */
  startJobs(): Promise<void>;
  stop(): Promise<void>;
};

/** How far the processors have got, inline (the runner itself) or in their own process (their checkpoints). */
type Progress = {
  waitFor(position: Position, options?: { kind?: 'projection' | 'reactor' }): Promise<boolean>;
  lowest(): Position | Promise<Position>;
};

/**
 * Read models are current for a command once the projections include its events; its
 * consequences are in once the reactors have passed it too and the projections include what they
 * appended (followed for a few rounds, for reactions to reactions).
 */
function readModelSync(progress: Progress, eventStore: EventStore, log: pino.Logger): ReadModelSync {
  const lagging = (position: Position) => log.warn({ position: positionToString(position) }, 'read models are lagging: answered before they caught up');
  return {
    async waitFor(position) {
      const reached = await progress.waitFor(position, { kind: 'projection' });
      if (!reached) lagging(position);
      return reached;
    },
    async waitForConsequences(position) {
      let target = position;
      for (let round = 0; round < 3; round++) {
        if (!(await progress.waitFor(target))) {
          lagging(target);
          return false;
        }
        const head = await eventStore.headPosition();
        if (comparePositions(head, target) <= 0) return true;
        target = head;
      }
      return true;
    },
  };
}

/**
 * Starts the whole product in this process: database, event store, processors, jobs, mail and HTTP.
 * `deferJobs`: the jobs wait for `startJobs()` (the seed first checks the installation is empty:
 * a job due at start would already record something).
 */
export async function startServer(config: Config, options: { serveFrontends?: boolean; clock?: () => Date; deferJobs?: boolean } = {}): Promise<RunningServer> {
  const log = pino({ level: config.logLevel });
  const clock = options.clock ?? (() => new Date());
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, notice: (line) => log.warn(line) });
  const closers: (() => Promise<unknown> | unknown)[] = [() => db.close()];
  const stop = async () => {
    for (const close of closers.reverse()) await Promise.resolve(close()).catch((error) => log.warn({ err: error }, 'error while stopping'));
  };
  try {
    await migrate(db.url);
    const eventStore = createEventStore({ eventStoreUrl: config.eventStoreUrl, pool: db.pool, features });
    closers.push(() => eventStore.close());
    if (eventStore.kind === 'postgresql') await purgeOrphans(db.pool);
    else await reaching('EVENTSTORE_URL', () => eventStore.headPosition());

    const jobs = createJobs({ databaseUrl: db.url, mongodbUrl: config.mongodbUrl, log, clock, timezone: NETWORK_TIME_ZONE });
    let smtpUrl = config.smtpUrl;
    let catcher: Awaited<ReturnType<typeof startMailCatcher>> | undefined;
    if (!smtpUrl) {
      catcher = await startMailCatcher({ pool: db.pool, smtpPort: config.mailCatcherSmtpPort, log });
      closers.push(() => catcher!.close());
      smtpUrl = catcher.smtpUrl;
    }
    const mailer = createMailer({ smtpUrl, from: config.mailFrom });
    closers.push(() => mailer.close());
    if (config.smtpUrl) await reaching('SMTP_URL', () => mailer.verify());
    const mail = createMailQueue(jobs, db.pool, mailer);
    const publicUrlHolder = { value: config.publicUrl ?? `http://localhost:${config.port}` };

    const reactorDeps: ReactorDeps = {
      eventStore,
      pool: db.pool,
      mail,
      log,
      get publicUrl() {
        return publicUrlHolder.value;
      },
    };
    const processors = processorsOf(features, reactorDeps);
    const runner =
      config.projections === 'inline'
        ? createProcessorRunner({
            eventStore,
            pool: db.pool,
            processors,
            ...loggedTroubles(log),
          })
        : undefined;
    if (runner) {
      await runner.start();
      closers.push(() => runner.stop());
    }
    const watcher = runner ? undefined : createCheckpointWatcher(db.pool, processors);
    await watcher?.ready(() => log.warn('waiting for the read models to be created: is `npm run projections` running against this database?'));
    const progress: Progress = runner ?? watcher!;

    const tokens = createTokens(await loadJwtSecret(config.jwtSecret, config.dataDir), config.jwtExpiresIn);
    const deps: AppDeps = {
      config,
      pool: db.pool,
      eventStore,
      readModels: readModelSync(progress, eventStore, log),
      tokens,
      auth: createAuth({ pool: db.pool, tokens }),
      mail,
      jobs,
      log,
      clock,
      get publicUrl() {
        return publicUrlHolder.value;
      },
    };
    for (const feature of features) for (const job of feature.jobs?.(deps) ?? []) jobs.define(job.name, job.handler, job.options);
    if (!options.deferJobs) await jobs.start();
    closers.push(() => jobs.stop());

    const app = buildApp(deps, {
      features,
      inbox: catcher?.router,
      frontends: options.serveFrontends === false ? undefined : FRONTEND_DISTS,
      failing: () => runner?.failing() ?? [],
      health: async () => {
        const head = await eventStore.headPosition();
        const reached = await progress.lowest();
        const behind = comparePositions(reached, head) >= 0 ? 0 : (await eventStore.readAll({ after: reached, limit: 10_000 })).length;
        return {
          eventStore: eventStore.kind,
          projections: { mode: config.projections, lag: behind, position: positionToString(reached), head: positionToString(head) },
        };
      },
    });
    const server = await new Promise<http.Server>((resolve, reject) => {
      // Express 5 hands a listen error to this callback too.
      const s = app.listen(config.port, config.host, (error?: Error) => {
        if (!error) return resolve(s);
        const code = (error as NodeJS.ErrnoException).code;
        reject(code === 'EADDRINUSE' || code === 'EACCES' ? new Error(`PORT ${config.port} on ${config.host} cannot be used (${code}): choose another with PORT`) : error);
      });
    });
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    server.keepAliveTimeout = 65_000;
    // Once the port is ours: a first start that fails on it must not have made (and lost) the generated password.
    const admin = await ensureDefaultAdmin(deps);
    const port = (server.address() as { port: number }).port;
    const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
    const url = `http://${host}:${port}`;
    publicUrlHolder.value = config.publicUrl ?? url;
    let jobsStarted = !options.deferJobs;
    const startJobs = async () => {
      if (jobsStarted) return;
      jobsStarted = true;
      await jobs.start();
    };
    return { url, port, deps, adminCreated: admin.created, generatedAdminPassword: admin.generatedPassword, inboxUrl: catcher ? `${url}/inbox` : undefined, catcherSmtpUrl: catcher?.smtpUrl, startJobs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
