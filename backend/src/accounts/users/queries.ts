import { tenthsToPercent, type ApiUser, type ReferralInfo } from '@affilux/contract';
import type pg from 'pg';
import { containsFolded } from '../../db/textSearch';
import type { ApiUserRow } from './schema';

const USER_COLUMNS = `u.id, u.unique_id, u.role, u.first_name, u.last_name, u.username, u.email, u.email_verified,
  u.contact_method, u.country, u.is_frozen, u.payment_type, u.variant_id, u.manager_id, u.referred_by,
  u.referral_commission_tenths, u.created_at, u.last_connection`;

/** A user as the API shows it: the commission rate in percent with one decimal. */
export function toApiUser({ referral_commission_tenths, ...row }: ApiUserRow): ApiUser {
  return { ...row, referral_commission_rate: tenthsToPercent(referral_commission_tenths) };
}

/** A user with what authentication checks. */
export type Principal = { user: ApiUser; tokenVersion: number; passwordHash: string };

type PrincipalRow = ApiUserRow & { token_version: number; password_hash: string };
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
  const { rows } = await pool.query<ApiUserRow>(`SELECT ${USER_COLUMNS} FROM rm_users u WHERE u.id = $1`, [id]);
  return rows[0] ? toApiUser(rows[0]) : null;
}

export async function findAffiliateByUniqueId(pool: pg.Pool, uniqueId: number): Promise<ApiUser | null> {
  const { rows } = await pool.query<ApiUserRow>(`SELECT ${USER_COLUMNS} FROM rm_users u WHERE u.unique_id = $1 AND u.role = 'affiliate'`, [uniqueId]);
  return rows[0] ? toApiUser(rows[0]) : null;
}

/** Results of the back office's user search, at most this many (the newest first). */
export const USER_SEARCH_LIMIT = 50;

/**
 * The affiliates whose name, email, username or affiliate id (typed with or without its leading
 * zeros) contains the query, accents aside; an id or username may be typed as the back office shows
 * it (#00042, @name). The newest affiliates when the query is empty.
 */
export async function searchAffiliates(pool: pg.Pool, query: string): Promise<ApiUser[]> {
  const text = query.trim().replace(/^[#@]/, '');
  const { rows } = await pool.query<ApiUserRow>(
    `SELECT ${USER_COLUMNS} FROM rm_users u
      WHERE u.role = 'affiliate' AND ($1 = '' OR ${containsFolded("u.first_name || ' ' || u.last_name", '$1')} OR ${containsFolded("u.last_name || ' ' || u.first_name", '$1')}
         OR strpos(lower(u.email), lower($1)) > 0 OR ${containsFolded("coalesce(u.username, '')", '$1')}
         OR ($2 AND strpos(lpad(u.unique_id::text, 5, '0'), $1) > 0))
      ORDER BY u.created_at DESC, u.id LIMIT ${USER_SEARCH_LIMIT}`,
    [text, /^\d{1,5}$/.test(text)],
  );
  return rows.map(toApiUser);
}

/** An affiliate (not an admin) by its user id, with when its password last changed. */
export async function findAffiliate(pool: pg.Pool, id: string): Promise<(ApiUser & { password_changed_at: string | null }) | null> {
  const { rows } = await pool.query<ApiUserRow & { password_changed_at: string | null }>(
    `SELECT ${USER_COLUMNS}, u.password_changed_at FROM rm_users u WHERE u.id = $1 AND u.role = 'affiliate'`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const { password_changed_at, ...user } = row;
  return { ...toApiUser(user), password_changed_at };
}

/** True when `referrer` is `user`'s referral, directly or down a chain: naming it `user`'s referrer would close a loop. */
export async function isReferredBy(pool: pg.Pool, referrer: number, user: number): Promise<boolean> {
  const { rows } = await pool.query<{ loop: boolean }>(
    `WITH RECURSIVE up (unique_id, referred_by) AS (
       SELECT unique_id, referred_by FROM rm_users WHERE unique_id = $1
       UNION SELECT u.unique_id, u.referred_by FROM rm_users u JOIN up ON u.unique_id = up.referred_by
     )
     SELECT EXISTS (SELECT 1 FROM up WHERE referred_by = $2) AS loop`,
    [referrer, user],
  );
  return rows[0]!.loop;
}

/** Who referred an affiliate and whom it referred (spec: Referral info). */
export async function referralInfo(pool: pg.Pool, user: Pick<ApiUser, 'unique_id' | 'referred_by'>): Promise<ReferralInfo> {
  const [referrer, referred] = await Promise.all([
    user.referred_by === null ? null : findAffiliateByUniqueId(pool, user.referred_by),
    user.unique_id === null
      ? { rows: [] }
      : pool.query<ReferralInfo['referredUsers'][number]>(
          `SELECT id, first_name || ' ' || last_name AS name, unique_id, created_at FROM rm_users
            WHERE referred_by = $1 AND role = 'affiliate' ORDER BY created_at, id`,
          [user.unique_id],
        ),
  ]);
  return {
    referrer: referrer && referrer.unique_id !== null ? { name: `${referrer.first_name} ${referrer.last_name}`, unique_id: referrer.unique_id } : null,
    referredUsers: referred.rows,
  };
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
