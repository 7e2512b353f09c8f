import { encodePng } from './png';

export type Rgb = [number, number, number];

/** A 5 x 7 pixel font, enough for brand names (capitals, digits, a few signs). */
const GLYPHS: Record<string, string> = {
  A: '01110100011000111111100011000110001', B: '11110100011000111110100011000111110', C: '01110100011000010000100001000101110',
  D: '11100100101000110001100011001011100', E: '11111100001000011110100001000011111', F: '11111100001000011110100001000010000',
  G: '01110100011000010111100011000101111', H: '10001100011000111111100011000110001', I: '01110001000010000100001000010001110',
  J: '00111000100001000010000101001001100', K: '10001100101010011000101001001010001', L: '10000100001000010000100001000011111',
  M: '10001110111010110101100011000110001', N: '10001100011100110101100111000110001', O: '01110100011000110001100011000101110',
  P: '11110100011000111110100001000010000', Q: '01110100011000110001101011001001101', R: '11110100011000111110101001001010001',
  S: '01111100001000001110000010000111110', T: '11111001000010000100001000010000100', U: '10001100011000110001100011000101110',
  V: '10001100011000110001100010101000100', W: '10001100011000110101101011010101010', X: '10001100010101000100010101000110001',
  Y: '10001100010101000100001000010000100', Z: '11111000010001000100010001000011111', '0': '01110100011001110101110011000101110',
  '1': '00100011000010000100001000010001110', '2': '01110100010000100010001000100011111', '3': '11111000100010000010000011000101110',
  '4': '00010001100101010010111110001000010', '5': '11111100001111000001000011000101110', '6': '00110010001000011110100011000101110',
  '7': '11111000010001000100010000100001000', '8': '01110100011000101110100011000101110', '9': '01110100011000101111000010001001100',
  ' ': '00000000000000000000000000000000000', '-': '00000000000000011111000000000000000', '&': '01100100101010001000101011001001101',
  "'": '00100001000100000000000000000000000', '+': '00000001000010011111001000010000000', '/': '00001000010001000100010001000010000', '.': '00000000000000000000000000110001100', '€': '00111010001111001000111100100000111',
};

/** The width in pixels of `text` at `scale` (each glyph 5 wide plus 1 of spacing). */
const textWidth = (text: string, scale: number) => Math.max(0, text.length * 6 - 1) * scale;

/** A canvas of RGB pixels with the few drawing operations a banner needs. */
class Canvas {
  readonly pixels: Buffer;
  constructor(readonly width: number, readonly height: number) {
    this.pixels = Buffer.alloc(width * height * 3);
  }
  set(x: number, y: number, [r, g, b]: Rgb, alpha = 1) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const at = (y * this.width + x) * 3;
    this.pixels[at] = Math.round(this.pixels[at]! * (1 - alpha) + r * alpha);
    this.pixels[at + 1] = Math.round(this.pixels[at + 1]! * (1 - alpha) + g * alpha);
    this.pixels[at + 2] = Math.round(this.pixels[at + 2]! * (1 - alpha) + b * alpha);
  }
  /** A left-to-right gradient from `from` to `to`. */
  gradient(from: Rgb, to: Rgb) {
    for (let x = 0; x < this.width; x++) {
      const t = x / Math.max(1, this.width - 1);
      const colour: Rgb = [0, 1, 2].map((i) => Math.round(from[i]! + (to[i]! - from[i]!) * t)) as Rgb;
      for (let y = 0; y < this.height; y++) this.set(x, y, colour);
    }
  }
  disc(cx: number, cy: number, radius: number, colour: Rgb, alpha: number) {
    for (let y = Math.max(0, cy - radius); y < Math.min(this.height, cy + radius); y++) {
      for (let x = Math.max(0, cx - radius); x < Math.min(this.width, cx + radius); x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2) this.set(x, y, colour, alpha);
      }
    }
  }
  text(text: string, left: number, top: number, scale: number, colour: Rgb) {
    [...text.toUpperCase()].forEach((character, index) => {
      const glyph = GLYPHS[character] ?? GLYPHS[' ']!;
      for (let row = 0; row < 7; row++) {
        for (let column = 0; column < 5; column++) {
          if (glyph[row * 5 + column] !== '1') continue;
          for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) this.set(left + (index * 6 + column) * scale + dx, top + row * scale + dy, colour);
        }
      }
    });
  }
  png(): Buffer {
    return encodePng(this.width, this.height, this.pixels);
  }
}

const WHITE: Rgb = [255, 255, 255];

/** An offer's brand image, 1200 x 350 as the spec wants: its colours, a few discs, its name and a tagline. */
export function brandBanner(name: string, tagline: string, from: Rgb, to: Rgb): Buffer {
  const canvas = new Canvas(1200, 350);
  canvas.gradient(from, to);
  canvas.disc(1040, 70, 190, WHITE, 0.08);
  canvas.disc(1130, 300, 120, WHITE, 0.1);
  canvas.disc(90, 330, 90, WHITE, 0.06);
  const scale = Math.max(6, Math.min(16, Math.floor(1000 / Math.max(1, textWidth(name, 1)))));
  canvas.text(name, 80, 175 - 7 * scale, scale, WHITE);
  canvas.text(tagline, 84, 205, 4, WHITE);
  return canvas.png();
}

/** A template's visual, 320 x 240: the brand's colours and a call to action. */
export function templateVisual(label: string, from: Rgb, to: Rgb): Buffer {
  const canvas = new Canvas(320, 240);
  canvas.gradient(to, from);
  canvas.disc(260, 50, 80, WHITE, 0.12);
  const scale = Math.max(2, Math.min(5, Math.floor(280 / Math.max(1, textWidth(label, 1)))));
  canvas.text(label, 20, 100, scale, WHITE);
  canvas.text('JOIN NOW', 20, 180, 3, WHITE);
  return canvas.png();
}
