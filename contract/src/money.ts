/**
 * Money is integer cents everywhere; it crosses the API as a decimal string ('20.00') where the
 * spec says strings. Percentages (referral commission) are integer tenths of a percent.
 */

/** Payouts are made from 500.00 EUR; smaller balances carry over. */
export const MINIMUM_PAYOUT_CENTS = 50_000;

/**
 * A French number as the screens show it: Intl groups thousands with a narrow no-break space
 * (U+202F), which some fonts draw so thin that "1 844" reads "1844"; a plain no-break space does not.
 */
export const withVisibleGrouping = (text: string): string => text.replace(/\u202f/g, '\u00a0');

/** 1234 -> '12.34', -5 -> '-0.05'. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '20', '20.5', '20.50', '20,50' -> cents; null for anything else (more than two decimals, not a number, too large). */
export function decimalToCents(text: string): number | null {
  const match = /^(-)?(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/**
 * An amount as a person types it, in cents: a comma or a point, a sign (a plus too), spaces of any
 * kind between thousands only ('1 000,50', as the app shows amounts; '5 0' is a typo, not 50); null
 * for anything else.
 */
export function typedAmountCents(value: string | number): number | null {
  const typed = String(value).trim().replace(/^([+-])\s+/, '$1');
  if (/\s/.test(typed) && !/^[+-]?\d{1,3}(\s\d{3})+([.,]\d*)?$/.test(typed)) return null;
  const text = typed.replace(/\s/g, '');
  // One sign at most: '+-5' is a typo, not a debit.
  return /^\+[+-]/.test(text) ? null : decimalToCents(text.replace(/^\+/, ''));
}

/** Commission rates: 0 to 100 percent, one decimal (step 0.1). */
export const COMMISSION_RATE = { min: 0, max: 100, step: 0.1, message: 'Le taux de commission doit être entre 0 et 100%' } as const;

/** A percentage with at most one decimal, as integer tenths (12.5 -> 125); null when out of bounds or finer than 0.1. */
export function percentToTenths(percent: number | string): number | null {
  const value = typeof percent === 'string' ? Number(percent.trim().replace(',', '.')) : percent;
  if (typeof percent === 'string' && percent.trim() === '') return null;
  if (!Number.isFinite(value) || value < COMMISSION_RATE.min || value > COMMISSION_RATE.max) return null;
  const tenths = Math.round(value * 10);
  return Math.abs(value * 10 - tenths) < 1e-6 ? tenths : null;
}

export const COMMISSION_RATE_MESSAGES = {
  bounds: COMMISSION_RATE.message,
  step: 'Le taux de commission doit avoir au plus une décimale (pas de 0,1)',
} as const;

export type CommissionRateCheck = { ok: true; tenths: number } | { ok: false; error: keyof typeof COMMISSION_RATE_MESSAGES; message: string };

/**
 * A typed commission rate ('12,5', '12.5', 12.5) as integer tenths, or why it is refused: out of
 * 0-100 (or not a number) is 'bounds', a finer step than 0.1 (12.55) is 'step'.
 */
export function checkCommissionRate(input: number | string): CommissionRateCheck {
  const tenths = percentToTenths(input);
  if (tenths !== null) return { ok: true, tenths };
  const value = typeof input === 'string' ? Number(input.trim().replace(',', '.')) : input;
  const inBounds = !(typeof input === 'string' && input.trim() === '') && Number.isFinite(value) && value >= COMMISSION_RATE.min && value <= COMMISSION_RATE.max;
  const error = inBounds ? 'step' : 'bounds';
  return { ok: false, error, message: COMMISSION_RATE_MESSAGES[error] };
}

export const tenthsToPercent = (tenths: number): number => tenths / 10;

/**
 * A percentage of an amount, rounded half-up (away from zero) to the cent once (EU 1103/97).
 * Integer arithmetic only: `cents * tenths` stays exact far beyond any real balance.
 */
export function percentOfCents(cents: number, tenths: number): number {
  const scaled = cents * tenths; // in thousandths of a cent
  const sign = scaled < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(scaled) + 500) / 1000);
}
