import { centsToDecimal, formatEuros, MINIMUM_PAYOUT_CENTS } from '@affilux/contract';

/** The payout threshold (smaller balances carry over) as the `{{minPayout}}` interpolation value of the public copy, in French format whatever the language. */
export const minPayout = formatEuros(centsToDecimal(MINIMUM_PAYOUT_CENTS));
