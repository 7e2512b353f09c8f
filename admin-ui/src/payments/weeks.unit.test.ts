import { describe, expect, it } from 'vitest';
import { lastClosedWeek, weekDays, weekLabelOf } from './weeks';

describe('ISO weeks of the payout run', () => {
  it('names a day by its ISO week; 1 January 2027 is in 2026-W53', () => {
    expect(weekLabelOf(new Date(2026, 3, 1))).toBe('2026-W14');
    expect(weekLabelOf(new Date(2027, 0, 1))).toBe('2026-W53');
  });

  it('on a Monday in Paris the last closed week is the week before last, from Tuesday 00:00 Paris the week before, whatever the browser zone', () => {
    expect(lastClosedWeek(new Date('2026-04-06T21:59:00Z'))).toBe('2026-W13'); // Monday of W15, 23:59 in Paris
    expect(lastClosedWeek(new Date('2026-04-06T22:00:00Z'))).toBe('2026-W14'); // Tuesday of W15, 00:00 in Paris (still Monday in UTC)
    expect(lastClosedWeek(new Date('2026-04-08T04:00:00Z'))).toBe('2026-W14'); // Wednesday 06:00: the run's time
    expect(lastClosedWeek(new Date('2026-04-12T21:00:00Z'))).toBe('2026-W14'); // Sunday 23:00
  });

  it('gives the Monday and Sunday of a week, nothing for a malformed or missing week', () => {
    expect(weekDays('2026-W14')).toEqual({ monday: '2026-03-30', sunday: '2026-04-05' });
    expect(weekDays('2026-W53')).toEqual({ monday: '2026-12-28', sunday: '2027-01-03' });
    expect(weekDays('2025-W53')).toBeNull();
    expect(weekDays('2026-14')).toBeNull();
    expect(weekDays('2026-W54')).toBeNull();
  });
});
