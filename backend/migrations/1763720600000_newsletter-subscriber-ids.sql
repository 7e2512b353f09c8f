-- Up Migration
-- Which subscriber an address is, and so which `newsletter-subscriber-<id>` stream it goes on. The id
-- used to be a name-based UUID of the address, which anyone can recompute from a guessed address:
-- the log's stream ids told who had subscribed, and would have gone on telling it once the address
-- itself was erased from personal_data. New ids are random and only this table, outside the log,
-- links them to an address; its primary key settles two confirmations of one address at once.
CREATE TABLE newsletter_subscriber_ids (
  email         text PRIMARY KEY,
  subscriber_id uuid NOT NULL UNIQUE
);
-- Addresses already subscribed keep their stream, found under the stream their address was recorded with.
INSERT INTO newsletter_subscriber_ids (email, subscriber_id)
SELECT DISTINCT ON (data ->> 'email') data ->> 'email', substring(stream_id FROM length('newsletter-subscriber-') + 1)::uuid
  FROM personal_data
 WHERE stream_id LIKE 'newsletter-subscriber-%' AND data ? 'email'
 ORDER BY data ->> 'email', recorded_at
ON CONFLICT DO NOTHING;

-- Down Migration
DROP TABLE newsletter_subscriber_ids;
