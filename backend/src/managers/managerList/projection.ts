import type { RecordedEvent } from '../../eventstore/eventStore';
import { rowProjection } from '../../processing/processor';
import type { ManagerEvent } from '../events';
import { managersTable, type ManagerRow } from './schema';

export const managersProjection = rowProjection<ManagerRow, RecordedEvent<ManagerEvent['type']> & ManagerEvent>({
  name: 'managers',
  version: 2,
  table: managersTable,
  columns: ['id', 'nom', 'telegram', 'mail', 'created_at', 'deleted', 'revision'],
  handles: ['ManagerCreated', 'ManagerUpdated', 'ManagerDeleted'],
  rowId: (event) => event.data.manager_id,
  evolve(row, event) {
    switch (event.type) {
      case 'ManagerCreated': {
        const { manager_id, ...fields } = event.data;
        return { id: manager_id, ...fields, created_at: event.metadata.occurredAt, deleted: false, revision: event.revision };
      }
      case 'ManagerUpdated': {
        const { manager_id: _id, ...fields } = event.data;
        return row && { ...row, ...fields, revision: event.revision };
      }
      case 'ManagerDeleted':
        // Kept, flagged: the history of the affiliates who had this manager still names them.
        return row && { ...row, deleted: true, revision: event.revision };
    }
  },
});
