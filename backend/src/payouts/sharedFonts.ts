import { createRequire } from 'node:module';

type Fontkit = { create(buffer: Uint8Array, postscriptName?: string): object };

/**
 * pdfkit (under pdfmake) parses each font file anew for every document it makes (fontkit.create on
 * the file's bytes, then its tables decoded again as text is laid out): two thirds of an invoice's
 * rendering time went there (`npm run bench -- payouts`, profiled). This makes the fontkit that pdfkit
 * loads give back the font already parsed from the same bytes: pdfmake's virtual file system hands
 * out the Buffer the fonts were registered with, so the Buffer itself is the key. A parsed font is
 * only read from when a document embeds its subset, so the documents' bytes do not change (the
 * invoice tests pin a hash); only their cost does.
 *
 * It must run before pdfkit is first loaded (pdfkit keeps the fontkit it required): invoice.ts
 * imports this module before pdfmake. `active` says whether it did.
 */
function shareParsedFonts(): boolean {
  const requireFromPdfmake = createRequire(createRequire(import.meta.url).resolve('pdfmake/package.json'));
  const pdfkitPath = requireFromPdfmake.resolve('pdfkit');
  if (requireFromPdfmake.cache[pdfkitPath]) return false;
  const requireFromPdfkit = createRequire(pdfkitPath);
  const fontkitPath = requireFromPdfkit.resolve('fontkit');
  const fontkit = requireFromPdfkit('fontkit') as Fontkit;
  const parsed = new WeakMap<Uint8Array, Map<string, object>>();
  const shared = Object.create(fontkit, {
    create: {
      value(buffer: Uint8Array, postscriptName?: string): object {
        const byName = parsed.get(buffer) ?? new Map<string, object>();
        parsed.set(buffer, byName);
        const key = postscriptName ?? '';
        let font = byName.get(key);
        if (!font) byName.set(key, (font = fontkit.create(buffer, postscriptName)));
        return font;
      },
    },
  }) as Fontkit;
  requireFromPdfkit.cache[fontkitPath]!.exports = shared;
  return true;
}

export const sharedFonts = { active: shareParsedFonts() };
