-- Up Migration
-- Command-side tables of offers: uploaded images (metadata; the bytes live under DATA_DIR/uploads),
-- the offers' postback secrets (never in events), and the offers' 5-digit ids.

CREATE TABLE uploads (
  name         text PRIMARY KEY,
  -- 'brand_image' or 'template_image'
  purpose      text    NOT NULL,
  content_type text    NOT NULL,
  bytes        integer NOT NULL,
  width        integer NOT NULL,
  height       integer NOT NULL,
  sha256       text    NOT NULL,
  uploaded_by  text    NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- The secret a brand's server-to-server postbacks carry (one per offer; rotated by an admin).
CREATE TABLE offer_postback_keys (
  offer_id   uuid PRIMARY KEY,
  key        text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Offer ids, shown padded to 5 digits; taken only once an offer is valid.
CREATE SEQUENCE offer_unique_id_seq START 1 MAXVALUE 99999;

-- Down Migration
DROP SEQUENCE offer_unique_id_seq;
DROP TABLE offer_postback_keys;
DROP TABLE uploads;
