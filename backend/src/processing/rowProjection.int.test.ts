import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/testDatabase';
import { inTransaction } from '../db/transaction';
import type { RecordedEvent } from '../eventstore/eventStore';
import { rowProjection } from './processor';

type Row = { id: string; lines: { n: number }[]; status: string; note: string | null };
type Event = RecordedEvent & (
  | { type: 'Opened'; data: { id: string; lines: { n: number }[] } }
  | { type: 'Moved'; data: { id: string; status: string } }
  | { type: 'Noted'; data: { id: string; note: string } }
  | { type: 'Dropped'; data: { id: string } }
);

const A = '30000000-0000-4000-8000-00000000000a';
const B = '30000000-0000-4000-8000-00000000000b';

/** A row with a large column that only its creation writes (as a payout's lines). */
const things = rowProjection<Row, Event>({
  name: 'things',
  version: 1,
  table: { name: 'rm_things', ddl: 'CREATE TABLE rm_things (id uuid PRIMARY KEY, lines jsonb NOT NULL, status text NOT NULL, note text)' },
  columns: ['id', 'lines', 'status', 'note'],
  insertOnly: ['lines'],
  handles: ['Opened', 'Moved', 'Noted', 'Dropped'],
  rowId: (event) => event.data.id,
  evolve(row, event) {
    switch (event.type) {
      case 'Opened':
        return { id: event.data.id, lines: event.data.lines, status: 'open', note: null };
      case 'Moved':
        return row && { ...row, status: event.data.status };
      case 'Noted':
        return row && { ...row, note: event.data.note };
      case 'Dropped':
        return null;
    }
  },
});

let revision = 0;
const event = (type: Event['type'], data: Event['data']) =>
  ({
    type, data, id: `40000000-0000-4000-8000-${String(++revision).padStart(12, '0')}`, streamId: `thing-${data.id}`, revision, position: { commit: BigInt(revision), prepare: BigInt(revision) },
    metadata: { actorId: 'system', actorRole: 'system', correlationId: 'c', causationId: 'c', occurredAt: '2026-11-25T10:00:00.000Z', schemaVersion: 1 },
  }) as Event;

let db: TestDatabase;
const apply = (...events: Event[]) => inTransaction(db.pool, (tx) => things.apply(events, tx, () => {}));
const stored = async () => (await db.pool.query<Row>('SELECT id::text, lines, status, note FROM rm_things ORDER BY id')).rows;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.pool.query(things.tables[0]!.ddl);
});
afterAll(() => db?.drop());

describe('a row projection with insert-only columns', () => {
  it('writes them at creation and keeps them through later batches, which update the other columns only', async () => {
    const lines = Array.from({ length: 50 }, (_, n) => ({ n }));
    await apply(event('Opened', { id: A, lines }), event('Moved', { id: A, status: 'issued' }));
    expect(await stored()).toEqual([{ id: A, lines, status: 'issued', note: null }]);

    await apply(event('Moved', { id: A, status: 'paid' }), event('Noted', { id: A, note: 'virement' }), event('Opened', { id: B, lines: [{ n: 7 }] }));
    await apply(event('Moved', { id: B, status: 'failed' }));
    expect(await stored()).toEqual([
      { id: A, lines, status: 'paid', note: 'virement' },
      { id: B, lines: [{ n: 7 }], status: 'failed', note: null },
    ]);
  });

  it('creates a row again whole when a batch drops it and opens it anew, and deletes a dropped one', async () => {
    await apply(event('Dropped', { id: A }), event('Opened', { id: A, lines: [{ n: 1 }] }), event('Dropped', { id: B }));
    expect(await stored()).toEqual([{ id: A, lines: [{ n: 1 }], status: 'open', note: null }]);
  });
});
