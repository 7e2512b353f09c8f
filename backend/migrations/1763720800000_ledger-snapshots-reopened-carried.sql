-- Up Migration
-- Items a failed payout reopens now count as carried in (backend/src/payouts/ledger.ts): the next
-- payout and its invoice show them in "Solde reporté". Snapshots folded before say otherwise; they
-- are a cache, so they are dropped and the next read of each ledger takes its whole stream.
TRUNCATE ledger_snapshots;

-- Down Migration
TRUNCATE ledger_snapshots;
