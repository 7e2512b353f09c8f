import { frenchSize } from '../http/frenchText';

/**
 * The elements of the `rows` array of a JSON document `{ "rows": [ {...}, {...} ] }`, one at a
 * time, from a stream of bytes: memory holds one row, not the file. The splitter only tracks
 * nesting, strings and escapes to find where each element starts and ends (a quick pass over the
 * bytes); each element is then parsed by the platform's JSON.parse. Keys other than `rows` at the
 * top level are skipped; anything that is not one JSON object holding a `rows` array is an error.
 */
export class MalformedJson extends Error {}

/** One row (one element of `rows`) is at most this long: a row of thousands of tracker pairs stays well under it. */
export const MAX_ROW_BYTES = 1024 * 1024;
export const ROW_TOO_LONG = `une ligne dépasse ${frenchSize(MAX_ROW_BYTES)}`;
/** Strings at the top level are only read as keys (to find `rows`): a longer one is no key of ours and is not kept. */
const MAX_KEY_BYTES = 64;

const QUOTE = 0x22, BACKSLASH = 0x5c, OPEN_BRACE = 0x7b, CLOSE_BRACE = 0x7d, OPEN_BRACKET = 0x5b, CLOSE_BRACKET = 0x5d, COLON = 0x3a, COMMA = 0x2c;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

export async function* jsonRows(bytes: AsyncIterable<Buffer>): AsyncGenerator<unknown> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // Where we are: before the document, in the top object (reading keys and values), inside the rows array, or after it.
  let stage: 'start' | 'top' | 'rows' | 'after' = 'start';
  let depth = 0; // nesting inside the current skipped value or row element
  let inString = false;
  let escaped = false;
  let lastTopString: string | null = null; // the last string read at the top level (a key when a colon follows)
  let topString: number[] | null = null;
  let element: Buffer[] = [];
  let elementBytes = 0;
  let elementStart = -1;
  let rowsSeen = false;
  let expectRowsArray = false;

  for await (const chunk of bytes) {
    let i = 0;
    const tooLong = (bytes: number) => {
      if (bytes > MAX_ROW_BYTES) throw new MalformedJson(ROW_TOO_LONG);
    };
    const flushElement = (end: number) => {
      tooLong(elementBytes + end - elementStart);
      element.push(chunk.subarray(elementStart, end));
      const text = decoder.decode(Buffer.concat(element));
      element = [];
      elementBytes = 0;
      elementStart = -1;
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        throw new MalformedJson(`une ligne n'est pas un JSON valide (${(error as Error).message})`);
      }
    };
    for (; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (inString) {
        if (topString && topString.length <= MAX_KEY_BYTES) topString.push(c);
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) {
          inString = false;
          if (topString) {
            topString.pop();
            lastTopString = Buffer.from(topString).toString('utf8');
            topString = null;
          }
        }
        continue;
      }
      if (stage === 'rows' && depth > 0) {
        if (c === QUOTE) inString = true;
        else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
        else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
          depth--;
          if (depth === 0) yield flushElement(i + 1);
        }
        continue;
      }
      if (isSpace(c)) continue;
      switch (stage) {
        case 'start':
          if (c !== OPEN_BRACE) throw new MalformedJson('le fichier doit être un objet JSON { "rows": [...] }');
          stage = 'top';
          break;
        case 'top':
          if (depth === 0) {
            if (c === QUOTE) {
              inString = true;
              topString = [];
            } else if (c === COLON) {
              expectRowsArray = lastTopString === 'rows';
              // JSON.parse would keep the last "rows" only, and the brand's own tools too: which is meant is not ours to guess.
              if (expectRowsArray && rowsSeen) throw new MalformedJson('le fichier contient plusieurs clés "rows"');
            } else if (c === OPEN_BRACKET && expectRowsArray) {
              stage = 'rows';
              rowsSeen = true;
              expectRowsArray = false;
            } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
              depth = 1;
            } else if (c === CLOSE_BRACE) {
              stage = 'after';
            }
          } else if (c === QUOTE) inString = true;
          else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
          else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
          break;
        case 'rows':
          if (c === CLOSE_BRACKET) stage = 'top';
          else if (c === COMMA) continue;
          else if (c === OPEN_BRACE) {
            depth = 1;
            elementStart = i;
          } else throw new MalformedJson('chaque élément de rows doit être un objet');
          break;
        case 'after':
          throw new MalformedJson('du texte suit la fin du document JSON');
      }
    }
    if (elementStart >= 0) {
      element.push(chunk.subarray(elementStart));
      elementBytes += chunk.length - elementStart;
      tooLong(elementBytes);
      elementStart = 0;
    }
  }
  if (!rowsSeen || stage !== 'after' || inString) throw new MalformedJson(rowsSeen ? 'le document JSON est incomplet' : 'le fichier doit contenir un tableau "rows"');
}
