import pino from 'pino';
import { loadConfig } from '../../backend/src/config/config';
import { migrate, openDatabase } from '../../backend/src/db/database';
import { createEventStore } from '../../backend/src/eventstore/index';
import { readModelProjections } from './readModels';
import { createProjectionRunner } from './runner';

/** `npm run projections`: the projections as their own process (run the server with PROJECTIONS=external). */
const config = loadConfig();
const log = pino({ level: config.logLevel });
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(db.url);
const eventStore = createEventStore({ eventStoreUrl: config.eventStoreUrl, pool: db.pool });
const runner = createProjectionRunner({
  eventStore,
  pool: db.pool,
  projections: readModelProjections,
  onError: (error) => {
    log.fatal({ err: error }, 'projection runner stopped');
    process.exit(1);
  },
});
await runner.start();
log.info({ eventStore: eventStore.kind, projections: readModelProjections.map((p) => p.name) }, 'projections running');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await runner.stop();
    await eventStore.close();
    await db.close();
    process.exit(0);
  });
}
