import type pg from 'pg';
import type { RecordedEvent } from '../../backend/src/eventstore/eventStore';

/**
 * A read model: the event types it handles and the SQL it writes for a batch of them. Bumping
 * `version` empties `tables` and replays it from the first event at the next start.
 */
export type ReadModelProjection = {
  name: string;
  version: number;
  tables: string[];
  handles: ReadonlySet<string>;
  apply(events: RecordedEvent[], tx: pg.PoolClient): Promise<void>;
};

type Row = { id: string };

/**
 * A read model with one row per entity, written as a pure fold: `evolve(row, event)` returns the
 * row after the event (null removes it). A batch costs two statements whatever its size: one read
 * of the rows it touches and one upsert, which is what keeps replays fast.
 */
export function rowProjection<R extends Row, E extends RecordedEvent = RecordedEvent>(definition: {
  name: string;
  version: number;
  table: string;
  columns: readonly (keyof R & string)[];
  handles: readonly E['type'][];
  rowId(event: E): string;
  evolve(row: R | null, event: E): R | null;
}): ReadModelProjection {
  const { table, columns } = definition;
  const assignments = columns.filter((c) => c !== 'id').map((c) => `${c} = EXCLUDED.${c}`);
  const upsert = `INSERT INTO ${table} (${columns.join(', ')})
    SELECT ${columns.join(', ')} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)
    ON CONFLICT (id) DO ${assignments.length ? `UPDATE SET ${assignments.join(', ')}` : 'NOTHING'}`;

  return {
    name: definition.name,
    version: definition.version,
    tables: [table],
    handles: new Set(definition.handles),
    async apply(events, tx) {
      const typed = events as E[];
      const ids = [...new Set(typed.map(definition.rowId))];
      const { rows } = await tx.query<R>(`SELECT ${columns.join(', ')} FROM ${table} WHERE id = ANY($1::uuid[])`, [ids]);
      const current = new Map<string, R | null>(rows.map((r) => [r.id, r]));
      for (const event of typed) {
        const id = definition.rowId(event);
        current.set(id, definition.evolve(current.get(id) ?? null, event));
      }
      const kept = [...current.values()].filter((r): r is R => r !== null);
      const removed = [...current.entries()].filter(([, r]) => r === null).map(([id]) => id);
      if (kept.length) await tx.query(upsert, [JSON.stringify(kept)]);
      if (removed.length) await tx.query(`DELETE FROM ${table} WHERE id = ANY($1::uuid[])`, [removed]);
    },
  };
}
