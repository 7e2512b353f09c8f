/** The approve and referral dialogs' input rules (spec: admin-back-office.md, "Validation rules"). */

/** The referral input keeps digits only, at most 5. */
export const sanitizeReferralInput = (raw: string): string => raw.replace(/\D/g, '').slice(0, 5);

export type ReferralCodeCheck =
  | { ok: true; referredBy: number | null }
  | { ok: false; error: 'length_error' | 'minimum_error' };

/** Empty removes the referrer (null); otherwise exactly 5 digits, and a number of at least 10. */
export const checkReferralCode = (code: string): ReferralCodeCheck => {
  if (code === '') return { ok: true, referredBy: null };
  if (!/^\d{5}$/.test(code)) return { ok: false, error: 'length_error' };
  const referredBy = Number(code);
  if (referredBy < 10) return { ok: false, error: 'minimum_error' };
  return { ok: true, referredBy };
};

/** A rate between 0 and 100 (comma or dot decimals), kept to the API's one decimal; undefined when invalid. */
export const parseCommissionRate = (raw: string): number | undefined => {
  const text = raw.trim().replace(',', '.');
  if (text === '') return undefined;
  const rate = Number(text);
  if (!Number.isFinite(rate) || rate < 0 || rate > 100) return undefined;
  return Math.round(rate * 10) / 10;
};
