import type { StatsImportView } from '@affilux/contract';
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
  )`,
  indexes: [
    'CREATE INDEX IF NOT EXISTS rm_stats_imports_started ON rm_stats_imports (started_at DESC)',
  ],
};

/** A row is what GET /stats/imports answers (the sender's name completed from rm_users for admins). */
export type StatsImportRow = StatsImportView;
