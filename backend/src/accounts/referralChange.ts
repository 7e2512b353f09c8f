import type pg from 'pg';
import { holdingLock } from '../db/transaction';
import { badRequest } from '../http/errors';
import { isReferredBy } from './users/queries';

export const REFERRAL_LOOP = "Un utilisateur ne peut pas être parrainé par l'un de ses filleuls";

/**
 * Runs `change` (naming `referredBy` the referrer of the affiliate `uniqueId`) once that referrer is
 * known not to be one of its referrals down any chain, whichever screen changes it (the user's
 * settings, or the application of an account already opened). One referral change at a time,
 * network-wide: two affiliates naming each other at once cannot both pass the check.
 */
export function changingReferrer<T>(pool: pg.Pool, referredBy: number | null, uniqueId: number | null, change: () => Promise<T>): Promise<T> {
  return holdingLock(pool, 'referrals', async () => {
    if (referredBy !== null && uniqueId !== null && (await isReferredBy(pool, referredBy, uniqueId))) {
      throw badRequest(REFERRAL_LOOP, [{ field: 'referred_by', msg: REFERRAL_LOOP }]);
    }
    return change();
  });
}
