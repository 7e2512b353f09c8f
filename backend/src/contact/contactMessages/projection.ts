import type { RecordedEvent } from '../../eventstore/eventStore';
import { rowProjection } from '../../processing/processor';
import type { ContactMessageEvent } from '../events';
import { contactMessagesTable, type ContactMessageRow } from './schema';

export const contactMessagesProjection = rowProjection<ContactMessageRow, RecordedEvent<ContactMessageEvent['type']> & ContactMessageEvent>({
  name: 'contact_messages',
  version: 2,
  table: contactMessagesTable,
  columns: ['id', 'name', 'email', 'subject', 'message', 'status', 'created_at'],
  handles: ['ContactMessageSubmitted', 'ContactMessageStatusChanged', 'ContactMessageDeleted'],
  rowId: (event) => event.data.message_id,
  evolve(row, event) {
    switch (event.type) {
      case 'ContactMessageSubmitted': {
        const { message_id, ...fields } = event.data;
        return { id: message_id, ...fields, status: 'new', created_at: event.metadata.occurredAt };
      }
      case 'ContactMessageStatusChanged':
        return row && { ...row, status: event.data.status };
      case 'ContactMessageDeleted':
        // A deleted message leaves the back office (its text stays in the event log).
        return null;
    }
  },
});
