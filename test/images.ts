import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** Real, small images for upload tests: PNGs made here (any size), a JPEG and a WebP that Chromium encoded. */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid truecolour PNG of `width` x `height` in one colour. */
export function pngImage(width: number, height: number, rgb: [number, number, number] = [123, 44, 191]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/images');
/** A 120 x 90 JPEG. */
export const jpegImage = (): Buffer => fs.readFileSync(path.join(FIXTURES, 'template.jpg'));
/** A 64 x 48 WebP (VP8X). */
export const webpImage = (): Buffer => fs.readFileSync(path.join(FIXTURES, 'template.webp'));
