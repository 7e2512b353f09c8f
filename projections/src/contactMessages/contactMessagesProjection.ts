import type { ContactEvent } from '../../../backend/src/contact/events';
import type { RecordedEvent } from '../../../backend/src/eventstore/eventStore';
import { rowProjection } from '../projection';

type ContactMessageRow = { id: string; name: string; email: string; subject: string; message: string; status: 'new' | 'read' | 'replied'; created_at: string };

/** rm_contact_messages: the back office's contact messages. */
type Contact = RecordedEvent<ContactEvent['type']> & ContactEvent;

export const contactMessagesProjection = rowProjection<ContactMessageRow, Contact>({
  name: 'contact_messages',
  version: 1,
  table: 'rm_contact_messages',
  columns: ['id', 'name', 'email', 'subject', 'message', 'status', 'created_at'],
  handles: ['ContactMessageSubmitted'],
  rowId: (event) => ('message_id' in event.data ? event.data.message_id : ''),
  evolve(row, event) {
    if (event.type !== 'ContactMessageSubmitted') return row;
    const { message_id, ...fields } = event.data;
    return { id: message_id, ...fields, status: 'new', created_at: event.metadata.occurredAt };
  },
});

type SubscriberRow = { id: string; email: string; subscribed_at: string };

/** rm_newsletter_subscribers: the addresses of the footer's newsletter form. */
export const newsletterSubscribersProjection = rowProjection<SubscriberRow, Contact>({
  name: 'newsletter_subscribers',
  version: 1,
  table: 'rm_newsletter_subscribers',
  columns: ['id', 'email', 'subscribed_at'],
  handles: ['NewsletterSubscribed'],
  rowId: (event) => ('subscriber_id' in event.data ? event.data.subscriber_id : ''),
  evolve(row, event) {
    if (event.type !== 'NewsletterSubscribed') return row;
    return { id: event.data.subscriber_id, email: event.data.email, subscribed_at: event.metadata.occurredAt };
  },
});
