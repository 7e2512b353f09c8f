import { Readable, type Duplex } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import { AppError } from '../http/errors';
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

/** Pipes a source through transforms into one readable whose iteration fails if any of them fails. */
function through(source: AsyncIterable<Buffer>, ...transforms: Duplex[]): Readable {
  const first = Readable.from(source);
  const last = transforms.reduce<Readable>((from, to) => from.pipe(to), first);
  for (const stream of [first, ...transforms]) if (stream !== last) stream.on('error', (error) => last.destroy(error));
  return last;
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
      const pipeline = through(source, parser.asStream(), pick.asStream({ filter: 'rows' }), streamArray.asStream());
      for await (const item of pipeline as AsyncIterable<{ value: unknown }>) {
        yield (typeof item.value === 'object' && item.value !== null ? item.value : {}) as RawStatRow;
      }
      return;
    }
    const records = through(source, parseCsv({ columns: true, skip_empty_lines: true, trim: true, bom: true, max_record_size: 1024 * 1024 }));
    for await (const record of records as AsyncIterable<Record<string, string>>) yield { source: record.source, stat_date: record.stat_date, data: record.data };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new AppError(400, `Fichier illisible (${format === 'json' ? 'JSON' : 'CSV'}) : ${detail.slice(0, 200)}`);
  }
}
