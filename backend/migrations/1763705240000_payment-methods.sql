-- Up Migration
-- An affiliate's payment method (one row per affiliate), set by the back office. Its details are
-- personal and must stay erasable, so they never enter the event log: the user's stream records
-- PaymentMethodChanged { type } with the id kept here in recorded_event_id (what a payout snapshots),
-- and PaymentMethodRemoved when the row is deleted.
CREATE TABLE payment_methods (
  user_id           uuid PRIMARY KEY,
  type              text NOT NULL CHECK (type IN ('crypto', 'bank')),
  crypto_name       text,
  crypto_address    text,
  company_name      text,
  siret             text,
  iban              text,
  address           text,
  country           text,
  recorded_event_id uuid NOT NULL,
  updated_at        timestamptz NOT NULL
);

-- Down Migration
DROP TABLE payment_methods;
