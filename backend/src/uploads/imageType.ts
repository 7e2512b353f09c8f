import zlib from 'node:zlib';

/**
 * What an uploaded file really is, read from its bytes (never from its name or the MIME type the
 * client claims): PNG, JPEG or WebP, with the dimensions from its header, and made of that format's
 * structure from its first byte to its last, so that a valid header followed by a page of HTML is
 * no image. No native library: the formats' framing is small and documented (PNG chunks and their
 * CRCs, JPEG segments up to the scan and its end-of-image marker, WebP's RIFF chunks).
 */
export type ImageKind = 'png' | 'jpeg' | 'webp';
export type DetectedImage = { kind: ImageKind; contentType: string; extension: string; width: number; height: number };

/**
 * Larger canvases are refused: no honest brand image or template needs them, and browsers choke on
 * them. A few bytes of PNG may declare 10,000 x 10,000 pixels, which every affiliate's browser would
 * unpack into 400 MB: the area is capped too (a 24-megapixel photo passes).
 */
export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_PIXELS = 25_000_000;

const TYPES: Record<ImageKind, { contentType: string; extension: string }> = {
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  webp: { contentType: 'image/webp', extension: 'webp' },
};

export const CONTENT_TYPE_OF_EXTENSION: Record<string, string> = Object.fromEntries(Object.values(TYPES).map((t) => [t.extension, t.contentType]));

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(b: Buffer): [number, number] | null {
  if (b.length < 24 || !b.subarray(0, 8).equals(PNG_SIGNATURE) || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

/** Chunks from IHDR to IEND, each within the file with its CRC right, IEND the file's last bytes. */
function pngWhole(b: Buffer): boolean {
  let offset = PNG_SIGNATURE.length;
  let data = false;
  for (let first = true; offset + 12 <= b.length; first = false) {
    const length = b.readUInt32BE(offset);
    const end = offset + 12 + length;
    const type = b.toString('latin1', offset + 4, offset + 8);
    if (end > b.length || (first && type !== 'IHDR')) return false;
    if (zlib.crc32(b.subarray(offset + 4, end - 4)) !== b.readUInt32BE(end - 4)) return false;
    if (type === 'IDAT') data = true;
    if (type === 'IEND') return data && end === b.length;
    offset = end;
  }
  return false;
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); not DHT (C4), JPG (C8) or DAC (CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(b: Buffer): [number, number] | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let offset = 2;
  while (offset + 4 <= b.length) {
    if (b[offset] !== 0xff) return null;
    const marker = b[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before any frame header
    const length = b.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (SOF.has(marker)) {
      if (offset + 9 > b.length) return null;
      return [b.readUInt16BE(offset + 7), b.readUInt16BE(offset + 5)];
    }
    offset += 2 + length;
  }
  return null;
}

/** Segments within the file up to the first scan, and the end-of-image marker as the file's last bytes. */
function jpegWhole(b: Buffer): boolean {
  let offset = 2;
  while (offset + 4 <= b.length) {
    if (b[offset] !== 0xff) return false;
    const marker = b[offset + 1]!;
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += marker === 0xff ? 1 : 2;
      continue;
    }
    const length = b.readUInt16BE(offset + 2);
    if (marker === 0xd9 || length < 2 || offset + 2 + length > b.length) return false;
    if (marker === 0xda) return offset + 2 + length + 2 <= b.length && b[b.length - 2] === 0xff && b[b.length - 1] === 0xd9;
    offset += 2 + length;
  }
  return false;
}

function webpSize(b: Buffer): [number, number] | null {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return [b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1];
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return [b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff];
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  return null;
}

/** The RIFF size is the file's, and its chunks (each padded to an even length) cover it exactly. */
function webpWhole(b: Buffer): boolean {
  if (b.readUInt32LE(4) + 8 !== b.length) return false;
  let offset = 12;
  while (offset + 8 <= b.length) {
    const size = b.readUInt32LE(offset + 4);
    offset += 8 + size + (size % 2);
  }
  return offset === b.length;
}

export function detectImage(bytes: Buffer): DetectedImage | null {
  const readers: [ImageKind, (b: Buffer) => [number, number] | null, (b: Buffer) => boolean][] = [
    ['png', pngSize, pngWhole], ['jpeg', jpegSize, jpegWhole], ['webp', webpSize, webpWhole],
  ];
  for (const [kind, read, whole] of readers) {
    const size = read(bytes);
    if (!size) continue;
    if (!whole(bytes)) return null;
    const [width, height] = size;
    if (width < 1 || height < 1) return null;
    return { kind, ...TYPES[kind], width, height };
  }
  return null;
}

export const fitsCanvas = ({ width, height }: DetectedImage) => width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE && width * height <= MAX_IMAGE_PIXELS;
