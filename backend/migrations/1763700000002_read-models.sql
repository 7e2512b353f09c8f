-- Up Migration
-- Read models: written only by the projections (projections/src), rebuilt by `npm run replay`.

CREATE TABLE rm_users (
  id                       uuid PRIMARY KEY,
  unique_id                integer UNIQUE,
  role                     text    NOT NULL,
  first_name               text    NOT NULL,
  last_name                text    NOT NULL,
  username                 text,
  email                    text    NOT NULL,
  email_verified           boolean NOT NULL DEFAULT false,
  contact_method           text,
  country                  text,
  is_frozen                boolean NOT NULL DEFAULT false,
  payment_type             text    NOT NULL DEFAULT 'ppt',
  variant_id               uuid,
  manager_id               uuid,
  referred_by              integer,
  referral_commission_rate numeric(4,1) NOT NULL DEFAULT 0,
  created_at               timestamptz NOT NULL,
  last_connection          timestamptz
);
CREATE INDEX rm_users_email ON rm_users (lower(email));

CREATE TABLE rm_applications (
  id                     uuid PRIMARY KEY,
  first_name             text  NOT NULL,
  last_name              text  NOT NULL,
  username               text  NOT NULL,
  email                  text  NOT NULL,
  country                text  NOT NULL,
  contact_method         text  NOT NULL,
  profile_type           text  NOT NULL,
  experience_description text  NOT NULL,
  traffic_sources        jsonb NOT NULL,
  affiliate_niches       jsonb NOT NULL,
  status                 text  NOT NULL,
  referred_by            integer,
  created_at             timestamptz NOT NULL,
  processed_at           timestamptz
);
CREATE INDEX rm_applications_status ON rm_applications (status, created_at DESC);

CREATE TABLE rm_contact_messages (
  id         uuid PRIMARY KEY,
  name       text NOT NULL,
  email      text NOT NULL,
  subject    text NOT NULL,
  message    text NOT NULL,
  status     text NOT NULL,
  created_at timestamptz NOT NULL
);

-- Managers and payment variants are written by the back-office catalogue; approval reads them.
CREATE TABLE rm_managers (
  id         uuid PRIMARY KEY,
  nom        text NOT NULL,
  telegram   text,
  mail       text,
  created_at timestamptz NOT NULL,
  deleted    boolean NOT NULL DEFAULT false
);

CREATE TABLE rm_payment_variants (
  id              uuid PRIMARY KEY,
  payment_type    text    NOT NULL,
  name            text    NOT NULL,
  base_amount_cents integer NOT NULL,
  is_evolutionary boolean NOT NULL,
  tiers           jsonb   NOT NULL,
  created_at      timestamptz NOT NULL,
  deleted         boolean NOT NULL DEFAULT false
);

-- Down Migration
DROP TABLE rm_payment_variants;
DROP TABLE rm_managers;
DROP TABLE rm_contact_messages;
DROP TABLE rm_applications;
DROP TABLE rm_users;
