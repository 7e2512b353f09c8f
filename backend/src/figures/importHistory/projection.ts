import type { RecordedEvent } from '../../eventstore/eventStore';
import { rowProjection } from '../../processing/processor';
import type { StatsImportEvent } from '../events';
import { statsImportsTable, type StatsImportRow } from './schema';

type Handled = RecordedEvent & Extract<StatsImportEvent, { type: 'StatsImportStarted' | 'StatsImportCompleted' | 'StatsImportAbandoned' }>;

/** The history of imports, from their start, completion or abandonment (the chunks in between are not needed). */
export const statsImportsProjection = rowProjection<StatsImportRow, Handled>({
  name: 'stats-imports',
  version: 1,
  table: statsImportsTable,
  columns: ['id', 'file_name', 'sender_kind', 'sender_id', 'sender_name', 'rows_received', 'rows_changed', 'days_changed', 'affiliates', 'status', 'started_at', 'finished_at'],
  handles: ['StatsImportStarted', 'StatsImportCompleted', 'StatsImportAbandoned'],
  rowId: (event) => event.data.import_id,
  evolve(row, event) {
    switch (event.type) {
      case 'StatsImportStarted': {
        const { import_id, file_name, rows_received, sender } = event.data;
        return {
          id: import_id, file_name, rows_received,
          sender_kind: sender.kind,
          sender_id: sender.kind === 'admin' ? sender.user_id : sender.key_id,
          sender_name: sender.kind === 'api_key' ? sender.name : null,
          rows_changed: null, days_changed: null, affiliates: null,
          status: 'started', started_at: event.metadata.occurredAt, finished_at: null,
        };
      }
      case 'StatsImportCompleted': {
        const { rows_changed, days_changed, affiliates } = event.data;
        return row && { ...row, rows_changed, days_changed, affiliates, status: 'completed', finished_at: event.metadata.occurredAt };
      }
      case 'StatsImportAbandoned':
        return row && { ...row, status: 'abandoned', finished_at: event.metadata.occurredAt };
    }
  },
});
