import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodePng } from '../backend/src/seed/png';

/** Real, small images for upload tests: PNGs made here (any size), a JPEG and a WebP that Chromium encoded. */

/** A valid truecolour PNG of `width` x `height` in one colour. */
export function pngImage(width: number, height: number, rgb: [number, number, number] = [123, 44, 191]): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let at = 0; at < pixels.length; at += 3) pixels.set(rgb, at);
  return encodePng(width, height, pixels);
}

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/images');
/** A 120 x 90 JPEG. */
export const jpegImage = (): Buffer => fs.readFileSync(path.join(FIXTURES, 'template.jpg'));
/** A 64 x 48 WebP (VP8X). */
export const webpImage = (): Buffer => fs.readFileSync(path.join(FIXTURES, 'template.webp'));
