/** RFC 4180 CSV, with a cell that a spreadsheet would run as a formula (=, +, -, @) quoted behind an apostrophe. */
const cell = (value: unknown): string => {
  let text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+([.,]\d+)?$/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const toCsv = (header: string[], rows: unknown[][]): string => [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
