import { centsToDecimal } from '@affilux/contract';
import type { Day } from '../time/calendar';

/**
 * Money and dates as French documents write them (labels recorded in events, invoices, emails):
 * '1 234,56 EUR', '+45,00 EUR', '16/11/2026'. Plain spaces group thousands, so every font and
 * every mail client shows them. Also numbers and byte limits as the server's French messages give them.
 */
export function euros(cents: number, options: { signed?: boolean } = {}): string {
  const [units, decimals] = centsToDecimal(Math.abs(cents)).split('.') as [string, string];
  const grouped = groupThousands(units);
  const sign = cents < 0 ? '-' : options.signed && cents > 0 ? '+' : '';
  return `${sign}${grouped},${decimals} EUR`;
}

/** '1000000000' -> '1 000 000 000'. */
export const groupThousands = (digits: string | number): string => String(digits).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** '2026-11-16' -> '16/11/2026'. */
export const frenchDate = (day: Day): string => day.split('-').reverse().join('/');

/** A percentage kept in tenths, with one decimal: 125 -> '12,5 %'. */
export const percentText = (tenths: number): string => `${Math.trunc(tenths / 10)},${Math.abs(tenths % 10)} %`;

/** A byte limit as a French reader writes it: '100 ko', '8 Mo' ('1536 octets' when not a round number). */
export function frenchSize(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} Mo`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} ko`;
  return `${bytes} octets`;
}
