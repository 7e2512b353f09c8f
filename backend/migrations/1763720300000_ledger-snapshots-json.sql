-- Up Migration
-- Ledger snapshots take a columnar shape (backend/src/payouts/ledgerSnapshots.ts) and are kept as
-- json: the server writes and reads each one whole, so PostgreSQL has no reason to take it apart
-- (jsonb did, on every write and every read). They are a cache: the old ones are dropped, and the
-- next read of each ledger takes its whole stream.
TRUNCATE ledger_snapshots;
ALTER TABLE ledger_snapshots ALTER COLUMN state TYPE json;

-- Down Migration
TRUNCATE ledger_snapshots;
ALTER TABLE ledger_snapshots ALTER COLUMN state TYPE jsonb;
