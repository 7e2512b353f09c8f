/** Payout threshold of the spec (section 9): smaller balances are carried over to the next week. */
const MINIMUM_PAYOUT_EUR = 500;

/** Amounts are shown in euros in French format whatever the interface language (spec, section 1). */
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** The threshold as the `{{minPayout}}` interpolation value used by the public copy. */
export const minPayout = euros.format(MINIMUM_PAYOUT_EUR);
