import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/testDatabase';
import { stateOf, systemContext, toNewEvents } from '../eventstore/commands';
import type { EventStore } from '../eventstore/eventStore';
import { createPostgresEventStore } from '../eventstore/postgresEventStore';
import { ledgerStream, type LedgerEvent, type LedgerItem } from './events';
import { ledgerDecider, type Ledger, type LedgerCommand } from './ledger';
import { compactLedger, loadLedgers } from './ledgerSnapshots';

const CARRIED = '40000000-0000-4000-8000-00000000000c';
const SHORT = '40000000-0000-4000-8000-00000000000d';
const at = new Date('2026-11-18T05:00:00Z');
const item = (n: number): LedgerItem => ({
  item_id: `item-${n}`, kind: 'week', amount_cents: 10_000, week: `2026-W${String(30 + n).padStart(2, '0')}`, label: `Semaine ${n}`, source: { type: 'week', event_id: `e-${n}` }, lines: [],
});

let db: TestDatabase;
let eventStore: EventStore;

/** Appends the events these commands decide on the ledger, one command at a time. */
async function record(userId: string, commands: LedgerCommand[]): Promise<void> {
  let state: Ledger = ledgerDecider.initialState();
  for (const command of commands) {
    const events: LedgerEvent[] = ledgerDecider.decide(command, state);
    const current = await eventStore.readStream(ledgerStream(userId));
    await eventStore.append(ledgerStream(userId), toNewEvents(events, systemContext(at)), { expectedRevision: current.length ? current.length - 1 : 'no_stream' });
    state = events.reduce(ledgerDecider.evolve, state);
  }
}

const snapshotRevisions = async () =>
  Object.fromEntries((await db.pool.query<{ user_id: string; revision: number }>('SELECT user_id::text, revision FROM ledger_snapshots')).rows.map((r) => [r.user_id, r.revision]));

beforeAll(async () => {
  db = await createTestDatabase();
  eventStore = createPostgresEventStore(db.pool);
  // Ten weeks below the minimum: an item posted and the balance carried over each week, never paid, so never snapshotted by a payout.
  await record(CARRIED, Array.from({ length: 10 }, (_, n): LedgerCommand[] => [
    { type: 'PostItem', userId: CARRIED, at, item: item(n) },
    { type: 'CarryOver', userId: CARRIED, at, week: item(n).week!, balance_cents: 10_000 * (n + 1), reason: 'below_minimum' },
  ]).flat());
  await record(SHORT, [{ type: 'PostItem', userId: SHORT, at, item: item(0) }]);
});
afterAll(async () => {
  await eventStore?.close();
  await db?.drop();
});

describe('loading ledgers', () => {
  it('leaves a snapshot of a ledger read through a long tail, and none of a short one', async () => {
    const first = await loadLedgers(eventStore, db.pool, [CARRIED, SHORT]);
    expect(first.get(CARRIED)!.revision).toBe(19);
    expect(await snapshotRevisions()).toEqual({ [CARRIED]: 19 });
  });

  it('reads the ledger from that snapshot as its whole stream makes it', async () => {
    const events = await eventStore.readStream(ledgerStream(CARRIED));
    const loaded = (await loadLedgers(eventStore, db.pool, [CARRIED])).get(CARRIED)!;
    expect(compactLedger(loaded.ledger)).toEqual(compactLedger(stateOf(ledgerDecider, events)));
    expect(loaded.ledger.balance).toBe(100_000);
    expect(loaded.revision).toBe(19);
  });
});
