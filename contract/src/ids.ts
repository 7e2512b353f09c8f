/** Affiliate ids (and the referral codes and private-offer lists that name them) are shown on 5 digits. */
export const AFFILIATE_ID_DIGITS = 5;
/** Payment references are shown on 4 digits. */
export const PAYMENT_REFERENCE_DIGITS = 4;

/** The ids an affiliate may have: 5 digits, at least 10 (the referral-code rule of the back office). */
export const AFFILIATE_ID_RANGE = { min: 10, max: 99_999 } as const;

export const formatAffiliateId = (id: number): string => String(id).padStart(AFFILIATE_ID_DIGITS, '0');
export const formatPaymentReference = (reference: number): string => String(reference).padStart(PAYMENT_REFERENCE_DIGITS, '0');

export const REFERRAL_CODE_MESSAGES = {
  digits: 'Le code de parrainage doit contenir exactement 5 chiffres',
  minimum: 'Le code de parrainage doit être un nombre valide (minimum 10)',
  self: 'Un utilisateur ne peut pas se parrainer lui-même',
} as const;

export type ReferralCodeCheck = { ok: true; value: number | null } | { ok: false; error: keyof typeof REFERRAL_CODE_MESSAGES; message: string };

/** What an admin may type in a referral field: digits only, at most 5. */
export const sanitizeReferralInput = (raw: string): string => raw.replace(/\D/g, '').slice(0, AFFILIATE_ID_DIGITS);

/**
 * The referral-code rule, the one form of it: empty (or null) removes the referrer; a typed code has
 * exactly 5 digits; a number (as the API carries it) is an integer; either way at least 10.
 */
export function checkReferralCode(input: string | number | null | undefined): ReferralCodeCheck {
  if (input === null || input === undefined || input === '') return { ok: true, value: null };
  const fail = (error: keyof typeof REFERRAL_CODE_MESSAGES): ReferralCodeCheck => ({ ok: false, error, message: REFERRAL_CODE_MESSAGES[error] });
  let code: number;
  if (typeof input === 'number') {
    if (!Number.isInteger(input) || input < 0 || input > AFFILIATE_ID_RANGE.max) return fail('digits');
    code = input;
  } else {
    const text = input.trim();
    if (!/^\d{5}$/.test(text)) return fail('digits');
    code = Number(text);
  }
  if (code < AFFILIATE_ID_RANGE.min) return fail('minimum');
  return { ok: true, value: code };
}

/** The rule an affiliate id typed in a private offer's list breaks, if any: exactly 5 digits, then at least 10. */
export const affiliateIdTextError = (text: string): 'digits' | 'minimum' | null =>
  !/^\d{5}$/.test(text) ? 'digits' : Number(text) < AFFILIATE_ID_RANGE.min ? 'minimum' : null;
