-- Up Migration
-- The event log (PostgreSQL adapter). Immutable: rows are only ever inserted.
CREATE TABLE events (
  global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id  xid8        NOT NULL DEFAULT pg_current_xact_id(),
  stream_id       text        NOT NULL,
  stream_revision integer     NOT NULL,
  event_id        uuid        NOT NULL UNIQUE,
  type            text        NOT NULL,
  data            jsonb       NOT NULL,
  metadata        jsonb       NOT NULL,
  recorded_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, stream_revision)
);
CREATE INDEX events_read_order ON events (transaction_id, global_position);

-- Where each projection has got to, written in the same transaction as its read-model rows.
CREATE TABLE projection_checkpoints (
  name            text    PRIMARY KEY,
  version         integer NOT NULL,
  position_commit bigint  NOT NULL,
  position_prepare bigint NOT NULL,
  updated_at      timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE projection_checkpoints;
DROP TABLE events;
