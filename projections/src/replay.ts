import { loadConfig } from '../../backend/src/config/config';
import { migrate, openDatabase } from '../../backend/src/db/database';
import { createEventStore } from '../../backend/src/eventstore/index';
import { readModelProjections } from './readModels';
import { rebuildReadModels } from './rebuild';

/** `npm run replay`: drops every read model and rebuilds it from the first event. */
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(db.url);
const eventStore = createEventStore({ eventStoreUrl: config.eventStoreUrl, pool: db.pool });
const { events, seconds } = await rebuildReadModels({ eventStore, pool: db.pool, projections: readModelProjections });
console.log(
  `Replayed ${events} events from ${eventStore.kind} into ${readModelProjections.length} read models ` +
    `(${readModelProjections.map((p) => p.name).join(', ')}) in ${seconds.toFixed(2)} s: ${Math.round(events / Math.max(seconds, 1e-6))} events/s`,
);
await eventStore.close();
await db.close();
