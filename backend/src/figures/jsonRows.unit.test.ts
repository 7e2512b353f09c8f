import { describe, expect, it } from 'vitest';
import { jsonRows, keyWrittenTwice, MAX_ROW_BYTES, MalformedJson } from './jsonRows';

async function rowsOf(text: string, chunkSize = Infinity): Promise<unknown[]> {
  const bytes = Buffer.from(text);
  const chunks = async function* () {
    for (let i = 0; i < bytes.length; i += Math.min(chunkSize, bytes.length)) yield bytes.subarray(i, i + chunkSize);
  };
  const rows: unknown[] = [];
  for await (const row of jsonRows(chunks())) rows.push(row);
  return rows;
}

const rows = [
  { source: '00042', stat_date: '2026-11-16', data: { siteGroups: { '7': { click: 1, trackers: { a: { s1: 'fb}{"[', s2: 'c\\"1' } } } } } },
  { source: '00043', stat_date: '2026-11-17', data: '{"globals":{"essay":2}}' },
  { source: 'é 😀', stat_date: '2026-11-18', data: { globals: { bill: 3 } } },
];

describe('reading the rows of a JSON file as a stream', () => {
  it('refuses a row holding a key twice in one object (JSON.parse would keep the last silently), naming the key and the row', async () => {
    const twice = '{"rows":[{"source":"10030","stat_date":"2026-11-18","data":{"globals":{}}},' +
      '{"source":"10030","stat_date":"2026-11-18","data":{"siteGroups":{"00001":{"click":5,"registered":5},"00001":{"click":9}}}}]}';
    await expect(rowsOf(twice)).rejects.toThrow('la clé « 00001 » figure deux fois dans un même objet (ligne 2 de rows)');
    await expect(rowsOf('{"rows":[{"source":"10030","source":"99999"}]}')).rejects.toThrow('la clé « source » figure deux fois');
  });

  it('finds a key written twice in one object, escapes read as JSON reads them, and not the same key in different objects or a value', () => {
    expect(keyWrittenTwice('{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}],"d":"a"}')).toBeNull();
    expect(keyWrittenTwice('{"a":{"x":1,"y":[1,{"x":2}],"x":3}}')).toBe('x');
    // In JSON, "\\u0061" is the key \u0061 (a backslash first); "\u0061" is the key a.
    expect(keyWrittenTwice(String.raw`{"a":1,"\\u0061":2}`)).toBeNull();
    expect(keyWrittenTwice(String.raw`{"a":1,"\u0061":2}`)).toBe('a');
    // A value holding quotes, commas and colons is no key.
    expect(keyWrittenTwice(String.raw`{"k\"":1,"v":"\",\"k\\\":","k\"":2}`)).toBe('k"');
    expect(keyWrittenTwice('[{"a":1},{"a":1}]')).toBeNull();
  });

  it('gives each row of { "rows": [...] }, with braces, brackets, quotes and escapes inside strings, and other top-level keys around', async () => {
    const text = JSON.stringify({ version: { nested: ['rows', { rows: [1] }] }, rows, after: 'rows' });
    expect(await rowsOf(text)).toEqual(rows);
  });

  it('gives the same rows however the bytes are cut, even inside a multi-byte character', async () => {
    const text = JSON.stringify({ rows });
    for (const size of [1, 2, 3, 5, 7, 64]) expect(await rowsOf(text, size)).toEqual(rows);
  });

  it('skips the UTF-8 byte order mark some Windows tools write first, however the bytes are cut', async () => {
    for (const size of [1, 2, 64]) expect(await rowsOf(`\uFEFF${JSON.stringify({ rows })}`, size)).toEqual(rows);
    await expect(rowsOf(` \uFEFF${JSON.stringify({ rows })}`)).rejects.toThrow('le fichier doit être un objet JSON');
  });

  it('refuses a file that is not UTF-8 (a Latin-1 "é"), saying so', async () => {
    const latin1 = Buffer.from(JSON.stringify({ rows: [{ s1: 'café' }] }), 'latin1');
    const attempt = (async () => {
      for await (const row of jsonRows((async function* () { yield latin1; })())) void row;
    })();
    await expect(attempt).rejects.toThrow("le texte n'est pas en UTF-8 : enregistrez le fichier en UTF-8");
  });

  it('takes an empty rows array and spaces around everything', async () => {
    expect(await rowsOf(' \n{ "rows" : [ ] }\n ')).toEqual([]);
  });

  it('reads keys as JSON does, escapes included, and skips scalar values of other keys', async () => {
    expect(await rowsOf(`{"version": 2, "final": true, "note": null, "r\\u006fws": ${JSON.stringify(rows)}, "ratio": -1.5e3}`)).toEqual(rows);
    for (const size of [1, 3]) expect(await rowsOf(`{"n": 12345, "rows": [{"a": 1}], "ok": false}`, size)).toEqual([{ a: 1 }]);
  });

  it('refuses a row longer than 1 MB without holding more of it, and reads past a long top-level string without keeping it', async () => {
    const long = JSON.stringify({ rows: [{ source: '00042', pad: 'A'.repeat(MAX_ROW_BYTES) }] });
    await expect(rowsOf(long, 64 * 1024)).rejects.toThrow('une ligne dépasse 1 Mo');
    await expect(rowsOf(JSON.stringify({ rows: [rows[0], { source: '00042', pad: 'A'.repeat(MAX_ROW_BYTES) }] }), 64 * 1024)).rejects.toThrow('une ligne dépasse 1 Mo (ligne 2 de rows)');
    const padded = JSON.stringify({ pad: 'A'.repeat(4 * MAX_ROW_BYTES), rows });
    expect(await rowsOf(padded, 64 * 1024)).toEqual(rows);
  });

  it.each([
    ['[1, 2]', 'le fichier doit être un objet JSON { "rows": [...] }'],
    ['{"other": []}', 'le fichier doit contenir un tableau "rows"'],
    ['{"rows": [1]}', 'chaque élément de rows doit être un objet'],
    ['{"rows": [{"a": 1}', 'le document JSON est incomplet'],
    ['{"rows": []} x', 'du texte suit la fin du document JSON'],
    ['{"rows": [{"a": tru}]}', "une ligne n'est pas un JSON valide (ligne 1 de rows)"],
    ['{"rows": [{"a": 1}, {"b": 01}]}', "une ligne n'est pas un JSON valide (ligne 2 de rows)"],
    ['{"rows": [{"a": 1}], "rows": [{"b": 2}]}', 'le fichier contient plusieurs clés "rows"'],
    ['{"rows": [{"a": 1}], "r\\u006fws": []}', 'le fichier contient plusieurs clés "rows"'],
    ['{"rows": [{"a": 1}], junk 12}', 'le document JSON est invalide'],
    ['{"rows": [{"a": 1}] "other": 1}', 'le document JSON est invalide'],
    ['{"other": junk, "rows": []}', 'le document JSON est invalide'],
    ['{"other" 1, "rows": []}', 'le document JSON est invalide'],
    ['{"rows": [{"a": 1} {"b": 2}]}', 'le document JSON est invalide'],
    ['{"rows": [{"a": 1},, {"b": 2}]}', 'chaque élément de rows doit être un objet'],
    ['{"rows": [{"a": 1},]}', 'le document JSON est invalide'],
    ['{"rows": [], }', 'le document JSON est invalide'],
    ['{"rows": {"a": 1}}', 'le fichier doit contenir un tableau "rows"'],
  ])('refuses %s with a reason', async (text, reason) => {
    const attempt = rowsOf(text);
    await expect(attempt).rejects.toBeInstanceOf(MalformedJson);
    await expect(rowsOf(text)).rejects.toThrow(reason);
  });
});
