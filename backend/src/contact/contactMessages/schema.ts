import type { TableDefinition } from '../../processing/processor';

/** rm_contact_messages: the back office's contact messages. */
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
};

export type ContactMessageRow = { id: string; name: string; email: string; subject: string; message: string; status: 'new' | 'read' | 'replied'; created_at: string };
