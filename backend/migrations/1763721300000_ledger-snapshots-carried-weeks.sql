-- Up Migration
-- A carry-over now marks as carried only the items of its week and before (payouts/ledger.ts): snapshots
-- folded by the earlier rule may hold a later week's item as carried. They are a cache: dropped, the next
-- read of each ledger takes its whole stream.
TRUNCATE ledger_snapshots;

-- Down Migration
TRUNCATE ledger_snapshots;
