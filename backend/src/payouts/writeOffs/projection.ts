import type { RecordedEvent } from '../../eventstore/eventStore';
import { projection } from '../../processing/processor';
import type { LedgerEvent } from '../events';
import { writeOffsTable, type WriteOffRow } from './schema';

type Handled = RecordedEvent & Extract<LedgerEvent, { type: 'BalanceWrittenOff' | 'LedgerItemPosted' }>;

/** A write-off's row after an event; events that are not about a write-off leave it as it is. */
export function evolveWriteOff(row: WriteOffRow | null, event: Handled): WriteOffRow | null {
  if (event.type === 'BalanceWrittenOff') {
    const { write_off_id, user_id, amount_cents, reason, last_movement_at, at } = event.data;
    return { id: write_off_id, user_id, amount_cents, reason, last_movement_at, written_off_at: at, reinstated_at: null };
  }
  return row && event.data.source.type === 'reinstatement' ? { ...row, reinstated_at: event.data.at } : row;
}

const writeOffIdOf = (event: Handled) =>
  event.type === 'BalanceWrittenOff' ? event.data.write_off_id : event.data.source.type === 'reinstatement' ? event.data.source.write_off_id : null;

/** Written-off balances for the back office (reinstatement). */
export const writeOffsProjection = projection({
  name: 'write_offs',
  version: 1,
  tables: [writeOffsTable],
  handles: ['BalanceWrittenOff', 'LedgerItemPosted'],
  async apply(events, tx) {
    const typed = (events as Handled[]).filter((e) => writeOffIdOf(e) !== null);
    if (!typed.length) return;
    const ids = [...new Set(typed.map((e) => writeOffIdOf(e)!))];
    const { rows } = await tx.query<WriteOffRow>('SELECT * FROM rm_write_offs WHERE id = ANY($1::uuid[])', [ids]);
    const current = new Map<string, WriteOffRow | null>(rows.map((r) => [r.id, r]));
    for (const event of typed) current.set(writeOffIdOf(event)!, evolveWriteOff(current.get(writeOffIdOf(event)!) ?? null, event));
    const kept = [...current.values()].filter((r): r is WriteOffRow => r !== null);
    await tx.query(
      `INSERT INTO rm_write_offs SELECT * FROM json_populate_recordset(NULL::rm_write_offs, $1::json)
       ON CONFLICT (id) DO UPDATE SET reinstated_at = EXCLUDED.reinstated_at`,
      [JSON.stringify(kept)],
    );
  },
});
