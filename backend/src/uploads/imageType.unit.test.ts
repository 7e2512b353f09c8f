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
    vp8.write('RIFF', 0, 'latin1'); vp8.writeUInt32LE(22, 4); vp8.write('WEBP', 8, 'latin1'); vp8.write('VP8 ', 12, 'latin1'); vp8.writeUInt32LE(10, 16);
    vp8.set([0x9d, 0x01, 0x2a], 23); vp8.writeUInt16LE(300, 26); vp8.writeUInt16LE(200, 28);
    expect(detectImage(vp8)).toMatchObject({ kind: 'webp', width: 300, height: 200 });
    const vp8l = Buffer.alloc(30);
    vp8l.write('RIFF', 0, 'latin1'); vp8l.writeUInt32LE(22, 4); vp8l.write('WEBP', 8, 'latin1'); vp8l.write('VP8L', 12, 'latin1'); vp8l.writeUInt32LE(10, 16);
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

  it('refuses a valid header followed by something else: every byte must belong to the image (attacker review)', () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const png = pngImage(16, 16);
    // The signature and IHDR (33 bytes), then a page.
    expect(detectImage(Buffer.concat([png.subarray(0, 33), html]))).toBeNull();
    expect(detectImage(Buffer.concat([png, html]))).toBeNull();
    const corrupted = Buffer.from(png);
    corrupted[40] = corrupted[40]! ^ 0xff;
    expect(detectImage(corrupted)).toBeNull();
    const jpeg = jpegImage();
    expect(detectImage(Buffer.concat([jpeg.subarray(0, 200), html]))).toBeNull();
    expect(detectImage(Buffer.concat([jpeg, html]))).toBeNull();
    const webp = webpImage();
    expect(detectImage(Buffer.concat([webp, html]))).toBeNull();
    const resized = Buffer.concat([webp.subarray(0, 40), html]);
    resized.writeUInt32LE(resized.length - 8, 4);
    expect(detectImage(resized)).toBeNull();
  });
});

describe('the canvas an image declares', () => {
  it('is at most 10,000 px a side and 25 megapixels: a few bytes of PNG may declare more than a browser can unpack', () => {
    expect(fitsCanvas(detectImage(pngImage(6000, 4000))!)).toBe(true);
    expect(fitsCanvas(detectImage(pngImage(20_000, 1))!)).toBe(false);
    expect(fitsCanvas(detectImage(pngImage(8000, 8000))!)).toBe(false);
  });
});
