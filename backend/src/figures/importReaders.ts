import { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import { parse as parseCsv } from 'csv-parse';
import { AppError } from '../http/errors';
import { frenchSize } from '../http/frenchText';
import { jsonRows, MAX_ROW_BYTES, MalformedJson, NOT_UTF8, ROW_TOO_LONG } from './jsonRows';
import { FILE_LINE, type RawStatRow } from './rawStats';

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
    if (bytes > MAX_IMPORT_BYTES) throw new AppError(413, `Fichier trop volumineux (plus de ${frenchSize(MAX_IMPORT_BYTES)})`);
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
    const input = Readable.from(utf8Checked(source));
    const records = input.pipe(parseCsv({ columns: csvColumns, skip_empty_lines: true, trim: true, bom: true, max_record_size: MAX_ROW_BYTES, info: true }));
    input.on('error', (error) => records.destroy(error));
    for await (const { record, info } of records as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      yield { source: record.source, stat_date: record.stat_date, data: record.data, [FILE_LINE]: info.lines };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof MalformedJson) throw new AppError(400, `Fichier JSON illisible : ${error.message}`);
    if (format === 'json') throw error;
    throw new AppError(400, `Fichier CSV illisible : ${csvProblem(error)}`);
  }
}

class NotUtf8 extends Error {}
const UTF16LE_BOM = [0xff, 0xfe];
const UTF16BE_BOM = [0xfe, 0xff];
const startsWith = (chunk: Buffer, mark: number[]) => chunk[0] === mark[0] && chunk[1] === mark[1];

/**
 * A CSV's bytes, checked to be UTF-8 as they pass (csv-parse would turn a Latin-1 "é" into U+FFFD
 * and the tracker would no longer match). A file opening with the UTF-16 little-endian byte order
 * mark is left to csv-parse, which reads it as UTF-16; one opening with the big-endian mark, which
 * csv-parse does not know, is turned into UTF-8 here.
 */
async function* utf8Checked(bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let decoder: TextDecoder | null | undefined;
  let bigEndian = false;
  for await (const chunk of bytes) {
    if (decoder === undefined) {
      bigEndian = startsWith(chunk, UTF16BE_BOM);
      decoder = startsWith(chunk, UTF16LE_BOM) ? null : new TextDecoder(bigEndian ? 'utf-16be' : 'utf-8', { fatal: true });
    }
    let text: string | undefined;
    try {
      text = decoder?.decode(chunk, { stream: true });
    } catch {
      throw new NotUtf8();
    }
    yield bigEndian ? Buffer.from(text!) : chunk;
  }
  try {
    const rest = decoder?.decode();
    if (bigEndian && rest) yield Buffer.from(rest);
  } catch {
    throw new NotUtf8();
  }
}

const CSV_HEADER = ['source', 'stat_date', 'data'];
class WrongHeader extends Error {}

/**
 * The header line must name the spec's three columns (in any order), each once: a file with other
 * names would read as rows of nothing, and one naming a column twice leaves which value holds to chance.
 */
function csvColumns(header: string[]): string[] {
  const names = header.map((name) => name.trim());
  const missing = CSV_HEADER.filter((name) => !names.includes(name));
  if (missing.length) throw new WrongHeader(`la première ligne doit nommer les colonnes ${CSV_HEADER.join(',')} (manque : ${missing.join(', ')})`);
  const repeated = [...new Set(names.filter((name, i) => name !== '' && names.indexOf(name) !== i))];
  if (repeated.length) throw new WrongHeader(`la première ligne nomme plusieurs fois la colonne ${repeated.join(', ')}`);
  return names;
}

/** csv-parse's error, said in French with its line. */
function csvProblem(error: unknown): string {
  if (error instanceof WrongHeader) return error.message;
  if (error instanceof NotUtf8) return NOT_UTF8;
  const { code, lines } = error as { code?: string; lines?: number };
  const at = lines ? ` (ligne ${lines})` : '';
  switch (code) {
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
      return `une ligne n'a pas autant de colonnes que l'en-tête${at}`;
    case 'CSV_QUOTE_NOT_CLOSED':
      return `un guillemet ouvert n'est jamais fermé${at}`;
    case 'CSV_MAX_RECORD_SIZE':
      return `${ROW_TOO_LONG}${at}`;
    default:
      return `le texte n'est pas un CSV valide${at}`;
  }
}
