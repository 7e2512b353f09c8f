import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import { AppError } from '../http/errors';
import { jsonRows, MalformedJson } from './jsonRows';
import type { RawStatRow } from './rawStats';

/** A file of daily statistics may be large (100,000 rows and more), never unbounded. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

export type ImportFormat = 'json' | 'csv';

/** The format of a request body, from its Content-Type; null for anything else. */
export function importFormatOf(contentType: string | undefined): ImportFormat | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'text/csv') return 'csv';
  return null;
}

/** Counts the bytes going through and fails the stream past the limit. */
async function* limited(body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of body) {
    bytes += chunk.length;
    if (bytes > MAX_IMPORT_BYTES) throw new AppError(413, `Fichier trop volumineux (plus de ${MAX_IMPORT_BYTES / 1024 / 1024} Mo)`);
    yield chunk;
  }
}

/**
 * The rows of a file, one at a time, without ever holding the whole file: memory stays flat as
 * files grow. JSON is `{ "rows": [ ... ] }` (the spec's raw stat rows); CSV has the columns
 * `source,stat_date,data` (`data` as a JSON string, as in the spec).
 */
export async function* readImportRows(body: Readable, format: ImportFormat): AsyncGenerator<RawStatRow> {
  const source = limited(body);
  try {
    if (format === 'json') {
      for await (const row of jsonRows(source)) yield row as RawStatRow;
      return;
    }
    const input = Readable.from(source);
    const records = input.pipe(parseCsv({ columns: true, skip_empty_lines: true, trim: true, bom: true, max_record_size: 1024 * 1024 }));
    input.on('error', (error) => records.destroy(error));
    for await (const record of records as AsyncIterable<Record<string, string>>) yield { source: record.source, stat_date: record.stat_date, data: record.data };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof MalformedJson) throw new AppError(400, `Fichier JSON illisible : ${error.message}`);
    const detail = error instanceof Error ? error.message : String(error);
    throw new AppError(400, `Fichier illisible (${format === 'json' ? 'JSON' : 'CSV'}) : ${detail.slice(0, 200)}`);
  }
}
