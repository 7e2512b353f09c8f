/**
 * The network's time zone: its days, weeks and closes are Paris's (design/money.md "Time"), so every
 * screen shows instants there, whatever the browser's zone.
 */
export const NETWORK_TIME_ZONE = 'Europe/Paris';

/** The network's calendar day of an instant: 'YYYY-MM-DD'. */
export const networkDayOf = (instant: Date): string => new Intl.DateTimeFormat('en-CA', { timeZone: NETWORK_TIME_ZONE }).format(instant);
