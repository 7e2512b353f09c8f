import type pg from 'pg';
import { reactionContext, type CommandContext } from '../eventstore/commands';
import type { RecordedEvent } from '../eventstore/eventStore';

/**
 * A table a read model owns: dropped and created again from `ddl` whenever the read model is
 * rebuilt. `indexes` are secondary indexes that only the queries read through, never the read
 * model's own writes: a full replay creates them once its rows are in, which is much faster than
 * keeping them up to date row by row.
 */
export type TableDefinition = { name: string; ddl: string; indexes?: readonly string[] };

/** Work to do once the transaction that recorded a processor's step has committed (e.g. wake the mail sender). */
export type AfterCommit = (work: () => Promise<void> | void) => void;

/**
 * Something the runner feeds the log to, batch by batch, in order, with its own checkpoint
 * written in the same transaction as its work (compare-and-set on the previous position).
 * - A projection keeps a read model: pure SQL writes, rebuilt from the first event when its
 *   version changes or `npm run replay` runs.
 * - A reactor turns events into commands (deterministic event ids) or mails; it never replays.
 */
export type EventProcessor = {
  name: string;
  kind: 'projection' | 'reactor';
  version: number;
  handles: ReadonlySet<string>;
  tables: readonly TableDefinition[];
  /** Where a reactor seen for the first time starts: the first event (it is idempotent) or the head of the log. */
  startFrom: 'beginning' | 'now';
  apply(events: RecordedEvent[], tx: pg.PoolClient, afterCommit: AfterCommit): Promise<void>;
};

/** A read model declared with its table and the SQL it writes for a batch of events. */
export function projection(definition: {
  name: string;
  version: number;
  tables: readonly TableDefinition[];
  handles: readonly string[];
  apply(events: RecordedEvent[], tx: pg.PoolClient): Promise<void>;
}): EventProcessor {
  return { ...definition, kind: 'projection', handles: new Set(definition.handles), startFrom: 'beginning', apply: (events, tx) => definition.apply(events, tx) };
}

type Row = { id: string };

/**
 * A read model with one row per entity, written as a pure fold: `evolve(row, event)` returns the
 * row after the event (null removes it). A batch costs two statements whatever its size: one read
 * of the rows it touches and one upsert, which is what keeps replays fast. Columns in `insertOnly`
 * (large ones no later event changes, such as a payout's lines) are written when the row is created
 * and never read back or written again: a row already stored reaches `evolve` without them.
 */
export function rowProjection<R extends Row, E extends RecordedEvent = RecordedEvent>(definition: {
  name: string;
  version: number;
  table: TableDefinition;
  columns: readonly (keyof R & string)[];
  insertOnly?: readonly (keyof R & string)[];
  handles: readonly E['type'][];
  rowId(event: E): string;
  evolve(row: R | null, event: E): R | null;
}): EventProcessor & { evolve(row: R | null, event: E): R | null } {
  const { table, columns } = definition;
  const insertOnly = new Set<string>(definition.insertOnly ?? []);
  const stored = columns.filter((c) => !insertOnly.has(c));
  const assignments = columns.filter((c) => c !== 'id').map((c) => `${c} = EXCLUDED.${c}`);
  const upsert = `INSERT INTO ${table.name} (${columns.join(', ')})
    SELECT ${columns.join(', ')} FROM json_populate_recordset(NULL::${table.name}, $1::json)
    ON CONFLICT (id) DO ${assignments.length ? `UPDATE SET ${assignments.join(', ')}` : 'NOTHING'}`;
  const update = `UPDATE ${table.name} t SET ${stored.filter((c) => c !== 'id').map((c) => `${c} = r.${c}`).join(', ')}
    FROM json_populate_recordset(NULL::${table.name}, $1::json) r WHERE t.id = r.id`;

  return {
    ...projection({
      name: definition.name,
      version: definition.version,
      tables: [table],
      handles: definition.handles,
      async apply(events, tx) {
        const typed = events as E[];
        const ids = [...new Set(typed.map(definition.rowId))];
        const { rows } = await tx.query<R>(`SELECT ${stored.join(', ')} FROM ${table.name} WHERE id = ANY($1::uuid[])`, [ids]);
        const current = new Map<string, R | null>(rows.map((r) => [r.id, r]));
        // Rows stored before the batch lack their insert-only columns: they are updated, not upserted.
        const partial = new Set(insertOnly.size ? rows.map((r) => r.id) : []);
        for (const event of typed) {
          const id = definition.rowId(event);
          const before = current.get(id) ?? null;
          const after = definition.evolve(before, event);
          if (before === null) partial.delete(id);
          current.set(id, after);
        }
        const kept = [...current.values()].filter((r): r is R => r !== null);
        const removed = [...current.entries()].filter(([, r]) => r === null).map(([id]) => id);
        const whole = kept.filter((r) => !partial.has(r.id));
        const updated = kept.filter((r) => partial.has(r.id));
        if (whole.length) await tx.query(upsert, [JSON.stringify(whole)]);
        if (updated.length) await tx.query(update, [JSON.stringify(updated)]);
        if (removed.length) await tx.query(`DELETE FROM ${table.name} WHERE id = ANY($1::uuid[])`, [removed]);
      },
    }),
    evolve: definition.evolve,
  };
}

/** What a reactor gets for each event: the transaction of its step, the command context the event implies, and after-commit work. */
export type Reaction = { tx: pg.PoolClient; ctx: CommandContext; afterCommit: AfterCommit };

/**
 * A reactor that wants a whole batch at once, to do for many events what costs the same for one
 * (loading what they share, pricing many weeks together). Same guarantees as `reactor`; each
 * command it sends takes its context from the event that caused it (`reactionContext`).
 */
export function batchReactor<E extends RecordedEvent = RecordedEvent>(definition: {
  name: string;
  handles: readonly E['type'][];
  startFrom?: 'beginning' | 'now';
  react(events: E[], batch: Omit<Reaction, 'ctx'>): Promise<void>;
}): EventProcessor {
  return {
    name: definition.name,
    kind: 'reactor',
    version: 1,
    handles: new Set(definition.handles),
    tables: [],
    startFrom: definition.startFrom ?? 'beginning',
    apply: (events, tx, afterCommit) => definition.react(events as E[], { tx, afterCommit }),
  };
}

/**
 * A consequence of an event on another stream, or outside the log (a mail): a checkpointed
 * handler, one event at a time, in log order. What it appends must have deterministic event ids
 * (or be decided as a no-op on the second try), and what it writes goes through `tx`, so a crash
 * between the event and its consequence loses nothing and a retry doubles nothing.
 */
export function reactor<E extends RecordedEvent = RecordedEvent>(definition: {
  name: string;
  handles: readonly E['type'][];
  startFrom?: 'beginning' | 'now';
  react(event: E, reaction: Reaction): Promise<void>;
}): EventProcessor {
  return {
    name: definition.name,
    kind: 'reactor',
    version: 1,
    handles: new Set(definition.handles),
    tables: [],
    startFrom: definition.startFrom ?? 'beginning',
    async apply(events, tx, afterCommit) {
      for (const event of events) await definition.react(event as E, { tx, ctx: reactionContext(event), afterCommit });
    },
  };
}
