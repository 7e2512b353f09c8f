-- Up Migration
-- The offers a brand's API key may send figures for (money.md: a key per brand or offer). NULL: every
-- offer and figures without one, as the keys created before this could.
ALTER TABLE api_keys ADD COLUMN offer_ids uuid[];

-- Down Migration
ALTER TABLE api_keys DROP COLUMN offer_ids;
