import pino from 'pino';
import { loadConfig } from '../../backend/src/config/config';
import { reportStartupFailurePlainly } from '../../backend/src/config/startupFailure';
import { migrate, openDatabase } from '../../backend/src/db/database';
import { createEventStore } from '../../backend/src/eventstore/index';
import { features } from '../../backend/src/features';
import { createJobs } from '../../backend/src/jobs/jobs';
import { createMailQueue } from '../../backend/src/mail/mailQueue';
import { processorsOf } from '../../backend/src/processing/index';
import { createProcessorRunner, loggedTroubles } from '../../backend/src/processing/runner';

/**
 * `npm run projections`: the read models and reactors in their own process (run the server with
 * PROJECTIONS=external). Mails decided by reactors are queued here and sent by the server's jobs.
 */
const started = reportStartupFailurePlainly();
const config = loadConfig();
const log = pino({ level: config.logLevel });
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(db.url);
const eventStore = createEventStore({ eventStoreUrl: config.eventStoreUrl, pool: db.pool, features });
const jobs = createJobs({ databaseUrl: db.url, mongodbUrl: config.mongodbUrl, log });
const mail = createMailQueue(jobs, db.pool);
const processors = processorsOf(features, { eventStore, pool: db.pool, mail, log, publicUrl: config.publicUrl ?? `http://localhost:${config.port}` });
const runner = createProcessorRunner({
  eventStore,
  pool: db.pool,
  processors,
  ...loggedTroubles(log),
});
await runner.start();
started();
log.info({ eventStore: eventStore.kind, processors: processors.map((p) => p.name) }, 'projections and reactors running');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await runner.stop();
    await jobs.stop();
    await eventStore.close();
    await db.close();
    process.exit(0);
  });
}
