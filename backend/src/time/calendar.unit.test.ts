import { describe, expect, it } from 'vitest';
import { addDaysTo, dayOf, daysOfWeek, isDay, isIsoWeek, isoWeek, isoWeekOfDay, mondayOf, nextWeek, previousWeek, startOfDayInstant } from './calendar';

describe('the network calendar (Europe/Paris, ISO weeks)', () => {
  it('puts 2027-01-01 in 2026-W53 and 2026-12-28 on its Monday', () => {
    expect(isoWeekOfDay('2027-01-01')).toBe('2026-W53');
    expect(mondayOf('2026-W53')).toBe('2026-12-28');
    expect(daysOfWeek('2026-W53')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(nextWeek('2026-W53')).toBe('2027-W01');
    expect(previousWeek('2027-W01')).toBe('2026-W53');
  });

  it('knows that 2025 has no week 53', () => {
    expect(isIsoWeek('2025-W53')).toBe(false);
    expect(isIsoWeek('2026-W53')).toBe(true);
    expect(isIsoWeek('2026-W00')).toBe(false);
    expect(isIsoWeek('2026-46')).toBe(false);
  });

  it('reads a late Sunday evening UTC as Monday in Paris, so the figure belongs to the next week', () => {
    // 2026-11-22 is a Sunday; 23:30 UTC is 00:30 on Monday in Paris (winter time, UTC+1).
    const instant = new Date('2026-11-22T23:30:00Z');
    expect(dayOf(instant)).toBe('2026-11-23');
    expect(isoWeek(instant)).toBe('2026-W48');
    expect(dayOf(instant, 'UTC')).toBe('2026-11-22');
  });

  it('gives every instant its Paris day when asked minute after minute across midnights and both daylight-saving changes', () => {
    // dayOf remembers each UTC hour's day: asked in sequence, and alternating with an instant far
    // away (a postback asks for today, then the account's opening day), each answer must still be the zone's.
    const farAway = new Date('2025-07-01T12:00:00Z');
    for (const from of ['2026-03-28T20:00:00Z', '2026-10-24T20:00:00Z', '2026-12-31T20:00:00Z']) {
      for (let minute = 0; minute < 36 * 60; minute += 7) {
        const instant = new Date(Date.parse(from) + minute * 60_000);
        expect(dayOf(instant)).toBe(dayOf(instant, 'Europe/Berlin'));
        expect(dayOf(farAway)).toBe('2025-07-01');
      }
    }
    expect(dayOf(new Date('2026-03-29T00:59:00Z'))).toBe('2026-03-29');
    expect(dayOf(new Date('2026-03-29T21:59:00Z'))).toBe('2026-03-29');
    expect(dayOf(new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    expect(dayOf(new Date('2026-03-28T22:59:59.999Z'))).toBe('2026-03-28');
  });

  it('starts a day at local midnight across the daylight-saving changes', () => {
    expect(startOfDayInstant('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z'); // winter time until 02:00
    expect(startOfDayInstant('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z'); // summer time
    expect(startOfDayInstant('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(startOfDayInstant('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(addDaysTo('2026-03-28', 2)).toBe('2026-03-30');
  });

  it('tells a real calendar day from a look-alike', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-2-3')).toBe(false);
  });
});
