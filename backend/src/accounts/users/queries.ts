import { tenthsToPercent, type ApiUser } from '@affilux/contract';
import type pg from 'pg';
import type { UserRow } from './schema';

const USER_COLUMNS = `u.id, u.unique_id, u.role, u.first_name, u.last_name, u.username, u.email, u.email_verified,
  u.contact_method, u.country, u.is_frozen, u.payment_type, u.variant_id, u.manager_id, u.referred_by,
  u.referral_commission_tenths, u.created_at, u.last_connection`;

/** A user as the API shows it: the commission rate in percent with one decimal. */
export function toApiUser({ referral_commission_tenths, ...row }: UserRow): ApiUser {
  return { ...row, referral_commission_rate: tenthsToPercent(referral_commission_tenths) };
}

/** A user with what authentication checks. */
export type Principal = { user: ApiUser; tokenVersion: number; passwordHash: string };

type PrincipalRow = UserRow & { token_version: number; password_hash: string };
const toPrincipal = ({ token_version, password_hash, ...row }: PrincipalRow): Principal => ({
  user: toApiUser(row),
  tokenVersion: token_version,
  passwordHash: password_hash,
});

/** The signed-in user: one indexed query per authenticated request. */
export async function findPrincipalById(pool: pg.Pool, id: string): Promise<Principal | null> {
  const { rows } = await pool.query<PrincipalRow>({
    name: 'users.principalById',
    text: `SELECT ${USER_COLUMNS}, c.token_version, c.password_hash
             FROM rm_users u JOIN credentials c ON c.principal_id = u.id WHERE u.id = $1`,
    values: [id],
  });
  return rows[0] ? toPrincipal(rows[0]) : null;
}

export async function findPrincipalByEmail(pool: pg.Pool, email: string): Promise<Principal | null> {
  const { rows } = await pool.query<PrincipalRow>(
    `SELECT ${USER_COLUMNS}, c.token_version, c.password_hash
       FROM rm_users u JOIN credentials c ON c.principal_id = u.id WHERE lower(u.email) = lower($1)`,
    [email],
  );
  return rows[0] ? toPrincipal(rows[0]) : null;
}

export async function findUser(pool: pg.Pool, id: string): Promise<ApiUser | null> {
  const { rows } = await pool.query<UserRow>(`SELECT ${USER_COLUMNS} FROM rm_users u WHERE u.id = $1`, [id]);
  return rows[0] ? toApiUser(rows[0]) : null;
}

export async function findAffiliateByUniqueId(pool: pg.Pool, uniqueId: number): Promise<ApiUser | null> {
  const { rows } = await pool.query<UserRow>(`SELECT ${USER_COLUMNS} FROM rm_users u WHERE u.unique_id = $1 AND u.role = 'affiliate'`, [uniqueId]);
  return rows[0] ? toApiUser(rows[0]) : null;
}

/** The affiliates among `uniqueIds` (e.g. the list of a private offer), with their names. */
export async function affiliatesByUniqueIds(pool: pg.Pool, uniqueIds: readonly number[]): Promise<{ unique_id: number; first_name: string; last_name: string }[]> {
  if (!uniqueIds.length) return [];
  const { rows } = await pool.query<{ unique_id: number; first_name: string; last_name: string }>(
    `SELECT unique_id, first_name, last_name FROM rm_users WHERE role = 'affiliate' AND unique_id = ANY($1::int[])`,
    [uniqueIds],
  );
  return rows;
}

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** How many affiliates have each of these managers or variants (an id missing from the map has none). */
export async function affiliateCounts(db: Queryable, by: 'manager_id' | 'variant_id', ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const column = by === 'manager_id' ? 'manager_id' : 'variant_id';
  const { rows } = await db.query<{ id: string; n: number }>(
    `SELECT ${column} AS id, count(*)::int AS n FROM rm_users WHERE role = 'affiliate' AND ${column} = ANY($1::uuid[]) GROUP BY ${column}`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The ids of the affiliates whose manager is `managerId`. */
export async function affiliatesOfManager(db: Queryable, managerId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>("SELECT id FROM rm_users WHERE role = 'affiliate' AND manager_id = $1 ORDER BY id", [managerId]);
  return rows.map((r) => r.id);
}
