import { describe, expect, it } from 'vitest';
import {
  addDaysToDay, buildStatsCsv, conversionRate, daysBetween, formatGrowth, growthPercent, isDayText, isRecentlyConnected, isStatRowShown, periodRange, previousMonthStartOf,
  searchStatRows, shareLevel, sharePercent, sortStatRows, statsCsvFileName, statsTableView, statsTotals, STATS_PERIODS, expandStatRows, type CompactStatRow, type ProcessedStatRow,
} from './statistics';
import { formatEuros } from './paymentsView';
import { formatAxisEuros, formatCount, formatRevenue, statisticsLabels, statsColumns } from './statisticsLabels';

const row = (fields: Partial<ProcessedStatRow>): ProcessedStatRow => ({
  date: '2026-11-16', offer: 'LoveMatch', offerId: 12, tracker1: '', tracker2: '', clicks: 0, registered: 0, essays: 0, bills: 0, revenue: '0.00', conversionRate: 0, ...fields,
});

describe('days', () => {
  it('add across months, years and the March time change', () => {
    expect(addDaysToDay('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDaysToDay('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDaysToDay('2028-02-28', 1)).toBe('2028-02-29');
    expect(previousMonthStartOf('2026-01-15')).toBe('2025-12-01');
    expect(daysBetween('2026-10-30', '2026-11-02')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(daysBetween('2026-11-02', '2026-11-01')).toEqual([]);
  });

  it('are real calendar days only', () => {
    expect(isDayText('2026-02-28')).toBe(true);
    expect(['2026-02-29', '2026-13-01', '26-01-01', '2026-1-01', '2026-01-01T00:00'].map(isDayText)).toEqual([false, false, false, false, false]);
  });
});

describe('the periods of the statistics table', () => {
  const today = '2026-03-03';
  it.each([
    ['today', '2026-03-03', '2026-03-03'],
    ['yesterday', '2026-03-02', '2026-03-02'],
    ['7days', '2026-02-25', '2026-03-03'],
    ['15days', '2026-02-17', '2026-03-03'],
    ['thisMonth', '2026-03-01', '2026-03-03'],
    ['lastMonth', '2026-02-01', '2026-02-28'],
    ['thisYear', '2026-01-01', '2026-03-03'],
    ['custom', '2026-02-25', '2026-03-03'],
  ] as const)('%s covers %s to %s', (period, from, to) => {
    expect(periodRange(period, today)).toEqual({ ok: true, from, to });
  });

  it('has the eight periods of the spec, 7days by default', () => {
    expect(STATS_PERIODS).toEqual(['today', 'yesterday', '7days', '15days', 'thisMonth', 'lastMonth', 'thisYear', 'custom']);
  });

  it('takes a custom range, a single day too, and refuses a start after the end with the spec message', () => {
    expect(periodRange('custom', today, { from: '2025-12-30', to: '2026-01-02' })).toEqual({ ok: true, from: '2025-12-30', to: '2026-01-02' });
    expect(periodRange('custom', today, { from: '2026-01-02', to: '2026-01-02' })).toEqual({ ok: true, from: '2026-01-02', to: '2026-01-02' });
    expect(periodRange('custom', today, { from: '2026-01-03', to: '2026-01-02' })).toEqual({
      ok: false, reason: 'customRange', field: 'from', message: 'La date de début doit être antérieure à la date de fin',
    });
    expect(periodRange('custom', today, { from: '2026-02-30' })).toMatchObject({ ok: false, reason: 'invalidDate', field: 'from' });
  });

  it('takes a bound left out as the last 7 days\' one, and refuses a date field cleared instead of loading other days', () => {
    expect(periodRange('custom', today, { to: '2026-03-01' })).toEqual({ ok: true, from: '2026-02-25', to: '2026-03-01' });
    expect(periodRange('custom', today, { from: '', to: '2026-03-01' })).toEqual({ ok: false, reason: 'fromRequired', field: 'from', message: 'La date de début est requise' });
    expect(periodRange('custom', today, { from: '2026-02-01', to: '' })).toEqual({ ok: false, reason: 'toRequired', field: 'to', message: 'La date de fin est requise' });
  });
});

describe('conversion rates, growth and shares', () => {
  it('divides conversions by registrations, in percent with two decimals', () => {
    expect(conversionRate(1, 3)).toBe(33.33);
    expect(conversionRate(2, 3)).toBe(66.67);
    expect(conversionRate(5, 0)).toBe(0);
    expect(conversionRate(7, 8)).toBe(87.5);
  });

  it('compares with the previous period, and not with nothing', () => {
    expect(growthPercent(150, 100)).toBe(50);
    expect(growthPercent(50, 100)).toBe(-50);
    expect(growthPercent(1, 3)).toBe(-66.7);
    expect(growthPercent(20, 0)).toBeNull();
    expect(growthPercent(0, 0)).toBeNull();
    expect(growthPercent(-5, 0)).toBeNull();
    expect([formatGrowth(12.5), formatGrowth(-66.7), formatGrowth(0), formatGrowth(null)]).toEqual(['+12,5\u00a0%', '-66,7\u00a0%', '0\u00a0%', '—']);
  });

  it('colours a share green from 50 %, yellow from 25 %, red below', () => {
    expect([shareLevel(50), shareLevel(49.9), shareLevel(25), shareLevel(24.9)]).toEqual(['high', 'medium', 'medium', 'low']);
    expect(sharePercent(1, 3)).toBe(33.3);
    expect(sharePercent(3, 0)).toBeNull();
    expect(sharePercent(0, 4)).toBe(0);
  });

  it('counts an affiliate active when it signed in within the last 7 days', () => {
    const now = new Date('2026-11-18T10:00:00Z');
    expect(isRecentlyConnected('2026-11-11T10:00:00Z', now)).toBe(true);
    expect(isRecentlyConnected('2026-11-11T09:59:59Z', now)).toBe(false);
    expect(isRecentlyConnected(null, now)).toBe(false);
  });
});

describe('row skipping', () => {
  it('skips a default tracker row with no clicks, no essays or bills and 10 registrations or fewer', () => {
    expect(isStatRowShown(row({ registered: 10 }))).toBe(false);
    expect(isStatRowShown(row({}))).toBe(false);
    expect(isStatRowShown(row({ registered: 11 }))).toBe(true);
    expect(isStatRowShown(row({ clicks: 1 }))).toBe(true);
    expect(isStatRowShown(row({ essays: 1 }))).toBe(true);
    expect(isStatRowShown(row({ bills: 1 }))).toBe(true);
  });

  it('skips another tracker row only when all four counts are zero', () => {
    expect(isStatRowShown(row({ tracker1: 'fb' }))).toBe(false);
    expect(isStatRowShown(row({ tracker2: 'c1', registered: 1 }))).toBe(true);
    expect(isStatRowShown(row({ tracker1: 'fb', clicks: 1 }))).toBe(true);
  });
});

const rows = [
  row({ date: '2026-11-16', offerId: 12, offer: 'LoveMatch', clicks: 60, registered: 6, essays: 2, bills: 1, revenue: '40.00', conversionRate: 33.33 }),
  row({ date: '2026-11-16', offerId: 12, offer: 'LoveMatch', tracker1: 'fb', tracker2: 'c1', clicks: 40, registered: 4, essays: 1, revenue: '20.00', conversionRate: 25 }),
  row({ date: '2026-11-17', offerId: 12, offer: 'LoveMatch', registered: 8 }),
  row({ date: '2026-11-18', offerId: null, offer: '', clicks: 5, registered: 2, essays: 1, revenue: '20.10', conversionRate: 50 }),
  row({ date: '2026-11-18', offerId: 3, offer: 'CamStar', tracker1: 'tt', bills: 3, revenue: '90.00' }),
];

describe('the table: search, sort, totals', () => {
  it('sums the rows, the revenue in exact cents, and rates the sums by the payment type', () => {
    expect(statsTotals(rows, 'ppt')).toEqual({ clicks: 105, registered: 20, essays: 4, bills: 4, conversions: 4, revenue: '170.10', conversionRate: 20 });
    expect(statsTotals(rows, 'sale')).toMatchObject({ conversions: 4, conversionRate: 20 });
    expect(statsTotals([], 'ppt')).toEqual({ clicks: 0, registered: 0, essays: 0, bills: 0, conversions: 0, revenue: '0.00', conversionRate: 0 });
  });

  it('finds rows by offer name, offer id with or without zeros, tracker or date (as a day or as the table shows it), whatever the case', () => {
    expect(searchStatRows(rows, 'love').length).toBe(3);
    expect(searchStatRows(rows, '00003').map((r) => r.offer)).toEqual(['CamStar']);
    expect(searchStatRows(rows, 'FB').map((r) => r.tracker1)).toEqual(['fb']);
    expect(searchStatRows(rows, '11-18').length).toBe(2);
    expect(searchStatRows(rows, '18/11/2026').length).toBe(2);
    expect(searchStatRows(rows, '17/11').map((r) => r.date)).toEqual(['2026-11-17']);
    expect(searchStatRows(rows, '11/2026').length).toBe(5);
    expect(searchStatRows(rows, '  ').length).toBe(5);
  });

  it('sorts newest first by default, figures without an offer first, default row before trackers', () => {
    expect(sortStatRows(rows, 'date_desc', 'ppt').map((r) => `${r.date} ${r.offerId} ${r.tracker1}`)).toEqual([
      '2026-11-18 null ', '2026-11-18 3 tt', '2026-11-17 12 ', '2026-11-16 12 ', '2026-11-16 12 fb',
    ]);
    expect(sortStatRows(rows, 'date_asc', 'ppt')[0]!.date).toBe('2026-11-16');
  });

  it('sorts by revenue, clicks, registrations, paid conversions, rate or offer, ties in the natural order', () => {
    expect(sortStatRows(rows, 'revenue_desc', 'ppt').map((r) => r.revenue)).toEqual(['90.00', '40.00', '20.10', '20.00', '0.00']);
    expect(sortStatRows(rows, 'conversions_desc', 'sale')[0]!.offer).toBe('CamStar');
    expect(sortStatRows(rows, 'conversions_desc', 'ppt')[0]!.essays).toBe(2);
    expect(sortStatRows(rows, 'clicks_desc', 'ppt')[0]!.clicks).toBe(60);
    expect(sortStatRows(rows, 'registered_desc', 'ppt')[0]!.registered).toBe(8);
    expect(sortStatRows(rows, 'conversionRate_desc', 'ppt')[0]!.conversionRate).toBe(50);
    expect(sortStatRows(rows, 'offer_asc', 'ppt').map((r) => r.offer)).toEqual(['', 'CamStar', 'LoveMatch', 'LoveMatch', 'LoveMatch']);
  });

  it('shows the rows kept by the skipping rule, found and sorted, with their totals', () => {
    const view = statsTableView(rows, { paymentType: 'ppt', search: 'love', sort: 'revenue_desc' });
    expect(view.rows.map((r) => r.revenue)).toEqual(['40.00', '20.00']);
    expect(view.totals).toMatchObject({ clicks: 100, registered: 10, essays: 3, revenue: '60.00', conversionRate: 30 });
    expect(view.hiddenBySearch).toBe(false);
  });

  it('tells a search that matches nothing from a period with nothing to show', () => {
    expect(statsTableView(rows, { paymentType: 'ppt', search: 'zzz', sort: 'revenue_desc' })).toMatchObject({ rows: [], hiddenBySearch: true });
    expect(statsTableView([], { paymentType: 'ppt', search: 'zzz', sort: 'revenue_desc' })).toMatchObject({ rows: [], hiddenBySearch: false });
    const skipped = row({ tracker1: '', registered: 3 });
    expect(statsTableView([skipped], { paymentType: 'ppt', search: '', sort: 'revenue_desc' })).toMatchObject({ rows: [], hiddenBySearch: false });
  });

  it('shows counts French style, as the amounts beside them', () => {
    const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
    const columns = statsColumns(statisticsLabels.fr, 'ppt');
    const big = row({ clicks: 1394, registered: 1170, essays: 1064, revenue: '1341.00' });
    expect(columns.slice(4).map((c) => plain(c.cell(big)))).toEqual(['1 394', '1 170', '1 064', '1 341,00 €', expect.any(String)]);
    expect(plain(columns[4]!.total!(statsTotals([big, big], 'ppt')))).toBe('2 788');
  });
});

describe('the table answer', () => {
  it("expands compact rows into the spec's processed rows, revenue from cents and the rate by payment type", () => {
    const answer = { payment_type: 'sale' as const, offers: { '12': 'LoveMatch' }, rows: [['2026-11-16', 12, 'fb', '', 9, 4, 1, 2, 4050], ['2026-11-17', null, '', '', 0, 0, 0, 0, 0]] as CompactStatRow[] };
    expect(expandStatRows(answer)).toEqual([
      { date: '2026-11-16', offer: 'LoveMatch', offerId: 12, tracker1: 'fb', tracker2: '', clicks: 9, registered: 4, essays: 1, bills: 2, revenue: '40.50', conversionRate: 50 },
      { date: '2026-11-17', offer: '', offerId: null, tracker1: '', tracker2: '', clicks: 0, registered: 0, essays: 0, bills: 0, revenue: '0.00', conversionRate: 0 },
    ]);
    expect(expandStatRows({ ...answer, payment_type: 'ppt' })[0]!.conversionRate).toBe(25);
  });
});

describe('the CSV export', () => {
  const labels = { date: 'Date', offer: 'Offre', tracker1: 'Tracker 1', tracker2: 'Tracker 2', clicks: 'Clics', registered: 'Inscrits', conversions: 'Essais', revenue: 'Revenus (EUR)', conversionRate: 'Taux de conversion (%)', noOffer: 'Sans offre' };

  it('has the columns of the spec, French-style with ; and decimal commas', () => {
    const csv = buildStatsCsv(rows.slice(2, 4), { paymentType: 'ppt', labels, decimalComma: true });
    expect(csv).toBe(
      'Date;Offre;Tracker 1;Tracker 2;Clics;Inscrits;Essais;Revenus (EUR);Taux de conversion (%)\r\n'
      + '2026-11-17;LoveMatch (00012);;;0;8;0;0,00;0,00\r\n'
      + '2026-11-18;Sans offre;;;5;2;1;20,10;50,00\r\n',
    );
  });

  it('counts bills for SALE, uses , and decimal points in English, quotes what needs it and never starts a formula', () => {
    const tricky = [row({ offer: 'Love, "Match"', tracker1: '=HYPERLINK("x")', tracker2: '-1', bills: 2, essays: 9, revenue: '12.50', conversionRate: 12.5 })];
    const csv = buildStatsCsv(tricky, { paymentType: 'sale', labels: { ...labels, conversions: 'Bills' }, decimalComma: false });
    expect(csv.split('\r\n')[1]).toBe(`2026-11-16,"Love, ""Match"" (00012)","'=HYPERLINK(""x"")",'-1,0,0,2,12.50,12.50`);
  });

  it('is named by period and date', () => {
    expect(statsCsvFileName('7days', '2026-11-18')).toBe('statistiques_7days_2026-11-18.csv');
    expect(statsCsvFileName('custom', '2026-11-18', { from: '2026-11-01', to: '2026-11-05' })).toBe('statistiques_custom_2026-11-01_2026-11-05_2026-11-18.csv');
  });
});

describe('amounts on a chart axis', () => {
  it('are euros grouped French style, decimals only where the amount has them', () => {
    const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
    expect(plain(formatAxisEuros(1000))).toBe('1 000 €');
    expect(plain(formatAxisEuros(12500))).toBe('12 500 €');
    expect(plain(formatAxisEuros(0))).toBe('0 €');
    // A small affiliate's axis goes by halves: each tick says its own amount.
    expect([0.5, 1.5, 2.25].map((amount) => plain(formatAxisEuros(amount)))).toEqual(['0,5 €', '1,5 €', '2,25 €']);
  });
});

describe('French numbers on screen', () => {
  it('group thousands with a plain no-break space, which every font draws (Intl\'s narrow one nearly vanishes in some)', () => {
    for (const text of [formatCount(1844), formatRevenue('1027.13'), formatAxisEuros(8000), formatEuros('1405.20')]) {
      expect(text).not.toMatch(/\u202f/);
      expect(text).toMatch(/\d\u00a0\d{3}/);
    }
  });
});
