-- Up Migration
-- Hits per client address and rate limit in the current window (backend/src/http/rateLimitStore.ts),
-- shared by every server process on this database. UNLOGGED: counters need no WAL, and losing
-- them in a crash only gives every client a fresh window.
CREATE UNLOGGED TABLE rate_limit_hits (
  key      text        PRIMARY KEY,
  hits     integer     NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_hits_reset_at ON rate_limit_hits (reset_at);

-- Down Migration
DROP TABLE rate_limit_hits;
