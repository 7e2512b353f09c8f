import { TZDate } from '@date-fns/tz';
import { addDays, addWeeks, differenceInCalendarDays, format, getISOWeek, getISOWeekYear, parseISO, startOfISOWeek } from 'date-fns';

/**
 * The network's calendar: a figure belongs to a day (its `stat_date`, a calendar day in the
 * network's time zone) and to that day's ISO week (ISO year + week: 2027-01-01 is in 2026-W53).
 * Weeks run Monday 00:00 to Sunday 24:00 in that zone. All week arithmetic goes through here.
 */
export const NETWORK_TIME_ZONE = 'Europe/Paris';

/** 'YYYY-MM-DD'. */
export type Day = string;
/** 'YYYY-Www', e.g. '2026-W46'. */
export type IsoWeek = string;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEEK = /^(\d{4})-W(\d{2})$/;

/** The calendar day of an instant in the network's time zone. */
export function dayOf(instant: Date, timeZone = NETWORK_TIME_ZONE): Day {
  const time = instant.getTime();
  if (timeZone !== NETWORK_TIME_ZONE) return format(new TZDate(time, timeZone), 'yyyy-MM-dd');
  // Remembered per UTC hour: the network's zone changes its offset only on the hour, so a whole
  // UTC hour falls on one day there. Callers ask for the same few days again and again (today, an
  // account's opening day, an import's days), and the time-zone arithmetic costs microseconds.
  const hour = Math.floor(time / HOUR);
  let day = dayOfHour.get(hour);
  if (day === undefined) {
    day = format(new TZDate(time, timeZone), 'yyyy-MM-dd');
    if (dayOfHour.size >= 100_000) dayOfHour.clear();
    dayOfHour.set(hour, day);
  }
  return day;
}
const HOUR = 3_600_000;
const dayOfHour = new Map<number, Day>();

/** Whether text is a real calendar day ('2026-02-30' is not). */
export function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** A day as a date at noon UTC: far from any midnight, so calendar arithmetic never slips a day. */
const atNoon = (day: Day) => parseISO(`${day}T12:00:00Z`);
const dayText = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A pure function of a day or a week, remembered: an import asks the week of the same few hundred
 * days for each of its hundreds of thousands of rows, and date-fns takes microseconds each time.
 */
function remembered<A extends string, R>(compute: (arg: A) => R): (arg: A) => R {
  const known = new Map<A, R>();
  return (arg) => {
    let value = known.get(arg);
    if (value === undefined) {
      if (known.size >= 100_000) known.clear();
      value = compute(arg);
      known.set(arg, value);
    }
    return value;
  };
}

/** The ISO week of a calendar day. */
export const isoWeekOfDay = remembered((day: Day): IsoWeek => {
  const date = atNoon(day);
  return `${getISOWeekYear(date)}-W${String(getISOWeek(date)).padStart(2, '0')}`;
});

/** The ISO week an instant falls in, in the network's time zone. */
export const isoWeek = (instant: Date, timeZone = NETWORK_TIME_ZONE): IsoWeek => isoWeekOfDay(dayOf(instant, timeZone));

export const isIsoWeek = (text: string): boolean => {
  const match = WEEK.exec(text);
  return !!match && Number(match[2]) >= 1 && isoWeekOfDay(mondayOf(text)) === text;
};

/** The Monday of an ISO week. */
export const mondayOf = remembered((week: IsoWeek): Day => {
  const match = WEEK.exec(week);
  if (!match) throw new Error(`Not an ISO week: ${week}`);
  // 4 January is always in week 1 of its ISO year.
  const week1 = startOfISOWeek(atNoon(`${match[1]}-01-04`));
  return dayText(addWeeks(week1, Number(match[2]) - 1));
});

const weekDays = remembered((week: IsoWeek): readonly Day[] => {
  const monday = atNoon(mondayOf(week));
  return Object.freeze(Array.from({ length: 7 }, (_, i) => dayText(addDays(monday, i))));
});

/** Monday to Sunday of an ISO week. */
export const daysOfWeek = (week: IsoWeek): Day[] => [...weekDays(week)];

const nextDay = remembered((day: Day): Day => dayText(addDays(atNoon(day), 1)));
export const addDaysTo = (day: Day, days: number): Day => (days === 1 ? nextDay(day) : dayText(addDays(atNoon(day), days)));

/** Calendar days from one day to another ('2026-11-16' to '2026-11-18': 2). */
export const daysBetween = (from: Day, to: Day): number => differenceInCalendarDays(atNoon(to), atNoon(from));

export const previousWeek = (week: IsoWeek): IsoWeek => isoWeekOfDay(addDaysTo(mondayOf(week), -7));
export const nextWeek = (week: IsoWeek): IsoWeek => isoWeekOfDay(addDaysTo(mondayOf(week), 7));

/** The instant a calendar day starts in the network's time zone (00:00 Paris, 23:00 or 22:00 UTC the day before). */
export function startOfDayInstant(day: Day, timeZone = NETWORK_TIME_ZONE): Date {
  return new Date(timeZone === NETWORK_TIME_ZONE ? networkMidnight(day) : midnightIn(day, timeZone));
}

function midnightIn(day: Day, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, 0, 0, 0, timeZone).getTime();
}
const networkMidnight = remembered((day: Day) => midnightIn(day, NETWORK_TIME_ZONE));
