import { describe, expect, it } from 'vitest';
import { lastClosedWeek, weekDays, weekLabelOf } from './weeks';

describe('ISO weeks of the payout run', () => {
  it('names a day by its ISO week; 1 January 2027 is in 2026-W53', () => {
    expect(weekLabelOf(new Date(2026, 3, 1))).toBe('2026-W14');
    expect(weekLabelOf(new Date(2027, 0, 1))).toBe('2026-W53');
  });

  it('on a Monday the last closed week is the week before last, from Tuesday 00:00 the week before', () => {
    expect(lastClosedWeek(new Date(2026, 3, 6, 23, 59))).toBe('2026-W13'); // Monday of W15
    expect(lastClosedWeek(new Date(2026, 3, 7, 0, 0))).toBe('2026-W14'); // Tuesday of W15
    expect(lastClosedWeek(new Date(2026, 3, 8, 6, 0))).toBe('2026-W14'); // Wednesday: the run's day
    expect(lastClosedWeek(new Date(2026, 3, 12, 23, 0))).toBe('2026-W14'); // Sunday
  });

  it('gives the Monday and Sunday of a week, nothing for a malformed or missing week', () => {
    expect(weekDays('2026-W14')).toEqual({ monday: '2026-03-30', sunday: '2026-04-05' });
    expect(weekDays('2026-W53')).toEqual({ monday: '2026-12-28', sunday: '2027-01-03' });
    expect(weekDays('2025-W53')).toBeNull();
    expect(weekDays('2026-14')).toBeNull();
    expect(weekDays('2026-W54')).toBeNull();
  });
});
