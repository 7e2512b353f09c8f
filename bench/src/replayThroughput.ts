import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { toNewEvents } from '../../backend/src/eventstore/commands';
import type { EventStore } from '../../backend/src/eventstore/eventStore';
import { features } from '../../backend/src/features';
import { projectionsOf } from '../../backend/src/processing/index';
import { rebuildReadModels } from '../../backend/src/processing/rebuild';

const readModelProjections = projectionsOf(features);
import { networkHistory, type StreamAppend } from './networkHistory';

export type LoadResult = { events: number; appends: number; streams: number; seconds: number };
export type ReplayResult = { events: number; seconds: number; perSecond: number; rows: Record<string, number> };
export type EventMix = { type: string; events: number; megabytes: number }[];

/**
 * Writes exactly `total` events of the network's history through the event store, each stream's
 * events of one command in one append. `concurrency` journeys run side by side; the appends of one
 * journey run in order, so the log keeps every account's opening before its sign-ins.
 */
export async function loadHistory(eventStore: EventStore, total: number, concurrency: number): Promise<LoadResult> {
  const history = networkHistory(20240108);
  const revisions = new Map<string, number>();
  let remaining = total;
  let appends = 0;

  /** The next journey, its last append cut so the history ends at exactly `total` events. */
  function nextJourney(): StreamAppend[] | undefined {
    if (remaining === 0) return undefined;
    const journey: StreamAppend[] = [];
    for (const append of history.next().value ?? []) {
      if (remaining === 0) break;
      const events = append.events.slice(0, remaining);
      remaining -= events.length;
      journey.push({ ...append, events });
    }
    return journey;
  }

  async function appendJourney(journey: StreamAppend[]): Promise<void> {
    for (const { streamId, events, actor, at } of journey) {
      const current = revisions.get(streamId);
      const { nextExpectedRevision } = await eventStore.append(
        streamId,
        toNewEvents(events, { actor, correlationId: randomUUID(), causationId: randomUUID(), now: at }),
        { expectedRevision: current ?? 'no_stream' },
      );
      revisions.set(streamId, nextExpectedRevision);
      appends++;
    }
  }

  const started = performance.now();
  // The catalogue comes first: it is the first journey, and every later one may refer to it.
  await appendJourney(nextJourney() ?? []);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let journey = nextJourney(); journey; journey = nextJourney()) await appendJourney(journey);
    }),
  );
  return { events: total - remaining, appends, streams: revisions.size, seconds: (performance.now() - started) / 1000 };
}

/** Empties every read model and replays the whole log into them (backend/src/processing/rebuild.ts). */
export async function replayAll(eventStore: EventStore, pool: pg.Pool): Promise<ReplayResult> {
  const { events, seconds } = await rebuildReadModels({ eventStore, pool, processors: readModelProjections });
  const rows: Record<string, number> = {};
  for (const table of readModelProjections.flatMap((p) => p.tables.map((t) => t.name))) {
    const { rows: counted } = await pool.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
    rows[table] = counted[0]!.count;
  }
  return { events, seconds, perSecond: events / seconds, rows };
}

/** The log's events by type, most frequent first, with the size of their data: what the replay had to fold. */
export async function eventMix(pool: pg.Pool): Promise<EventMix> {
  const { rows } = await pool.query<{ type: string; events: number; megabytes: number }>(
    `SELECT type, count(*)::int AS events, (sum(pg_column_size(data)) / 1048576.0)::float AS megabytes FROM events GROUP BY type ORDER BY count(*) DESC`,
  );
  return rows;
}
