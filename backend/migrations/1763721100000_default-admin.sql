-- Up Migration
-- The default administrator is made once per installation: a later start with another ADMIN_EMAIL
-- must not make a second one (and print its password). An installation made before this table
-- names its first administrator account, when the log is in this database.
CREATE TABLE default_admin (
  singleton    boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  principal_id uuid        NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
INSERT INTO default_admin (principal_id)
SELECT substring(stream_id FROM 6)::uuid FROM events WHERE type = 'AdminAccountCreated' AND stream_id LIKE 'user-%' ORDER BY global_position LIMIT 1;

-- Down Migration
DROP TABLE default_admin;
