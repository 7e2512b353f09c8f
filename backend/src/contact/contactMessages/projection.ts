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
        // A message deleted since has had its personal fields erased (messageErasure.ts): a replay reads it without them.
        const { message_id, name = '', email = '', subject = '', message = '' } = event.data;
        return { id: message_id, name, email, subject, message, status: 'new', created_at: event.metadata.occurredAt };
      }
      case 'ContactMessageStatusChanged':
        return row && { ...row, status: event.data.status };
      case 'ContactMessageDeleted':
        // A deleted message leaves the back office, and its personal fields are erased.
        return null;
    }
  },
});
