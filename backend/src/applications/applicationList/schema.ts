import type { ApplicationView } from '@affilux/contract';
import type { TableDefinition } from '../../processing/processor';

/** rm_applications: the Applications screen of the back office. */
export const applicationsTable: TableDefinition = {
  name: 'rm_applications',
  ddl: `CREATE TABLE rm_applications (
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
  )`,
  indexes: [
    'CREATE INDEX IF NOT EXISTS rm_applications_status ON rm_applications (status, created_at DESC)',
  ],
};

export type ApplicationRow = Omit<ApplicationView, 'referrer_name' | 'referrer_unique_id' | 'unique_id'> & { affiliate_niches: string[] };
