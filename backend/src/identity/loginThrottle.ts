import type pg from 'pg';
import { AppError } from '../http/errors';

const MAX_FAILURES = 5;
const WINDOW_MINUTES = 15;
const BLOCK_MINUTES = 15;

/**
 * Per-account brute-force protection: five failures within 15 minutes block sign-in for that email
 * for 15 minutes (429). Kept in PostgreSQL so every server process shares it.
 */
export function createLoginThrottle(pool: pg.Pool) {
  return {
    async assertAllowed(email: string, now: Date): Promise<void> {
      const { rows } = await pool.query<{ blocked_until: Date | null }>('SELECT blocked_until FROM login_throttle WHERE email = $1', [email]);
      const until = rows[0]?.blocked_until;
      if (until && until > now) {
        const minutes = Math.ceil((until.getTime() - now.getTime()) / 60_000);
        throw new AppError(429, `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`);
      }
    },
    async recordFailure(email: string, now: Date): Promise<void> {
      await pool.query(
        `INSERT INTO login_throttle (email, failures, first_failure) VALUES ($1, 1, $2)
         ON CONFLICT (email) DO UPDATE SET
           failures = CASE WHEN login_throttle.first_failure < $2 - make_interval(mins => $3) THEN 1 ELSE login_throttle.failures + 1 END,
           first_failure = CASE WHEN login_throttle.first_failure < $2 - make_interval(mins => $3) THEN $2 ELSE login_throttle.first_failure END,
           blocked_until = CASE WHEN login_throttle.first_failure >= $2 - make_interval(mins => $3) AND login_throttle.failures + 1 >= $4
                                THEN $2 + make_interval(mins => $5) ELSE NULL END`,
        [email, now, WINDOW_MINUTES, MAX_FAILURES, BLOCK_MINUTES],
      );
    },
    async reset(email: string): Promise<void> {
      await pool.query('DELETE FROM login_throttle WHERE email = $1', [email]);
    },
  };
}
