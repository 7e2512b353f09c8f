-- Up Migration
-- The log's data and metadata are kept as json, not jsonb: events are written whole and read whole
-- (postgresEventStore.ts), so PostgreSQL has no reason to take each one apart on the way in and
-- rebuild its text on the way out, which jsonb did for every event, chunks of imported figures and
-- payouts with a year of lines included. `->>` still reads a field where a query needs one.
ALTER TABLE events ALTER COLUMN data TYPE json, ALTER COLUMN metadata TYPE json;

-- Down Migration
ALTER TABLE events ALTER COLUMN data TYPE jsonb, ALTER COLUMN metadata TYPE jsonb;
