import type pg from 'pg';
import type { Feature } from '../feature';
import type { EventStore } from './eventStore';
import { createEventStoreDbEventStore } from './eventStoreDbEventStore';
import { createPostgresEventStore } from './postgresEventStore';
import { eventSchemas, withUpcasting } from './upcasting';

/**
 * EventStoreDB when EVENTSTORE_URL is set, otherwise the events table in the read models'
 * PostgreSQL; either way seen through the features' upcasters.
 */
export function createEventStore(options: { eventStoreUrl?: string; pool: pg.Pool; features: readonly Feature[] }): EventStore {
  const store = options.eventStoreUrl ? createEventStoreDbEventStore(options.eventStoreUrl) : createPostgresEventStore(options.pool);
  return withUpcasting(store, eventSchemas(options.features.flatMap((f) => f.upcasters ?? [])));
}
