import type { TableDefinition } from '../../processing/processor';

/** rm_newsletter_subscribers: the confirmed addresses of the footer's newsletter form. */
export const newsletterSubscribersTable: TableDefinition = {
  name: 'rm_newsletter_subscribers',
  ddl: `CREATE TABLE rm_newsletter_subscribers (
    id            uuid PRIMARY KEY,
    email         text NOT NULL UNIQUE,
    subscribed_at timestamptz NOT NULL
  )`,
};

export type SubscriberRow = { id: string; email: string; subscribed_at: string };
