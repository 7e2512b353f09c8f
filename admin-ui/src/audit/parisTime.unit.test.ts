import { describe, expect, it } from 'vitest';
import { fromParisWallClock, toParisWallClock } from './parisTime';

describe('Paris wall clocks of the audit screens', () => {
  it('winter time is UTC+1 and summer time UTC+2', () => {
    expect(fromParisWallClock('2026-11-12T18:30')?.toISOString()).toBe('2026-11-12T17:30:00.000Z');
    expect(fromParisWallClock('2026-07-01T00:00:15')?.toISOString()).toBe('2026-06-30T22:00:15.000Z');
  });

  it('the day clocks go forward and back keeps the right offset on each side', () => {
    expect(fromParisWallClock('2026-03-29T01:30')?.toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(fromParisWallClock('2026-03-29T04:00')?.toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(fromParisWallClock('2026-10-25T04:00')?.toISOString()).toBe('2026-10-25T03:00:00.000Z');
  });

  it('an instant shown as a Paris wall clock comes back to the same instant', () => {
    const instant = new Date('2026-11-18T05:00:00Z');
    expect(toParisWallClock(instant)).toBe('2026-11-18T06:00');
    expect(fromParisWallClock(toParisWallClock(instant))?.toISOString()).toBe(instant.toISOString());
  });

  it('a text that is no time gives nothing', () => {
    expect(fromParisWallClock('')).toBeNull();
    expect(fromParisWallClock('2026-11-12')).toBeNull();
  });
});
