import type { ContactMessageStatus } from '@affilux/contract';
import type { TableDefinition } from '../../processing/processor';

/** rm_contact_messages: the back office's contact messages (deleted ones are gone from it). */
export const contactMessagesTable: TableDefinition = {
  name: 'rm_contact_messages',
  ddl: `CREATE TABLE rm_contact_messages (
    id         uuid PRIMARY KEY,
    name       text NOT NULL,
    email      text NOT NULL,
    subject    text NOT NULL,
    message    text NOT NULL,
    status     text NOT NULL,
    created_at timestamptz NOT NULL
  )`,
  indexes: [
    'CREATE INDEX IF NOT EXISTS rm_contact_messages_created ON rm_contact_messages (created_at DESC)',
  ],
};

export type ContactMessageRow = { id: string; name: string; email: string; subject: string; message: string; status: ContactMessageStatus; created_at: string };
