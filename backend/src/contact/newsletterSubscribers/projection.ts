import type { RecordedEvent } from '../../eventstore/eventStore';
import { rowProjection } from '../../processing/processor';
import type { NewsletterEvent } from '../events';
import { newsletterSubscribersTable, type SubscriberRow } from './schema';

export const newsletterSubscribersProjection = rowProjection<SubscriberRow, RecordedEvent<NewsletterEvent['type']> & NewsletterEvent>({
  name: 'newsletter_subscribers',
  version: 1,
  table: newsletterSubscribersTable,
  columns: ['id', 'email', 'subscribed_at'],
  handles: ['NewsletterSubscribed'],
  rowId: (event) => event.data.subscriber_id,
  evolve: (_row, event) => ({ id: event.data.subscriber_id, email: event.data.email, subscribed_at: event.metadata.occurredAt }),
});
