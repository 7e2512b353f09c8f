import type pg from 'pg';
import type { EventStore, NewEvent, ReadAllOptions, RecordedEvent, StreamAppend, SubscribeOptions } from './eventStore';

/** Per event type, the fields of its data that are personal: names, email addresses, contact details, text a person wrote. */
export type PersonalFields = Readonly<Record<string, readonly string[]>>;

type Data = Record<string, unknown>;

/**
 * Nothing personal enters the event log: it is immutable and auditors read it, while a person's data
 * must stay erasable. On append, the personal fields each feature declares (Feature.personalFields)
 * are taken out of the event's data and kept in the `personal_data` table under the event's id; the
 * log records the rest. On read they are put back (and named in `personal`), so deciders,
 * projections and reactors see whole events, and a replay builds the same read models as long as the
 * rows are there.
 *
 * The rows are written before the append, and removed if it fails without recording their events. A
 * process that dies between the two leaves a row naming an event that was never recorded;
 * `purgeOrphans` drops such rows.
 */
export function withPersonalData(store: EventStore, pool: pg.Pool, fields: PersonalFields): EventStore {
  const split = (streamId: string, events: NewEvent[]) => {
    const rows: { event_id: string; stream_id: string; data: Data }[] = [];
    const kept = events.map((event) => {
      const names = fields[event.type];
      if (!names) return event;
      const data = { ...(event.data as Data) };
      const personal: Data = {};
      for (const name of names) {
        if (!(name in data)) continue;
        personal[name] = data[name];
        delete data[name];
      }
      if (Object.keys(personal).length) rows.push({ event_id: event.id, stream_id: streamId, data: personal });
      return { ...event, data };
    });
    return { kept, rows };
  };

  /** Keeps the personal rows of these appends, runs `append`, and takes back the rows it added if the append fails. */
  async function keeping<T>(appends: { streamId: string; events: NewEvent[] }[], append: (events: NewEvent[][]) => Promise<T>): Promise<T> {
    const parts = appends.map((a) => split(a.streamId, a.events));
    const rows = parts.flatMap((p) => p.rows);
    if (!rows.length) return append(parts.map((p) => p.kept));
    const { rows: added } = await pool.query<{ event_id: string }>(
      `INSERT INTO personal_data (event_id, stream_id, data) SELECT * FROM unnest($1::uuid[], $2::text[], $3::jsonb[])
       ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
      [rows.map((r) => r.event_id), rows.map((r) => r.stream_id), rows.map((r) => JSON.stringify(r.data))],
    );
    try {
      return await append(parts.map((p) => p.kept));
    } catch (error) {
      // Only the rows of events the log does not hold: an append can fail after its write went through (a connection lost).
      if (added.length) {
        const addedIds = new Set(added.map((r) => r.event_id));
        const streams = await store.readStreams([...new Set(rows.filter((r) => addedIds.has(r.event_id)).map((r) => r.stream_id))]);
        const recorded = new Set([...streams.values()].flat().map((e) => e.id));
        const orphans = [...addedIds].filter((id) => !recorded.has(id));
        if (orphans.length) await pool.query('DELETE FROM personal_data WHERE event_id = ANY($1::uuid[])', [orphans]);
      }
      throw error;
    }
  }

  /** The events with their personal fields put back; `types`, when given, are the only ones read whole (the others come without data). */
  async function merged(events: RecordedEvent[], types?: readonly string[]): Promise<RecordedEvent[]> {
    const ids = events.filter((e) => fields[e.type] && (!types || types.includes(e.type))).map((e) => e.id);
    if (!ids.length) return events;
    const { rows } = await pool.query<{ event_id: string; data: Data }>('SELECT event_id::text, data FROM personal_data WHERE event_id = ANY($1::uuid[])', [ids]);
    if (!rows.length) return events;
    const byId = new Map(rows.map((r) => [r.event_id, r.data]));
    return events.map((event) => {
      const personal = byId.get(event.id);
      return personal ? { ...event, data: { ...(event.data as Data), ...personal }, personal: Object.keys(personal) } : event;
    });
  }

  return {
    kind: store.kind,
    append: (streamId, events, options) => keeping([{ streamId, events }], ([kept]) => store.append(streamId, kept!, options)),
    appendMany: (appends: readonly StreamAppend[]) => keeping([...appends], (kept) => store.appendMany(appends.map((a, i) => ({ ...a, events: kept[i]! })))),
    readStream: async (streamId) => merged(await store.readStream(streamId)),
    readStreams: async (streamIds, fromRevisions) => {
      const streams = await store.readStreams(streamIds, fromRevisions);
      const all = await merged([...streams.values()].flat());
      const byStream = new Map<string, RecordedEvent[]>([...streams.keys()].map((id) => [id, []]));
      for (const event of all) byStream.get(event.streamId)!.push(event);
      return byStream;
    },
    readAll: async (options: ReadAllOptions) => merged(await store.readAll(options), options.types),
    subscribeToAll: (options: SubscribeOptions) => store.subscribeToAll({ ...options, onEvents: async (events) => options.onEvents(await merged(events, options.types)) }),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}

/**
 * Drops the rows of events that were never recorded (a process died between the row and the append),
 * older than an hour so that no append is still under way. Only with the log in PostgreSQL's `events` table.
 */
export async function purgeOrphans(pool: pg.Pool): Promise<number> {
  const { rowCount } = await pool.query(
    `DELETE FROM personal_data p WHERE p.recorded_at < now() - interval '1 hour' AND NOT EXISTS (SELECT 1 FROM events e WHERE e.event_id = p.event_id)`,
  );
  return rowCount ?? 0;
}

/**
 * Erases the personal fields of a stream's events (a person's data asked to be forgotten): the log
 * keeps the rest, and reading those events gives them without the fields, so read models must take
 * an event whose personal fields are gone. Idempotent.
 */
export async function erasePersonalData(db: Pick<pg.PoolClient, 'query'>, streamId: string): Promise<void> {
  await db.query('DELETE FROM personal_data WHERE stream_id = $1', [streamId]);
}

/** An event's data as the log holds it: without the personal fields put back on reading. */
export const loggedData = (event: RecordedEvent): unknown =>
  event.personal ? Object.fromEntries(Object.entries(event.data as Data).filter(([name]) => !event.personal!.includes(name))) : event.data;
