import type pg from 'pg';
import { inTransaction } from '../db/transaction';
import { AppError } from '../http/errors';

/**
 * Brute-force protection after the OWASP authentication cheat sheet: slow down whoever is
 * guessing, not the account's owner.
 * - Per account AND client address: five failures, then a backoff of 30 s that doubles with each
 *   further failure (capped at an hour). The owner signing in from elsewhere is never blocked by a
 *   stranger's guesses.
 * - Per client address, whatever the account (credential stuffing): thirty failures, then the same
 *   backoff.
 * A failure is counted BEFORE the password is checked, in one statement per counter, so a burst of
 * parallel guesses is counted guess by guess instead of racing past the check; a success gives the
 * attempt back. Counters forget failures an hour old. Kept in PostgreSQL so every process shares them.
 */
const LIMITS = { pair: 5, address: 30 } as const;
const BASE_BACKOFF_SECONDS = 30;
const MAX_BACKOFF_SECONDS = 60 * 60;
const FORGET_AFTER_MINUTES = 60;

type Scope = keyof typeof LIMITS;

export type LoginAttempt = {
  /** The password was right: clear the account's counter for this address and give the address its attempt back. */
  succeeded(): Promise<void>;
};

export function createLoginThrottle(pool: pg.Pool) {
  const counters = (email: string, address: string): [Scope, string, string][] => [
    ['pair', email, address],
    ['address', '', address],
  ];

  return {
    /** Counts one attempt; 429 (nothing counted) while the account for this address, or the address, is in backoff. */
    async begin(email: string, address: string, now: Date): Promise<LoginAttempt> {
      const blockedUntil = await inTransaction(pool, async (tx) => {
        for (const [scope, key, from] of counters(email, address)) {
          const { rowCount } = await tx.query(COUNT_FAILURE, [scope, key, from, now, LIMITS[scope], BASE_BACKOFF_SECONDS, MAX_BACKOFF_SECONDS, FORGET_AFTER_MINUTES]);
          if (rowCount === 0) {
            const { rows } = await tx.query<{ blocked_until: Date }>(
              'SELECT blocked_until FROM login_attempts WHERE scope = $1 AND email = $2 AND address = $3',
              [scope, key, from],
            );
            throw new Blocked(rows[0]!.blocked_until);
          }
        }
        return null;
      }).catch((error) => {
        if (error instanceof Blocked) return error.until;
        throw error;
      });
      if (blockedUntil) {
        const seconds = Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000));
        const minutes = Math.ceil(seconds / 60);
        const wait = seconds < 60 ? `${seconds} second${seconds > 1 ? 's' : ''}` : `${minutes} minute${minutes > 1 ? 's' : ''}`;
        throw new AppError(429, `Too many failed sign-in attempts. Try again in ${wait}.`, {
          code: 'too_many_attempts',
          retry_after_seconds: seconds,
        });
      }
      return {
        async succeeded() {
          await pool.query(`DELETE FROM login_attempts WHERE scope = 'pair' AND email = $1 AND address = $2`, [email, address]);
          await pool.query(`UPDATE login_attempts SET failures = greatest(failures - 1, 0) WHERE scope = 'address' AND email = '' AND address = $1`, [address]);
        },
      };
    },

    /** A password reset proves ownership: the account's counters are cleared, from every address. */
    async clearAccount(email: string): Promise<void> {
      await pool.query(`DELETE FROM login_attempts WHERE scope = 'pair' AND email = $1`, [email]);
    },
  };
}

/**
 * Adds a failure unless the counter is in backoff (then no row is returned). Failures older than
 * the forgetting window start a new count; reaching the limit starts a backoff that doubles with
 * every failure past it.
 */
const COUNT_FAILURE = `
  INSERT INTO login_attempts AS a (scope, email, address, failures, last_failure, blocked_until)
  VALUES ($1, $2, $3, 1, $4, NULL)
  ON CONFLICT (scope, email, address) DO UPDATE SET
    failures = CASE WHEN a.last_failure < $4::timestamptz - make_interval(mins => $8) THEN 1 ELSE a.failures + 1 END,
    last_failure = $4,
    blocked_until = CASE
      WHEN a.last_failure >= $4::timestamptz - make_interval(mins => $8) AND a.failures + 1 >= $5
      THEN $4::timestamptz + make_interval(secs => least($7, $6 * power(2, a.failures + 1 - $5)))
      ELSE NULL END
  WHERE a.blocked_until IS NULL OR a.blocked_until <= $4`;

class Blocked extends Error {
  constructor(readonly until: Date) {
    super('blocked');
  }
}
