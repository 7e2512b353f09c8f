import type { StatsImportStatus } from '@affilux/contract';
import type { TableDefinition } from '../../processing/processor';

/**
 * rm_stats_imports: the back office's history of statistics imports, one row per `stats-import-<id>`
 * stream (a file that changed nothing records no stream, so it has no row): who sent it (an admin or
 * an API key), its file name, how many rows it had and what it changed, and whether it completed
 * or was abandoned after a crash.
 */
export const statsImportsTable: TableDefinition = {
  name: 'rm_stats_imports',
  ddl: `CREATE TABLE rm_stats_imports (
    id            uuid PRIMARY KEY,
    file_name     text,
    sender_kind   text NOT NULL,
    sender_id     text NOT NULL,
    sender_name   text,
    rows_received integer NOT NULL,
    rows_changed  integer,
    days_changed  integer,
    affiliates    integer,
    status        text NOT NULL,
    started_at    timestamptz NOT NULL,
    finished_at   timestamptz
  );
  CREATE INDEX rm_stats_imports_started ON rm_stats_imports (started_at DESC)`,
};

export type StatsImportRow = {
  id: string;
  file_name: string | null;
  sender_kind: 'admin' | 'api_key';
  /** The admin's user id, or the API key's id. */
  sender_id: string;
  /** The API key's name when it was used (an admin's name is read from rm_users). */
  sender_name: string | null;
  rows_received: number;
  rows_changed: number | null;
  days_changed: number | null;
  affiliates: number | null;
  status: StatsImportStatus;
  started_at: string;
  finished_at: string | null;
};
