import { loadConfig } from '../../backend/src/config/config';
import { reportStartupFailurePlainly } from '../../backend/src/config/startupFailure';
import { migrate, openDatabase } from '../../backend/src/db/database';
import { createEventStore } from '../../backend/src/eventstore/index';
import { features } from '../../backend/src/features';
import { projectionsOf } from '../../backend/src/processing/index';
import { rebuildReadModels } from '../../backend/src/processing/rebuild';

/** `npm run replay`: drops every read model and rebuilds it from the first event (reactors do not run again). */
const started = reportStartupFailurePlainly();
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(db.url);
started();
const eventStore = createEventStore({ eventStoreUrl: config.eventStoreUrl, pool: db.pool, features });
const { events, seconds, readModels } = await rebuildReadModels({ eventStore, pool: db.pool, processors: projectionsOf(features) });
console.log(
  `Replayed ${events} events from ${eventStore.kind} into ${readModels.length} read models ` +
    `(${readModels.join(', ')}) in ${seconds.toFixed(2)} s: ${Math.round(events / Math.max(seconds, 1e-6))} events/s`,
);
await eventStore.close();
await db.close();
