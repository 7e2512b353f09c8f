-- Up Migration
-- Newsletter double opt-in: one pending confirmation link per address (only the token's hash).
CREATE TABLE newsletter_confirmations (
  email      text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE newsletter_confirmations;
