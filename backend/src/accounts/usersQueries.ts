import type pg from 'pg';
import type { ApiUser } from './apiUser';

export type { ApiUser };

const USER_COLUMNS = `u.id, u.unique_id, u.role, u.first_name, u.last_name, u.username, u.email, u.email_verified,
  u.contact_method, u.country, u.is_frozen, u.payment_type, u.variant_id, u.manager_id, u.referred_by,
  u.referral_commission_rate::float8 AS referral_commission_rate, u.created_at, u.last_connection`;

export type Principal = ApiUser & { token_version: number; password_hash: string };

/** The signed-in user with what authentication checks: one indexed query per request. */
export async function findPrincipalById(pool: pg.Pool, id: string): Promise<Principal | null> {
  const { rows } = await pool.query<Principal>({
    name: 'users.principalById',
    text: `SELECT ${USER_COLUMNS}, c.token_version, c.password_hash
             FROM rm_users u JOIN credentials c ON c.principal_id = u.id WHERE u.id = $1`,
    values: [id],
  });
  return rows[0] ?? null;
}

export async function findPrincipalByEmail(pool: pg.Pool, email: string): Promise<Principal | null> {
  const { rows } = await pool.query<Principal>(
    `SELECT ${USER_COLUMNS}, c.token_version, c.password_hash
       FROM rm_users u JOIN credentials c ON c.principal_id = u.id WHERE lower(u.email) = lower($1)`,
    [email],
  );
  return rows[0] ?? null;
}

export async function findAffiliateByUniqueId(pool: pg.Pool, uniqueId: number): Promise<ApiUser | null> {
  const { rows } = await pool.query<ApiUser>(`SELECT ${USER_COLUMNS} FROM rm_users u WHERE u.unique_id = $1 AND u.role = 'affiliate'`, [uniqueId]);
  return rows[0] ?? null;
}

export function toApiUser(principal: Principal): ApiUser {
  const { token_version: _tv, password_hash: _hash, ...user } = principal;
  return user;
}
