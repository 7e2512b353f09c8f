-- Up Migration
-- Readers of the log do not wait for transactions marked as never appending (a processor's step,
-- application_name 'affilux-no-appends', see declareNoAppends in postgresEventStore.ts). An event
-- inserted by such a transaction could be passed by every reader and never delivered: refused.
CREATE FUNCTION events_refuse_unannounced_appends() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('application_name') = 'affilux-no-appends' THEN
    RAISE EXCEPTION 'a transaction marked as never appending (a processor''s step) may not append events: append through the event store';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER events_no_appends_guard BEFORE INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION events_refuse_unannounced_appends();

-- Down Migration
DROP TRIGGER events_no_appends_guard ON events;
DROP FUNCTION events_refuse_unannounced_appends();
