-- Up Migration
-- Figures coming in (backend/src/figures): an import's normalised rows while it is read and
-- checked (never in the event log until it is whole), and the brands' API keys (only a hash).
CREATE UNLOGGED TABLE import_days (
  import_id  uuid    NOT NULL,
  user_id    uuid    NOT NULL,
  day        date    NOT NULL,
  row_number integer NOT NULL,
  PRIMARY KEY (import_id, user_id, day)
);
CREATE UNLOGGED TABLE import_rows (
  import_id  uuid   NOT NULL,
  user_id    uuid   NOT NULL,
  day        date   NOT NULL,
  offer_id   text   NOT NULL,
  s1         text   NOT NULL,
  s2         text   NOT NULL,
  click      bigint NOT NULL,
  registered bigint NOT NULL,
  essay      bigint NOT NULL,
  bill       bigint NOT NULL,
  PRIMARY KEY (import_id, user_id, day, offer_id, s1, s2)
);

CREATE TABLE api_keys (
  id           uuid PRIMARY KEY,
  name         text        NOT NULL,
  prefix       text        NOT NULL,
  key_hash     text        NOT NULL UNIQUE,
  created_by   uuid        NOT NULL,
  created_at   timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at   timestamptz
);

-- The pricing reactor's note of the weeks an import touches, until the import is completed.
CREATE TABLE pricing_pending (
  import_id uuid NOT NULL,
  user_id   uuid NOT NULL,
  week      text NOT NULL,
  PRIMARY KEY (import_id, user_id, week)
);

-- Down Migration
DROP TABLE pricing_pending;
DROP TABLE api_keys;
DROP TABLE import_rows;
DROP TABLE import_days;
