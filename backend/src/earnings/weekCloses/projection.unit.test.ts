import { describe, expect, it } from 'vitest';
import { recorded } from '../../../../test/recorded';
import type { WeekClosed, WeekCorrected } from '../events';
import { evolveWeekClose } from './projection';

describe('the closed weeks read model', () => {
  const [closed, corrected] = recorded<WeekClosed | WeekCorrected>('earnings-u1-2026-W45', [
    { type: 'WeekClosed', data: { user_id: 'u1', week: '2026-W45', lines: [], total_cents: 57_000 } },
    { type: 'WeekCorrected', data: { user_id: 'u1', week: '2026-W45', days: [], delta_cents: 6000, lines: [], label: '2026-W45 : +2 ventes, +60,00 EUR' } },
  ], '2026-11-09T23:05:00.000Z');

  it('lists a closed week with its total, then adds up its corrections', () => {
    const row = evolveWeekClose(null, closed!);
    expect(row).toEqual({ user_id: 'u1', week: '2026-W45', total_cents: 57_000, corrected_cents: 0, corrections: 0, closed_at: '2026-11-09T23:05:00.000Z' });
    expect(evolveWeekClose(row, corrected!)).toMatchObject({ total_cents: 57_000, corrected_cents: 6000, corrections: 1 });
  });

  it('lists a week closed by its first correction (nothing recorded before its close time) at zero, then corrected', () => {
    expect(evolveWeekClose(null, corrected!)).toEqual({ user_id: 'u1', week: '2026-W45', total_cents: 0, corrected_cents: 6000, corrections: 1, closed_at: '2026-11-09T23:05:00.000Z' });
  });
});
