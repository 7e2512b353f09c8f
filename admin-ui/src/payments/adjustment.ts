import { decimalToCents } from '@affilux/contract';

/** A manual adjustment's amount as typed ('25', '-25,50', '+1 000.5'): non-zero, at most two decimals, as cents; null otherwise. */
export const adjustmentCents = (text: string): number | null => {
  const cents = decimalToCents(text.replace(/\s/g, '').replace(/^\+/, ''));
  return cents === null || cents === 0 ? null : cents;
};
