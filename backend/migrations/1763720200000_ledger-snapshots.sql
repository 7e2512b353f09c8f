-- Up Migration
-- Snapshots of affiliates' ledgers (backend/src/payouts/ledgerSnapshots.ts), taken when a payout
-- settles items: the state at a revision with the paid items summarised, so the next run reads the
-- snapshot and the events after it instead of a year of events. A cache of the events' fold: it can
-- be emptied at any time (the next read takes the whole stream).
CREATE TABLE ledger_snapshots (
  user_id  uuid PRIMARY KEY,
  revision integer NOT NULL,
  position text    NOT NULL,
  state    jsonb   NOT NULL
);

-- Down Migration
DROP TABLE ledger_snapshots;
