-- Up Migration
-- The credit notes cancelling failed payouts' invoices: their own gapless sequence (AV-0001...),
-- one number per failed payout once invoiced, given in log order in the credit-note reactor's own
-- transaction (a retry gives the same number), with the rendered PDF and its hash.
CREATE TABLE payout_credit_notes (
  payout_id  uuid PRIMARY KEY,
  number     integer NOT NULL UNIQUE,
  sha256     text    NOT NULL,
  pdf        bytea   NOT NULL
);

-- Down Migration
DROP TABLE payout_credit_notes;
