import type pg from 'pg';
import { dayOf, type Day } from '../time/calendar';
import type { AffiliateRef, Lookups, OfferRef } from './rawStats';

/**
 * Everything an import checks its rows against, loaded once per import (a few thousand affiliates
 * and offers, whatever the file's size): affiliates by 5-digit id with the day their account
 * opened, offers by 5-digit id with how they take figures and whom they are reserved for, and the
 * offers the sender may send figures for.
 */
export async function loadLookups(pool: pg.Pool, today: Day, scope: readonly string[] | null = null): Promise<Lookups> {
  const [{ rows: affiliates }, { rows: offers }] = await Promise.all([
    pool.query<{ user_id: string; unique_id: number; created_at: Date }>("SELECT id AS user_id, unique_id, created_at FROM rm_users WHERE role = 'affiliate' AND unique_id IS NOT NULL"),
    pool.query<OfferRef>('SELECT id::text AS offer_id, unique_id, intake, is_private, private_affiliate_ids FROM rm_offers'),
  ]);
  const byId = new Map<number, AffiliateRef>(affiliates.map((a) => [a.unique_id, { user_id: a.user_id, unique_id: a.unique_id, opened_day: dayOf(a.created_at) }]));
  const offerById = new Map(offers.map((o) => [o.unique_id, o]));
  return { affiliate: (id) => byId.get(id), offer: (id) => offerById.get(id), today, scope: scope && new Set(scope) };
}
