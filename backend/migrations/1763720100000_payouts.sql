-- Up Migration
-- Payouts (backend/src/payouts): what a payout was paid to, as it was when the payout was issued
-- (the affiliate's name and payment method details: personal and erasable, so never in the event
-- log; the PayoutIssued event names the PaymentMethodChanged event these details came from).
CREATE TABLE payout_payment_methods (
  payout_id         uuid PRIMARY KEY,
  user_id           uuid        NOT NULL,
  unique_id         integer     NOT NULL,
  first_name        text        NOT NULL,
  last_name         text        NOT NULL,
  type              text        NOT NULL CHECK (type IN ('crypto', 'bank')),
  crypto_name       text,
  crypto_address    text,
  company_name      text,
  siret             text,
  iban              text,
  address           text,
  country           text,
  recorded_event_id uuid        NOT NULL,
  taken_at          timestamptz NOT NULL
);

-- The invoice reactor's gapless sequence: one number per PayoutIssued, in log order, given in the
-- reactor's own transaction (a retry gives the same number), with the rendered PDF and its hash.
CREATE TABLE payout_invoices (
  payout_id  uuid PRIMARY KEY,
  number     integer NOT NULL UNIQUE,
  sha256     text    NOT NULL,
  pdf        bytea   NOT NULL
);

-- Down Migration
DROP TABLE payout_invoices;
DROP TABLE payout_payment_methods;
