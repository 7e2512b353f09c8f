import { describe, expect, it } from 'vitest';
import { jpegImage, pngImage, webpImage } from '../../../test/images';
import { detectImage, fitsCanvas } from './imageType';

describe('what an uploaded file really is', () => {
  it('reads the type and the dimensions of a PNG, a JPEG and a WebP from their headers', () => {
    expect(detectImage(pngImage(1200, 350))).toEqual({ kind: 'png', contentType: 'image/png', extension: 'png', width: 1200, height: 350 });
    expect(detectImage(jpegImage())).toEqual({ kind: 'jpeg', contentType: 'image/jpeg', extension: 'jpg', width: 120, height: 90 });
    expect(detectImage(webpImage())).toEqual({ kind: 'webp', contentType: 'image/webp', extension: 'webp', width: 64, height: 48 });
  });

  it('reads a lossy (VP8) and a lossless (VP8L) WebP', () => {
    const vp8 = Buffer.alloc(30);
    vp8.write('RIFF', 0, 'latin1'); vp8.write('WEBP', 8, 'latin1'); vp8.write('VP8 ', 12, 'latin1');
    vp8.set([0x9d, 0x01, 0x2a], 23); vp8.writeUInt16LE(300, 26); vp8.writeUInt16LE(200, 28);
    expect(detectImage(vp8)).toMatchObject({ kind: 'webp', width: 300, height: 200 });
    const vp8l = Buffer.alloc(30);
    vp8l.write('RIFF', 0, 'latin1'); vp8l.write('WEBP', 8, 'latin1'); vp8l.write('VP8L', 12, 'latin1');
    vp8l[20] = 0x2f; vp8l.writeUInt32LE((10 - 1) | ((20 - 1) << 14), 21);
    expect(detectImage(vp8l)).toMatchObject({ kind: 'webp', width: 10, height: 20 });
  });

  it('refuses text, HTML, SVG and GIF whatever their name, and truncated or absurd headers', () => {
    expect(detectImage(Buffer.from('just some text pretending to be a .png'))).toBeNull();
    expect(detectImage(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(detectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).toBeNull();
    expect(detectImage(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeNull();
    expect(detectImage(pngImage(4, 4).subarray(0, 20))).toBeNull();
    expect(detectImage(jpegImage().subarray(0, 30))).toBeNull();
    expect(detectImage(Buffer.alloc(0))).toBeNull();
  });
});

describe('the canvas an image declares', () => {
  it('is at most 10,000 px a side and 25 megapixels: a few bytes of PNG may declare more than a browser can unpack', () => {
    expect(fitsCanvas(detectImage(pngImage(6000, 4000))!)).toBe(true);
    expect(fitsCanvas(detectImage(pngImage(20_000, 1))!)).toBe(false);
    expect(fitsCanvas(detectImage(pngImage(8000, 8000))!)).toBe(false);
  });
});
