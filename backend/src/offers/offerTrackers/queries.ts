import type { Trackers } from '@affilux/contract';
import type pg from 'pg';

/** An affiliate's trackers for an offer ('' when never set). */
export async function trackersOf(pool: pg.Pool, userId: string, offerId: string): Promise<Trackers> {
  const { rows } = await pool.query<Trackers>('SELECT tracker1, tracker2 FROM rm_offer_trackers WHERE user_id = $1 AND offer_id = $2', [userId, offerId]);
  return rows[0] ?? { tracker1: '', tracker2: '' };
}
