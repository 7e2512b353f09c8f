import { describe, expect, it } from 'vitest';
import type { Position } from '../eventstore/eventStore';
import { pricedAsOf } from './payoutAudit';

const at = (n: number): Position => ({ commit: BigInt(n), prepare: BigInt(n) });
const bill = (day: string, n: number, count = 1) => ({ day, position: at(n), essay: 0, bill: count });

describe('the figures a pricing saw', () => {
  it('given bills at 1, 2 and 3 and a pricing recorded at 5 that paid two, then it saw them as of 2: the third came in while it ran', () => {
    const figures = [bill('2026-11-18', 1), bill('2026-11-18', 2), bill('2026-11-18', 3)];
    expect(pricedAsOf(figures, [{ day: '2026-11-18', paid_kind: 'bill', count: 2 }], at(5))).toEqual(at(2));
  });

  it('given a pricing that paid every bill before it, then it saw everything up to its last figure, clicks-only rows after it included', () => {
    const figures = [bill('2026-11-18', 1), bill('2026-11-19', 2), { ...bill('2026-11-19', 3), bill: 0 }, bill('2026-11-19', 7)];
    const days = [{ day: '2026-11-18', paid_kind: 'bill' as const, count: 1 }, { day: '2026-11-19', paid_kind: 'bill' as const, count: 1 }];
    expect(pricedAsOf(figures, days, at(5))).toEqual(at(3));
  });

  it('given the figures of one import counted at one position, then no position inside it is a candidate', () => {
    const figures = [bill('2026-11-18', 4), bill('2026-11-18', 4), bill('2026-11-19', 4)];
    expect(pricedAsOf(figures, [{ day: '2026-11-18', paid_kind: 'bill', count: 1 }, { day: '2026-11-19', paid_kind: 'bill', count: 1 }], at(5))).toEqual(at(5));
  });

  it('given counts no position gives, then the pricing is taken at its own position, for the differences to be reported', () => {
    expect(pricedAsOf([bill('2026-11-18', 1, 3)], [{ day: '2026-11-18', paid_kind: 'bill', count: 2 }], at(5))).toEqual(at(5));
  });

  it('given a pricing of nothing received yet, then it saw no figure', () => {
    expect(pricedAsOf([bill('2026-11-18', 6)], [{ day: '2026-11-18', paid_kind: 'bill', count: 0 }], at(5))).toBeNull();
    expect(pricedAsOf([], [], null)).toBeNull();
  });
});
