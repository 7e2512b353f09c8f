import type { TableDefinition } from '../../processing/processor';

/**
 * rm_email_verifications: the day (Europe/Paris) each affiliate verified its email address, for
 * the back office's `emailVerified` counts (the brands' figures carry no such count).
 */
export const emailVerificationsTable: TableDefinition = {
  name: 'rm_email_verifications',
  ddl: `CREATE TABLE rm_email_verifications (id uuid PRIMARY KEY, day date NOT NULL)`,
  indexes: [
    'CREATE INDEX IF NOT EXISTS rm_email_verifications_day ON rm_email_verifications (day)',
  ],
};

export type EmailVerificationRow = { id: string; day: string };
