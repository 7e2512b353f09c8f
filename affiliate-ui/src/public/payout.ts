import { MINIMUM_PAYOUT_CENTS } from '@affilux/contract';

/** Amounts are shown in euros in French format whatever the interface language (spec, section 1). */
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** The payout threshold (smaller balances carry over) as the `{{minPayout}}` interpolation value of the public copy. */
export const minPayout = euros.format(MINIMUM_PAYOUT_CENTS / 100);
