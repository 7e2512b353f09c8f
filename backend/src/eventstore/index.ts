import type pg from 'pg';
import type { Feature } from '../feature';
import type { EventStore } from './eventStore';
import { createEventStoreDbEventStore } from './eventStoreDbEventStore';
import { createPostgresEventStore } from './postgresEventStore';
import { withPersonalData } from './personalData';
import { eventSchemas, withUpcasting } from './upcasting';

/**
 * EventStoreDB when EVENTSTORE_URL is set, otherwise the events table in the read models'
 * PostgreSQL; either way with the events' personal fields kept in PostgreSQL's `personal_data`
 * table instead of the log, and seen through the features' upcasters.
 */
export function createEventStore(options: { eventStoreUrl?: string; pool: pg.Pool; features: readonly Feature[] }): EventStore {
  const store = options.eventStoreUrl ? createEventStoreDbEventStore(options.eventStoreUrl) : createPostgresEventStore(options.pool);
  const personalFields = Object.assign({}, ...options.features.map((f) => f.personalFields ?? {}));
  return withUpcasting(withPersonalData(store, options.pool, personalFields), eventSchemas(options.features.flatMap((f) => f.upcasters ?? [])));
}
