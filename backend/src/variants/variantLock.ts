import type pg from 'pg';
import { holdingLock } from '../db/transaction';

/**
 * Deleting a variant and giving it to an affiliate (payment settings, an approval) take turns on the
 * variant, each checking the read models only once the other is done and shown there: a variant is
 * never deleted while an affiliate is being given it. Without a variant, `work` just runs.
 */
export const withVariantLocked = <T>(pool: pg.Pool, variantId: string | null | undefined, work: () => Promise<T>): Promise<T> =>
  variantId ? holdingLock(pool, `variant:${variantId}`, work) : work();
