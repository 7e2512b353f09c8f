import type { ContactEvent } from '../../../backend/src/contact/events';
import type { RecordedEvent } from '../../../backend/src/eventstore/eventStore';
import { rowProjection } from '../projection';

type ContactMessageRow = { id: string; name: string; email: string; subject: string; message: string; status: 'new' | 'read' | 'replied'; created_at: string };

/** rm_contact_messages: the back office's contact messages. */
export const contactMessagesProjection = rowProjection<ContactMessageRow, RecordedEvent<ContactEvent['type']> & ContactEvent>({
  name: 'contact_messages',
  version: 1,
  table: 'rm_contact_messages',
  columns: ['id', 'name', 'email', 'subject', 'message', 'status', 'created_at'],
  handles: ['ContactMessageSubmitted'],
  rowId: (event) => event.data.message_id,
  evolve(_row, event) {
    const { message_id, ...fields } = event.data;
    return { id: message_id, ...fields, status: 'new', created_at: event.metadata.occurredAt };
  },
});
