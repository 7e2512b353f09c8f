import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import type { AccountEvent } from '../../backend/src/accounts/events';
import { userStream } from '../../backend/src/accounts/events';
import { createPool } from '../../backend/src/db/database';
import { toNewEvents, type CommandContext } from '../../backend/src/eventstore/commands';
import type { NewEvent } from '../../backend/src/eventstore/eventStore';
import { createPostgresEventStore } from '../../backend/src/eventstore/postgresEventStore';

export type AppendWorkload = { writers: number; warmupMs: number; durationMs: number };

export type AppendRate = { appends: number; seconds: number; perSecond: number };

/** Appends `event` as revision `revision` (0: the first) of writer `writer`'s stream. */
type AppendOne = (writer: number, revision: number, event: NewEvent) => Promise<void>;

/**
 * Each writer owns one `user-<id>` stream and appends one event at a time at the next revision,
 * stating the revision it expects: what every command on an existing aggregate does. Appends that
 * complete during the measured window are counted; the warm-up fills the pools and the plan caches.
 */
async function measure(workload: AppendWorkload, append: AppendOne): Promise<AppendRate> {
  let measuring = false;
  let stopped = false;
  let counted = 0;
  const writers = Array.from({ length: workload.writers }, async (_, writer) => {
    for (let revision = 0; !stopped; revision++) {
      await append(writer, revision, profileUpdate(writer, revision));
      if (measuring && !stopped) counted++;
    }
  });
  await sleep(workload.warmupMs);
  measuring = true;
  const started = performance.now();
  await sleep(workload.durationMs);
  stopped = true;
  const seconds = (performance.now() - started) / 1000;
  const appends = counted;
  await Promise.all(writers);
  return { appends, seconds, perSecond: appends / seconds };
}

/** Our adapter, on the pool the server uses (createPool). */
export async function measureOurAdapter(url: string, workload: AppendWorkload): Promise<AppendRate> {
  const pool = createPool(url);
  const eventStore = createPostgresEventStore(pool);
  const streams = writerStreams(workload.writers);
  try {
    return await measure(workload, (writer, revision, event) =>
      eventStore
        .append(streams[writer]!, [event], { expectedRevision: revision === 0 ? 'no_stream' : revision - 1 })
        .then(() => undefined),
    );
  } finally {
    await eventStore.close();
    await pool.end();
  }
}

/**
 * Emmett's PostgreSQL event store given a pool of the same size as ours. Emmett counts stream
 * versions from 1, so the version expected before the event of revision n is n (0: a new stream).
 */
export async function measureEmmett(url: string, workload: AppendWorkload): Promise<AppendRate> {
  return withPgTypeParsersRestored(async () => {
    const pool = createPool(url);
    const eventStore = getPostgreSQLEventStore(url, { connectionOptions: { pool } });
    const streams = writerStreams(workload.writers);
    try {
      await eventStore.schema.migrate();
      return await measure(workload, (writer, revision, event) =>
        eventStore
          .appendToStream(streams[writer]!, [{ type: event.type, data: event.data as Record<string, unknown>, metadata: event.metadata }], {
            expectedStreamVersion: BigInt(revision),
          })
          .then(() => undefined),
      );
    } finally {
      await eventStore.close();
      await pool.end();
    }
  });
}

/**
 * Emmett's driver (dumbo) replaces pg's global parsers for int8, json and jsonb when it creates a
 * pool; the backend relies on its own (db/database.ts), so they are put back afterwards.
 */
async function withPgTypeParsersRestored<T>(work: () => Promise<T>): Promise<T> {
  const oids = [pg.types.builtins.INT8, pg.types.builtins.JSON, pg.types.builtins.JSONB];
  const saved = oids.map((oid) => [oid, pg.types.getTypeParser(oid, 'text')] as const);
  try {
    return await work();
  } finally {
    for (const [oid, parser] of saved) pg.types.setTypeParser(oid, 'text', parser);
  }
}

const writerStreams = (writers: number) => Array.from({ length: writers }, () => userStream(randomUUID()));

const COUNTRIES = ['France', 'Belgium', 'Canada', 'Switzerland', 'Germany', 'Spain'] as const;

function profileUpdate(writer: number, revision: number): NewEvent {
  const event: AccountEvent = {
    type: 'ProfileUpdated',
    data: {
      first_name: 'Camille',
      last_name: `Durand-${writer}`,
      username: `camille.durand${writer}`,
      contact_method: `@camille_durand_${writer}`,
      country: COUNTRIES[revision % COUNTRIES.length]!,
    },
  };
  const ctx: CommandContext = { actor: { id: randomUUID(), role: 'affiliate' }, correlationId: randomUUID(), causationId: randomUUID(), now: new Date() };
  return toNewEvents([event], ctx)[0]!;
}
