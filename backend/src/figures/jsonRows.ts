import { frenchSize } from '../http/frenchText';

/**
 * The elements of the `rows` array of a JSON document `{ "rows": [ {...}, {...} ] }`, one at a
 * time, from a stream of bytes: memory holds one row, not the file. The splitter follows the
 * document's grammar at the top level (keys, colons, commas, the rows array) and only tracks
 * nesting, strings and escapes inside values to find where each ends (a quick pass over the bytes);
 * each row is then parsed by the platform's JSON.parse. Keys are read as JSON reads them (escapes
 * included); the values of keys other than `rows` are skipped by their structure (a scalar is
 * checked), so a long one is never held. Anything that is not one JSON object holding one `rows`
 * array of objects is an error.
 */
export class MalformedJson extends Error {}

/** One row (one element of `rows`) is at most this long: a row of thousands of tracker pairs stays well under it. */
export const MAX_ROW_BYTES = 1024 * 1024;
export const ROW_TOO_LONG = `une ligne dépasse ${frenchSize(MAX_ROW_BYTES)}`;
/** Keys and top-level scalars are kept to be read: a longer key is no key of ours ("rows" escaped is 24 bytes). */
const MAX_KEY_BYTES = 64;
const MAX_SCALAR_BYTES = 1024;

const QUOTE = 0x22, BACKSLASH = 0x5c, OPEN_BRACE = 0x7b, CLOSE_BRACE = 0x7d, OPEN_BRACKET = 0x5b, CLOSE_BRACKET = 0x5d, COLON = 0x3a, COMMA = 0x2c;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const ends = (c: number) => isSpace(c) || c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET;

const INVALID = 'le document JSON est invalide';
export const NOT_UTF8 = "le texte n'est pas en UTF-8 : enregistrez le fichier en UTF-8";
/** The UTF-8 byte order mark some Windows tools write first: not part of the document (RFC 8259 lets a reader skip it). */
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const NOT_AN_OBJECT = 'chaque élément de rows doit être un objet';

/**
 * A value being read: a row (kept, then parsed), a key (kept, then parsed), or another key's value
 * (skipped: a string or a nested value by its structure, a scalar kept and checked).
 */
type Value = { kind: 'row' | 'key' | 'skip' | 'scalar'; parts: Buffer[]; bytes: number; start: number; depth: number; inString: boolean; escaped: boolean };

/** Where the top level is: what may come next. */
type Stage = 'start' | 'firstKey' | 'key' | 'colon' | 'value' | 'rowsArray' | 'firstRow' | 'row' | 'afterRow' | 'afterValue' | 'after';

export async function* jsonRows(bytes: AsyncIterable<Buffer>): AsyncGenerator<unknown> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let stage: Stage = 'start';
  let value: Value | null = null;
  let key: string | null = null;
  let rowsSeen = false;
  /** How many rows have begun (the one being read included), to name a refused one by its place in rows. */
  let rowNumber = 0;
  /** Bytes read before the current chunk. */
  let offset = 0;
  const begin = (kind: Value['kind'], start: number, depth: number, inString: boolean): Value => ({ kind, parts: [], bytes: 0, start, depth, inString, escaped: false });
  const limitOf = (kind: Value['kind']) => (kind === 'key' ? MAX_KEY_BYTES : kind === 'scalar' ? MAX_SCALAR_BYTES : MAX_ROW_BYTES);
  /** Whether a kept value of `size` bytes is past its bound: a row or a scalar so long is refused; a key so long is no key of ours. */
  const tooLong = (v: Value, size: number): boolean => {
    if (size <= limitOf(v.kind)) return false;
    if (v.kind === 'row') throw new MalformedJson(`${ROW_TOO_LONG} (ligne ${rowNumber} de rows)`);
    if (v.kind === 'scalar') throw new MalformedJson(INVALID);
    return true;
  };

  for await (const chunk of bytes) {
    /** The value read whole, ending before `end`: parsed, and the top level told what it was. */
    const finish = (v: Value, end: number): unknown => {
      if (v.kind === 'skip') return undefined;
      if (tooLong(v, v.bytes + end - v.start)) return null;
      let text: string;
      try {
        text = decoder.decode(Buffer.concat([...v.parts, chunk.subarray(v.start, end)]));
      } catch {
        throw new MalformedJson(NOT_UTF8);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not the parser's own words: they are English and repeat a piece of the row.
        throw new MalformedJson(v.kind === 'row' ? `une ligne n'est pas un JSON valide (ligne ${rowNumber} de rows)` : INVALID);
      }
      const twice = v.kind === 'row' ? keyWrittenTwice(text) : null;
      if (twice !== null) throw new MalformedJson(`la clé « ${shown(twice)} » figure deux fois dans un même objet (ligne ${rowNumber} de rows)`);
      return parsed;
    };
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (value) {
        let end = -1;
        if (value.kind === 'scalar') {
          if (ends(c)) end = i;
        } else if (value.inString) {
          if (value.escaped) value.escaped = false;
          else if (c === BACKSLASH) value.escaped = true;
          else if (c === QUOTE) {
            value.inString = false;
            if (value.depth === 0) end = i + 1;
          }
        } else if (c === QUOTE) value.inString = true;
        else if (c === OPEN_BRACE || c === OPEN_BRACKET) value.depth++;
        else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --value.depth === 0) end = i + 1;
        if (end < 0) continue;
        const read = value;
        value = null;
        const parsed = finish(read, end);
        if (read.kind === 'row') {
          yield parsed;
          stage = 'afterRow';
        } else if (read.kind === 'key') {
          key = typeof parsed === 'string' ? parsed : null;
          stage = 'colon';
        } else stage = 'afterValue';
        // A scalar ends at the character after it, which the top level reads next.
        if (read.kind !== 'scalar') continue;
      }
      if (isSpace(c)) continue;
      if (stage === 'start' && offset + i < UTF8_BOM.length && c === UTF8_BOM[offset + i]) continue;
      switch (stage) {
        case 'start':
          if (c !== OPEN_BRACE) throw new MalformedJson('le fichier doit être un objet JSON { "rows": [...] }');
          stage = 'firstKey';
          break;
        case 'firstKey':
        case 'key':
          if (c === QUOTE) value = begin('key', i, 0, true);
          else if (c === CLOSE_BRACE && stage === 'firstKey') stage = 'after';
          else throw new MalformedJson(INVALID);
          break;
        case 'colon':
          if (c !== COLON) throw new MalformedJson(INVALID);
          // JSON.parse would keep the last "rows" only, and the brand's own tools too: which is meant is not ours to guess.
          if (key === 'rows' && rowsSeen) throw new MalformedJson('le fichier contient plusieurs clés "rows"');
          stage = key === 'rows' ? 'rowsArray' : 'value';
          break;
        case 'value':
          if (c === QUOTE) value = begin('skip', i, 0, true);
          else if (c === OPEN_BRACE || c === OPEN_BRACKET) value = begin('skip', i, 1, false);
          else if (c === CLOSE_BRACE || c === CLOSE_BRACKET || c === COMMA || c === COLON) throw new MalformedJson(INVALID);
          else value = begin('scalar', i, 0, false);
          break;
        case 'rowsArray':
          if (c !== OPEN_BRACKET) throw new MalformedJson('le fichier doit contenir un tableau "rows"');
          rowsSeen = true;
          stage = 'firstRow';
          break;
        case 'firstRow':
        case 'row':
          if (c === OPEN_BRACE) {
            value = begin('row', i, 1, false);
            rowNumber++;
          }
          else if (c === CLOSE_BRACKET && stage === 'firstRow') stage = 'afterValue';
          else throw new MalformedJson(stage === 'row' && c === CLOSE_BRACKET ? INVALID : NOT_AN_OBJECT);
          break;
        case 'afterRow':
          if (c === COMMA) stage = 'row';
          else if (c === CLOSE_BRACKET) stage = 'afterValue';
          else throw new MalformedJson(INVALID);
          break;
        case 'afterValue':
          if (c === COMMA) stage = 'key';
          else if (c === CLOSE_BRACE) stage = 'after';
          else throw new MalformedJson(INVALID);
          break;
        case 'after':
          throw new MalformedJson('du texte suit la fin du document JSON');
      }
    }
    if (value) {
      // The value goes on in the next chunk: what is kept of it so far, within its bound.
      const size = chunk.length - value.start;
      if (value.kind !== 'skip' && !tooLong(value, value.bytes + size)) value.parts.push(chunk.subarray(value.start));
      value.bytes += size;
      value.start = 0;
    }
    offset += chunk.length;
  }
  if (!rowsSeen || stage !== 'after' || value) throw new MalformedJson(rowsSeen ? 'le document JSON est incomplet' : 'le fichier doit contenir un tableau "rows"');
}

/** A value of the file as a refusal repeats it: a long one is cut, so that the answer never grows with what it refuses. */
export const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

/**
 * The first key written twice in one object of a valid JSON text, or null. JSON.parse keeps the
 * last one and says nothing: a day whose offer or source is written twice would silently lose the
 * first, and which one is meant is not ours to guess. Keys are compared as JSON reads them (escapes
 * decoded), in one pass over the text.
 */
export function keyWrittenTwice(text: string): string | null {
  // The keys of each open object (null for an array), innermost last.
  const open: (string[] | null)[] = [];
  let expectingKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let end = i + 1;
      let escaped = false;
      for (; end < text.length; end++) {
        const d = text.charCodeAt(end);
        if (d === BACKSLASH) {
          end++;
          escaped = true;
        } else if (d === QUOTE) break;
      }
      if (expectingKey) {
        const key = escaped ? (JSON.parse(text.slice(i, end + 1)) as string) : text.slice(i + 1, end);
        const keys = open[open.length - 1]!;
        if (keys.includes(key)) return key;
        keys.push(key);
        expectingKey = false;
      }
      i = end;
    } else if (c === OPEN_BRACE) {
      open.push([]);
      expectingKey = true;
    } else if (c === OPEN_BRACKET) {
      open.push(null);
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      open.pop();
    } else if (c === COMMA) {
      expectingKey = open[open.length - 1] !== null;
    }
  }
  return null;
}
