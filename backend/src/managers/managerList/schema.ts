import type { TableDefinition } from '../../processing/processor';

/** rm_managers: the managers table of the back office and the contact shown to affiliates. */
export const managersTable: TableDefinition = {
  name: 'rm_managers',
  ddl: `CREATE TABLE rm_managers (
    id         uuid PRIMARY KEY,
    nom        text NOT NULL,
    telegram   text,
    mail       text,
    created_at timestamptz NOT NULL,
    deleted    boolean NOT NULL DEFAULT false,
    revision   integer NOT NULL
  )`,
};

export type ManagerRow = { id: string; nom: string; telegram: string | null; mail: string | null; created_at: string; deleted: boolean; revision: number };
