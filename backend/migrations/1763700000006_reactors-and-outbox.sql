-- Up Migration
-- One checkpoint table for every event processor: read-model projections and reactors.
ALTER TABLE projection_checkpoints RENAME TO processor_checkpoints;
ALTER TABLE processor_checkpoints ADD COLUMN kind text NOT NULL DEFAULT 'projection';

-- An application no longer reserves its email: the address is claimed when the account opens, so
-- an unproven application cannot hold an address against its owner.
DELETE FROM email_claims c WHERE NOT EXISTS (SELECT 1 FROM rm_users u WHERE u.id = c.principal_id);

-- Read models are owned by their projections now (each folder declares its table and creates it on
-- a rebuild): the tables the first migrations made are dropped with their checkpoints, and rebuilt
-- from the events at the next start.
DROP TABLE rm_users, rm_applications, rm_contact_messages, rm_managers, rm_payment_variants, rm_newsletter_subscribers;
DELETE FROM processor_checkpoints;

-- Mails waiting to be sent, and the keys of those already sent (a reactor that runs again after a
-- crash finds its key and mails nothing twice). Content is wiped once sent.
CREATE TABLE mail_outbox (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key        text UNIQUE,
  recipient  text NOT NULL,
  subject    text NOT NULL,
  text       text NOT NULL,
  html       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  queued_at  timestamptz NOT NULL DEFAULT now(),
  sent_at    timestamptz,
  failed_at  timestamptz
);
CREATE INDEX mail_outbox_unsent ON mail_outbox (queued_at) WHERE sent_at IS NULL AND failed_at IS NULL;

-- Sign-in throttling per (account, client address) and per client address (identity/loginThrottle.ts).
DROP TABLE login_throttle;
CREATE TABLE login_attempts (
  scope         text        NOT NULL,
  email         text        NOT NULL,
  address       text        NOT NULL,
  failures      integer     NOT NULL,
  last_failure  timestamptz NOT NULL,
  blocked_until timestamptz,
  PRIMARY KEY (scope, email, address)
);
CREATE INDEX login_attempts_email ON login_attempts (email) WHERE scope = 'pair';


-- Down Migration
DROP TABLE login_attempts;
CREATE TABLE login_throttle (email text PRIMARY KEY, failures integer NOT NULL, first_failure timestamptz NOT NULL, blocked_until timestamptz);
DROP TABLE mail_outbox;
ALTER TABLE processor_checkpoints DROP COLUMN kind;
ALTER TABLE processor_checkpoints RENAME TO projection_checkpoints;
