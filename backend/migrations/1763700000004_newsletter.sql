-- Up Migration
-- Read model: newsletter subscribers (written by projections/src/contactMessages).
CREATE TABLE rm_newsletter_subscribers (
  id            uuid PRIMARY KEY,
  email         text NOT NULL UNIQUE,
  subscribed_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE rm_newsletter_subscribers;
