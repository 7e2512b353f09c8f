import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createCheckpointWatcher } from '../../projections/src/checkpointWatcher';
import { readModelProjections } from '../../projections/src/readModels';
import { createProjectionRunner } from '../../projections/src/runner';
import { ensureDefaultAdmin } from './accounts/defaultAdmin';
import { buildApp, type AppDeps } from './app';
import { resumeAccountOpenings } from './applications/approval';
import type { Config } from './config/config';
import { openDatabase, migrate } from './db/database';
import { comparePositions, positionToString, type Position } from './eventstore/eventStore';
import { createEventStore } from './eventstore/index';
import { createAuth } from './identity/authMiddleware';
import { createTokens, loadJwtSecret } from './identity/tokens';
import { createJobs } from './jobs/jobs';
import { startMailCatcher } from './mail/mailCatcher';
import { createMailQueue } from './mail/mailQueue';
import { createMailer } from './mail/mailer';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const FRONTEND_DISTS = {
  affiliateDist: path.join(ROOT, 'affiliate-ui/dist'),
  adminDist: path.join(ROOT, 'admin-ui/dist'),
};

export type RunningServer = {
  url: string;
  port: number;
  deps: AppDeps;
  /** The default admin's generated password, when this start created the admin without ADMIN_PASSWORD. */
  generatedAdminPassword?: string;
  inboxUrl?: string;
  stop(): Promise<void>;
};

/** Starts the whole product in this process: database, event store, projections, jobs, mail and HTTP. */
export async function startServer(config: Config, options: { serveFrontends?: boolean } = {}): Promise<RunningServer> {
  const log = pino({ level: config.logLevel });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, notice: (line) => log.warn(line) });
  const closers: (() => Promise<unknown> | unknown)[] = [() => db.close()];
  const stop = async () => {
    for (const close of closers.reverse()) await Promise.resolve(close()).catch((error) => log.warn({ err: error }, 'error while stopping'));
  };
  try {
    await migrate(db.url);
    const eventStore = createEventStore({ eventStoreUrl: config.eventStoreUrl, pool: db.pool });
    closers.push(() => eventStore.close());

    const runner =
      config.projections === 'inline'
        ? createProjectionRunner({
            eventStore,
            pool: db.pool,
            projections: readModelProjections,
            onError: (error) => log.error({ err: error }, 'projection runner stopped'),
          })
        : undefined;
    if (runner) {
      await runner.start();
      closers.push(() => runner.stop());
    }
    const progress = runner ?? createCheckpointWatcher(db.pool, readModelProjections.map((p) => p.name));
    const readModels = {
      async waitFor(position: Position) {
        const reached = await progress.waitFor(position);
        if (!reached) log.warn({ position: positionToString(position) }, 'read models are lagging: answered before they caught up');
        return reached;
      },
    };

    const jobs = createJobs({ databaseUrl: db.url, mongodbUrl: config.mongodbUrl, log });
    let smtpUrl = config.smtpUrl;
    let catcher: Awaited<ReturnType<typeof startMailCatcher>> | undefined;
    if (!smtpUrl) {
      catcher = await startMailCatcher({ pool: db.pool, smtpPort: config.mailCatcherSmtpPort, log });
      closers.push(() => catcher!.close());
      smtpUrl = catcher.smtpUrl;
    }
    const mailer = createMailer({ smtpUrl, from: config.mailFrom });
    closers.push(() => mailer.close());
    const mail = createMailQueue(jobs, mailer);
    await jobs.start();
    closers.push(() => jobs.stop());

    const tokens = createTokens(await loadJwtSecret(config.jwtSecret, config.dataDir), config.jwtExpiresIn);
    const deps: AppDeps = {
      config,
      pool: db.pool,
      eventStore,
      readModels,
      tokens,
      auth: createAuth({ pool: db.pool, tokens }),
      mail,
      log,
      clock: () => new Date(),
      publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
      inbox: catcher?.router,
      frontends: options.serveFrontends === false ? undefined : FRONTEND_DISTS,
      health: async () => {
        const head = await eventStore.headPosition();
        const reached = await progress.lowest();
        const behind = comparePositions(reached, head) >= 0 ? 0 : (await eventStore.readAll({ after: reached, limit: 10_000 })).length;
        return {
          status: 'ok',
          eventStore: eventStore.kind,
          projections: { mode: config.projections, lag: behind, position: positionToString(reached), head: positionToString(head) },
        };
      },
    };

    const admin = await ensureDefaultAdmin(deps);
    await resumeAccountOpenings(deps);

    const app = buildApp(deps);
    const server = await new Promise<http.Server>((resolve, reject) => {
      const s = app.listen(config.port, config.host, () => resolve(s));
      s.on('error', reject);
    });
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    server.keepAliveTimeout = 65_000;
    const port = (server.address() as { port: number }).port;
    const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
    const url = `http://${host}:${port}`;
    deps.publicUrl = config.publicUrl ?? url;
    return { url, port, deps, generatedAdminPassword: admin.generatedPassword, inboxUrl: catcher ? `${url}/inbox` : undefined, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
