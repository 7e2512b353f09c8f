-- Up Migration
-- How many codes an account was sent for one purpose since the first of the last 24 hours: capped, so
-- that asking for a new code after five wrong guesses cannot go on for ever.
ALTER TABLE email_codes
  ADD COLUMN codes_sent    integer     NOT NULL DEFAULT 1,
  ADD COLUMN first_sent_at timestamptz NOT NULL DEFAULT now();
UPDATE email_codes SET first_sent_at = created_at;

-- Down Migration
ALTER TABLE email_codes DROP COLUMN codes_sent, DROP COLUMN first_sent_at;
