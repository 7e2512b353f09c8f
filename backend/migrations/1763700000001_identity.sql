-- Up Migration
-- Command-side tables that must never enter the event log: secrets and uniqueness claims.

-- One row per principal (an application's applicant, later the account with the same id).
CREATE TABLE credentials (
  principal_id  uuid PRIMARY KEY,
  password_hash text    NOT NULL,
  -- Bumped on every password change; tokens carry the version they were issued under.
  token_version integer NOT NULL DEFAULT 1,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- An email belongs to one application or account at a time (reservation pattern).
CREATE TABLE email_claims (
  email        text PRIMARY KEY,
  principal_id uuid NOT NULL,
  claimed_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_claims_principal ON email_claims (principal_id);

CREATE TABLE login_throttle (
  email         text PRIMARY KEY,
  failures      integer NOT NULL,
  first_failure timestamptz NOT NULL,
  blocked_until timestamptz
);

CREATE TABLE password_reset_tokens (
  token_hash   text PRIMARY KEY,
  principal_id uuid NOT NULL,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_tokens_principal ON password_reset_tokens (principal_id, created_at);

-- purpose: 'verify_email' (the account's address) or 'change_email' (code sent to new_email).
CREATE TABLE email_codes (
  principal_id uuid NOT NULL,
  purpose      text NOT NULL,
  code_hash    text NOT NULL,
  new_email    text,
  attempts     integer NOT NULL DEFAULT 0,
  expires_at   timestamptz NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (principal_id, purpose)
);

-- Affiliate ids shown padded to 5 digits; the number itself is recorded in AccountOpened.
CREATE SEQUENCE affiliate_unique_id_seq START 10001;

-- Down Migration
DROP SEQUENCE affiliate_unique_id_seq;
DROP TABLE email_codes;
DROP TABLE password_reset_tokens;
DROP TABLE login_throttle;
DROP TABLE email_claims;
DROP TABLE credentials;
