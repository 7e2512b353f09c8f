import { describe, expect, it } from 'vitest';
import { fold, recorded } from '../../../../test/recorded';
import type { StatsImportEvent } from '../events';
import { statsImportsProjection } from './projection';

const started = (sender: Extract<StatsImportEvent, { type: 'StatsImportStarted' }>['data']['sender']): StatsImportEvent => ({
  type: 'StatsImportStarted', data: { import_id: 'i1', file_name: 'stats-2026-11-16.csv', rows_received: 120, sender },
});

describe('the imports history read model', () => {
  it('shows a completed import with its sender, file, rows received and what it changed', () => {
    const events: StatsImportEvent[] = [
      started({ kind: 'admin', user_id: 'u1' }),
      { type: 'FiguresImported', data: { import_id: 'i1', chunk: 1, rows: [] } },
      { type: 'StatsImportCompleted', data: { import_id: 'i1', rows_changed: 40, days_changed: 30, affiliates: 12 } },
    ];
    expect(fold(statsImportsProjection, recorded('stats-import-i1', events).filter((e) => statsImportsProjection.handles.has(e.type)))).toEqual({
      id: 'i1', file_name: 'stats-2026-11-16.csv', sender_kind: 'admin', sender_id: 'u1', sender_name: null, rows_received: 120,
      rows_changed: 40, days_changed: 30, affiliates: 12, status: 'completed', started_at: '2026-11-16T09:00:00.000Z', finished_at: '2026-11-16T09:00:00.000Z',
    });
  });

  it("names the API key a brand's system sent with, and marks an import abandoned after a crash without changes", () => {
    const row = fold(statsImportsProjection, recorded('stats-import-i1', [started({ kind: 'api_key', key_id: 'k1', name: 'LoveMatch BI' }), { type: 'StatsImportAbandoned', data: { import_id: 'i1' } }]));
    expect(row).toMatchObject({ sender_kind: 'api_key', sender_id: 'k1', sender_name: 'LoveMatch BI', status: 'abandoned', rows_changed: null });
  });

  it('is still running while only its start is known', () => {
    expect(fold(statsImportsProjection, recorded('stats-import-i1', [started({ kind: 'admin', user_id: 'u1' })]))).toMatchObject({ status: 'started', finished_at: null });
  });
});
