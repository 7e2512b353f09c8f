import type { RecordedEvent } from '../../eventstore/eventStore';
import { rowProjection } from '../../processing/processor';
import type { ContactMessageEvent } from '../events';
import { contactMessagesTable, type ContactMessageRow } from './schema';

export const contactMessagesProjection = rowProjection<ContactMessageRow, RecordedEvent<ContactMessageEvent['type']> & ContactMessageEvent>({
  name: 'contact_messages',
  version: 1,
  table: contactMessagesTable,
  columns: ['id', 'name', 'email', 'subject', 'message', 'status', 'created_at'],
  handles: ['ContactMessageSubmitted'],
  rowId: (event) => event.data.message_id,
  evolve(_row, event) {
    const { message_id, ...fields } = event.data;
    return { id: message_id, ...fields, status: 'new', created_at: event.metadata.occurredAt };
  },
});
