import { checkReferralCode } from '@affilux/contract';

/** The referral code from a `?ref=` link, kept in the `referralCode` cookie for 24 hours, site-wide (spec section 4). */
const COOKIE_NAME = 'referralCode';
const LIFETIME_SECONDS = 24 * 60 * 60;

export function saveReferralCode(ref: string): void {
  document.cookie = `${COOKIE_NAME}=${encodeURIComponent(ref)}; max-age=${LIFETIME_SECONDS}; path=/; SameSite=Lax`;
}

/**
 * The stored code as the integer sent in `referred_by`, or undefined when absent or not an
 * affiliate id: a mistyped link must not stand in the way of an application.
 */
export function readReferralCode(): number | undefined {
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith(`${COOKIE_NAME}=`));
  if (!entry) return undefined;
  const value = decodeURIComponent(entry.slice(COOKIE_NAME.length + 1)).trim();
  const check = checkReferralCode(value);
  return check.ok && check.value !== null ? check.value : undefined;
}
