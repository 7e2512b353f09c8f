-- Up Migration
-- Mails received by the local mail catcher (used when no SMTP_URL is configured). Kept bounded by
-- the catcher itself: only the newest messages survive.
CREATE TABLE caught_mails (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  "from"      text        NOT NULL,
  -- Envelope recipients, lower-cased: they include Cc and Bcc, which the headers may not show.
  "to"        text[]      NOT NULL,
  subject     text        NOT NULL,
  text        text        NOT NULL,
  html        text,
  raw         bytea       NOT NULL
);
CREATE INDEX caught_mails_to ON caught_mails USING gin ("to");

-- Down Migration
DROP TABLE caught_mails;
