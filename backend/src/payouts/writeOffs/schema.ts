import type { TableDefinition } from '../../processing/processor';

/** rm_write_offs: dormant balances written off, and their reinstatement. */
export const writeOffsTable: TableDefinition = {
  name: 'rm_write_offs',
  ddl: `CREATE TABLE rm_write_offs (
    id               uuid PRIMARY KEY,
    user_id          uuid        NOT NULL,
    amount_cents     bigint      NOT NULL,
    reason           text        NOT NULL,
    last_movement_at timestamptz NOT NULL,
    written_off_at   timestamptz NOT NULL,
    reinstated_at    timestamptz
  );
  CREATE INDEX rm_write_offs_user ON rm_write_offs (user_id);`,
};

export type WriteOffRow = { id: string; user_id: string; amount_cents: number; reason: string; last_movement_at: string; written_off_at: string; reinstated_at: string | null };

export const WRITE_OFF_COLUMNS = ['id', 'user_id', 'amount_cents', 'reason', 'last_movement_at', 'written_off_at', 'reinstated_at'] as const satisfies readonly (keyof WriteOffRow)[];
