/**
 * A tiny baseline JPEG encoder for the camera simulator: greyscale, one 8×8 block per "pixel" of
 * a coarse picture, DC coefficients only (every AC coefficient zero), so each block is one flat
 * shade. Enough for a valid image that a browser decodes and that differs from frame to frame;
 * not a general encoder.
 */

/** Huffman table for DC categories 0–11: every code four bits long (0000 … 1011). */
const DC_BITS = [0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const DC_SYMBOLS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
/** AC table with one symbol, end-of-block (0x00), code "0". */
const AC_BITS = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const AC_SYMBOLS = [0];

class BitWriter {
  private bytes: number[] = [];
  private acc = 0;
  private n = 0;

  write(value: number, length: number) {
    for (let i = length - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >> i) & 1);
      if (++this.n === 8) this.flushByte();
    }
  }

  private flushByte() {
    this.bytes.push(this.acc);
    if (this.acc === 0xff) this.bytes.push(0); // byte stuffing
    this.acc = 0;
    this.n = 0;
  }

  finish(): number[] {
    while (this.n !== 0) this.write(1, 1); // pad with ones
    return this.bytes;
  }
}

function segment(marker: number, payload: number[]): number[] {
  const length = payload.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...payload];
}

/**
 * Encodes `shades` (rows of grey levels 0–255, one per 8×8 block) as a JPEG of
 * `8·columns × 8·rows` pixels; `comment` goes into a COM segment.
 */
export function encodeBlockJpeg(shades: number[][], comment = ''): Buffer {
  const rows = shades.length;
  const cols = shades[0]?.length ?? 0;
  const width = cols * 8;
  const height = rows * 8;
  const out: number[] = [0xff, 0xd8];
  if (comment) out.push(...segment(0xfe, [...Buffer.from(comment, 'latin1')]));
  out.push(...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)])); // quantisation: all ones
  out.push(...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]));
  out.push(...segment(0xc4, [0x00, ...DC_BITS, ...DC_SYMBOLS]));
  out.push(...segment(0xc4, [0x10, ...AC_BITS, ...AC_SYMBOLS]));
  out.push(...segment(0xda, [1, 1, 0x00, 0, 63, 0]));
  const bits = new BitWriter();
  let previous = 0;
  for (const row of shades)
    for (const shade of row) {
      // The block's mean is DC / 8 after the level shift of 128.
      const dc = Math.max(-1024, Math.min(1016, Math.round((shade - 128) * 8)));
      const diff = dc - previous;
      previous = dc;
      const magnitude = Math.abs(diff);
      const category = magnitude === 0 ? 0 : Math.floor(Math.log2(magnitude)) + 1;
      bits.write(category, 4);
      if (category > 0) bits.write(diff > 0 ? diff : diff + (1 << category) - 1, category);
      bits.write(0, 1); // end of block
    }
  out.push(...bits.finish(), 0xff, 0xd9);
  return Buffer.from(out);
}

/** True when the bytes start like a JPEG (SOI marker followed by another marker). */
export function looksLikeJpeg(bytes: Buffer): boolean {
  return bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}
