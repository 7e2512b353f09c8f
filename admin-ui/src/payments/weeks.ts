import { networkDayOf } from '@affilux/contract';
import { addDays, format, getISOWeek, getISOWeekYear, parseISO, subDays, subWeeks } from 'date-fns';

/** An ISO week as the API names it: '2026-W05'. */
export const WEEK_PATTERN = /^(\d{4})-W(0[1-9]|[1-4]\d|5[0-3])$/;

export const weekLabelOf = (day: Date): string => `${getISOWeekYear(day)}-W${String(getISOWeek(day)).padStart(2, '0')}`;

/**
 * The last week whose close has passed (a week closes the Tuesday 00:00 Paris after it, a day of
 * grace after Sunday): on a Monday in Paris that is the week before last, from Tuesday on the week before.
 */
export const lastClosedWeek = (now: Date): string => weekLabelOf(subWeeks(subDays(parseISO(networkDayOf(now)), 1), 1));

/** The Monday and Sunday (YYYY-MM-DD) of a well-formed ISO week label; null otherwise (or for a W53 the year does not have). */
export function weekDays(label: string): { monday: string; sunday: string } | null {
  const match = WEEK_PATTERN.exec(label.trim());
  if (!match) return null;
  const monday = parseISO(`${match[1]}-W${match[2]}-1`);
  if (Number.isNaN(monday.getTime()) || weekLabelOf(monday) !== label.trim()) return null;
  return { monday: format(monday, 'yyyy-MM-dd'), sunday: format(addDays(monday, 6), 'yyyy-MM-dd') };
}
