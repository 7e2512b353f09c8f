/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * An effect returns nothing or a cleanup function. An expression body (`useEffect(() => call())`),
 * unless it is itself the cleanup (`useEffect(() => () => clearTimeout(t))`),
 * returns whatever the call returns, and React calls it as the cleanup on the next change: with
 * `window.scrollTo`, which recent Chromium makes return a Promise, every in-app link of the public
 * site turned the app into a white page ("l is not a function"). Both front ends keep block bodies.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SOURCE_ROOTS = [here, path.join(here, '../../admin-ui/src')];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [full] : [];
  });
}

describe('effects in the front ends', () => {
  it('no useEffect or useLayoutEffect callback has an expression body (it would return a value React calls as a cleanup)', () => {
    const offenders = SOURCE_ROOTS.flatMap(sourceFiles).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/use(?:Layout)?Effect\(\s*(?:async\s*)?\([^)]*\)\s*=>(?!\s*(?:\{|\([^)]*\)\s*=>))/g)].map(
        (match) => `${path.relative(here, file)}: ${match[0]}`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});
