-- Up Migration
-- Personal data (names, email addresses, contact details, what a person wrote) is kept out of the
-- immutable event log: each event's personal fields live here, under the event's id, and are put
-- back when the event is read (backend/src/eventstore/personalData.ts).
CREATE TABLE personal_data (
  event_id    uuid        PRIMARY KEY,
  stream_id   text        NOT NULL,
  data        jsonb       NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX personal_data_stream ON personal_data (stream_id);

-- Events recorded before this migration in the events table: their personal fields move here and
-- leave the log (the lists are the features' personalFields as of this migration).
CREATE TEMP TABLE personal_fields (type text PRIMARY KEY, names text[] NOT NULL);
INSERT INTO personal_fields VALUES
  ('ApplicationSubmitted', ARRAY['first_name', 'last_name', 'username', 'email', 'contact_method', 'experience_description']),
  ('AdminAccountCreated', ARRAY['email', 'first_name', 'last_name']),
  ('AuditorAccountCreated', ARRAY['email', 'first_name', 'last_name']),
  ('AffiliateAccountOpened', ARRAY['email', 'first_name', 'last_name', 'username', 'contact_method']),
  ('ProfileUpdated', ARRAY['first_name', 'last_name', 'username', 'contact_method']),
  ('EmailChanged', ARRAY['email', 'previous_email']),
  ('EmailVerified', ARRAY['email']),
  ('ManagerCreated', ARRAY['nom', 'telegram', 'mail']),
  ('ManagerUpdated', ARRAY['nom', 'telegram', 'mail']),
  ('ContactMessageSubmitted', ARRAY['name', 'email', 'subject', 'message']),
  ('NewsletterSubscribed', ARRAY['email']);
INSERT INTO personal_data (event_id, stream_id, data, recorded_at)
SELECT e.event_id, e.stream_id, (SELECT jsonb_object_agg(name, e.data -> name) FROM unnest(f.names) AS name WHERE e.data ? name), e.recorded_at
  FROM events e JOIN personal_fields f USING (type)
 WHERE e.data ?| f.names;
UPDATE events e SET data = e.data - f.names FROM personal_fields f WHERE e.type = f.type AND e.data ?| f.names;
DROP TABLE personal_fields;

-- Down Migration
UPDATE events e SET data = e.data || p.data FROM personal_data p WHERE p.event_id = e.event_id;
DROP TABLE personal_data;
