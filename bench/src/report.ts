/** A figure and the target it is read against; the benchmark prints both and asserts nothing. */
export type Figure = { measure: string; value: string; target: string; met: boolean };

export const formatNumber = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function printTable(title: string, figures: Figure[]): void {
  const header = ['Measure', 'Figure', 'Target', 'Met'];
  const rows = figures.map((f) => [f.measure, f.value, f.target, f.met ? 'yes' : 'NO']);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of rows) console.log(line(row));
}
