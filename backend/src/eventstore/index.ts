import type pg from 'pg';
import type { EventStore } from './eventStore';
import { createEventStoreDbEventStore } from './eventStoreDbEventStore';
import { createPostgresEventStore } from './postgresEventStore';

/** EventStoreDB when EVENTSTORE_URL is set, otherwise the events table in the read models' PostgreSQL. */
export function createEventStore(options: { eventStoreUrl?: string; pool: pg.Pool }): EventStore {
  return options.eventStoreUrl ? createEventStoreDbEventStore(options.eventStoreUrl) : createPostgresEventStore(options.pool);
}
