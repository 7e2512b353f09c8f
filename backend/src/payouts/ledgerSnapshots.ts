import type pg from 'pg';
import { stateOf } from '../eventstore/commands';
import { positionToString, type EventStore, type ExpectedRevision, type RecordedEvent } from '../eventstore/eventStore';
import type { IsoWeek } from '../time/calendar';
import { ledgerStream, type LedgerEvent } from './events';
import { ledgerDecider, type ClosedItem, type Ledger, type LedgerEntry, type WriteOff } from './ledger';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * A ledger's state at a revision, compacted: its open items whole (a payout copies their lines), the
 * items already paid or written off as columns of summaries (sorted by id), and each settlement as
 * the positions of its items in those columns (or an item's id, when a failed payout reopened it). A
 * year of weekly payouts leaves about fifty closed items and one or two open ones: the snapshot every
 * run reads and writes again stays a few kilobytes.
 */
type SnapshotState = {
  open: LedgerEntry[];
  closed: { ids: string[]; kinds: ClosedItem['kind'][]; amounts: number[]; weeks: (IsoWeek | null)[]; writtenOff: number[] };
  balance: number;
  lastMovementAt: string | null;
  warnedAt: string | null;
  carriedOver: IsoWeek[];
  settled: [string, (number | string)[]][];
  reopened: string[];
  writeOffs: [string, WriteOff][];
};

export function compactLedger(ledger: Ledger): SnapshotState {
  const open: LedgerEntry[] = [];
  const closedItems = [...ledger.closed.values()];
  for (const entry of ledger.items.values()) {
    if (entry.status === 'open') open.push(entry);
    else closedItems.push({ item_id: entry.item.item_id, kind: entry.item.kind, amount_cents: entry.item.amount_cents, week: entry.item.week, status: entry.status });
  }
  closedItems.sort((a, b) => (a.item_id < b.item_id ? -1 : 1));
  const position = new Map(closedItems.map((item, k) => [item.item_id, k]));
  return {
    open,
    closed: {
      ids: closedItems.map((i) => i.item_id), kinds: closedItems.map((i) => i.kind), amounts: closedItems.map((i) => i.amount_cents), weeks: closedItems.map((i) => i.week),
      writtenOff: closedItems.flatMap((i, k) => (i.status === 'written_off' ? [k] : [])),
    },
    balance: ledger.balance, lastMovementAt: ledger.lastMovementAt, warnedAt: ledger.warnedAt, carriedOver: [...ledger.carriedOver],
    settled: [...ledger.settled].map(([payoutId, ids]) => [payoutId, ids.map((id) => position.get(id) ?? id)]),
    reopened: [...ledger.reopened], writeOffs: [...ledger.writeOffs],
  };
}

export function restoreLedger(snapshot: SnapshotState): Ledger {
  const { ids, kinds, amounts, weeks, writtenOff } = snapshot.closed;
  const writtenOffAt = new Set(writtenOff);
  return {
    items: new Map(snapshot.open.map((entry) => [entry.item.item_id, entry])),
    closed: new Map(ids.map((id, k) => [id, { item_id: id, kind: kinds[k]!, amount_cents: amounts[k]!, week: weeks[k]!, status: writtenOffAt.has(k) ? 'written_off' : 'settled' }])),
    balance: snapshot.balance,
    lastMovementAt: snapshot.lastMovementAt,
    warnedAt: snapshot.warnedAt,
    carriedOver: new Set(snapshot.carriedOver),
    settled: new Map(snapshot.settled.map(([payoutId, items]) => [payoutId, items.map((item) => (typeof item === 'number' ? ids[item]! : item))])),
    reopened: new Set(snapshot.reopened),
    writeOffs: new Map(snapshot.writeOffs),
  };
}

export type LoadedLedger = { ledger: Ledger; revision: ExpectedRevision; /** The log position of its last event ('' before the first). */ position: string };

/** An event a compacted state cannot take: a failed payout reopening items whose lines the snapshot left out. */
const reopensClosed = (state: Ledger, event: RecordedEvent) =>
  event.type === 'ItemsReopened' && (event.data as Extract<LedgerEvent, { type: 'ItemsReopened' }>['data']).items.some((i) => state.closed.has(i.item_id));

/**
 * The ledgers of these affiliates as their events make them: from the last snapshot and the events
 * after it where there is one, whole from the log otherwise (and when the events after the snapshot
 * reopen items it summarised). The snapshot only saves reading: the state, revision and position
 * are those of the stream's last event either way. A ledger read through a long tail leaves a new
 * snapshot behind (one no payout settles: carried over week after week, or idle).
 */
export async function loadLedgers(eventStore: Pick<EventStore, 'readStreams'>, db: Queryable, userIds: string[]): Promise<Map<string, LoadedLedger>> {
  const { rows } = await db.query<{ user_id: string; revision: number; position: string; state: SnapshotState }>(
    'SELECT user_id::text, revision, position, state FROM ledger_snapshots WHERE user_id = ANY($1::uuid[])',
    [userIds],
  );
  const snapshots = new Map(rows.map((r) => [r.user_id, r]));
  const tails = await eventStore.readStreams(
    userIds.map(ledgerStream),
    new Map(rows.map((r) => [ledgerStream(r.user_id), r.revision + 1])),
  );
  const loaded = new Map<string, LoadedLedger>();
  const longTails = new Set<string>();
  const whole: string[] = [];
  for (const id of userIds) {
    const tail = tails.get(ledgerStream(id)) ?? [];
    if (tail.length >= LONG_TAIL) longTails.add(id);
    const snapshot = snapshots.get(id);
    if (!snapshot) {
      loaded.set(id, fromEvents(tail));
      continue;
    }
    let ledger = restoreLedger(snapshot.state);
    if (tail.some((event) => reopensClosed(ledger, event))) {
      whole.push(id);
      longTails.add(id);
      continue;
    }
    ledger = tail.reduce((state, event) => ledgerDecider.evolve(state, event as unknown as LedgerEvent), ledger);
    const last = tail[tail.length - 1];
    loaded.set(id, { ledger, revision: last ? last.revision : snapshot.revision, position: last ? positionToString(last.position) : snapshot.position });
  }
  if (whole.length) {
    const streams = await eventStore.readStreams(whole.map(ledgerStream));
    for (const id of whole) loaded.set(id, fromEvents(streams.get(ledgerStream(id)) ?? []));
  }
  await saveLedgerSnapshots(db, [...longTails].flatMap((id) => {
    const { ledger, revision, position } = loaded.get(id)!;
    return typeof revision === 'number' ? [{ user_id: id, revision, position, ledger }] : [];
  }));
  return loaded;
}

/** Events read after a ledger's snapshot (or without one) from which it is worth keeping a new one. */
const LONG_TAIL = 8;

function fromEvents(events: RecordedEvent[]): LoadedLedger {
  const last = events[events.length - 1];
  return { ledger: stateOf(ledgerDecider, events), revision: last ? last.revision : 'no_stream', position: last ? positionToString(last.position) : '' };
}

/** Keeps these ledgers' states as snapshots (a newer snapshot already kept wins), rows locked in the order of their ids whoever writes them. */
export async function saveLedgerSnapshots(db: Queryable, snapshots: { user_id: string; revision: number; position: string; ledger: Ledger }[]): Promise<void> {
  if (!snapshots.length) return;
  snapshots = [...snapshots].sort((a, b) => (a.user_id < b.user_id ? -1 : 1));
  await db.query(
    `INSERT INTO ledger_snapshots (user_id, revision, position, state)
     SELECT user_id, revision, position, state FROM json_to_recordset($1::json) AS s(user_id uuid, revision int, position text, state json)
     ON CONFLICT (user_id) DO UPDATE SET revision = EXCLUDED.revision, position = EXCLUDED.position, state = EXCLUDED.state
       WHERE ledger_snapshots.revision < EXCLUDED.revision`,
    [JSON.stringify(snapshots.map((s) => ({ user_id: s.user_id, revision: s.revision, position: s.position, state: compactLedger(s.ledger) })))],
  );
}
