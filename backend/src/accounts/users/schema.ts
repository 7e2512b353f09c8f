import type { PaymentType, Role } from '@affilux/contract';
import type { TableDefinition } from '../../processing/processor';

/** rm_users: one row per account, as GET /auth/me, authentication and the back office read it. */
export const usersTable: TableDefinition = {
  name: 'rm_users',
  ddl: `CREATE TABLE rm_users (
    id                         uuid PRIMARY KEY,
    unique_id                  integer UNIQUE,
    role                       text    NOT NULL,
    first_name                 text    NOT NULL,
    last_name                  text    NOT NULL,
    username                   text,
    email                      text    NOT NULL,
    email_verified             boolean NOT NULL DEFAULT false,
    contact_method             text,
    country                    text,
    is_frozen                  boolean NOT NULL DEFAULT false,
    payment_type               text    NOT NULL DEFAULT 'ppt',
    variant_id                 uuid,
    manager_id                 uuid,
    referred_by                integer,
    referral_commission_tenths integer NOT NULL DEFAULT 0,
    created_at                 timestamptz NOT NULL,
    last_connection            timestamptz,
    password_changed_at        timestamptz
  )`,
  indexes: [
    'CREATE INDEX IF NOT EXISTS rm_users_email ON rm_users (lower(email))',
    'CREATE INDEX IF NOT EXISTS rm_users_referred_by ON rm_users (referred_by) WHERE referred_by IS NOT NULL',
    'CREATE INDEX IF NOT EXISTS rm_users_manager ON rm_users (manager_id) WHERE manager_id IS NOT NULL',
  ],
};

export type UserRow = {
  id: string;
  unique_id: number | null;
  role: Role;
  first_name: string;
  last_name: string;
  username: string | null;
  email: string;
  email_verified: boolean;
  contact_method: string | null;
  country: string | null;
  is_frozen: boolean;
  payment_type: PaymentType;
  variant_id: string | null;
  manager_id: string | null;
  referred_by: number | null;
  referral_commission_tenths: number;
  created_at: string;
  last_connection: string | null;
  /** The back office's security section; not part of the API user. */
  password_changed_at: string | null;
};

/** The columns every API user is made of. */
export type ApiUserRow = Omit<UserRow, 'password_changed_at'>;
