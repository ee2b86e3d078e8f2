/** The simulated camera's snapshot picture, drawn in 8×8 blocks for the block JPEG encoder. */

/**
 * A 320×240 picture: sky, a hill that shifts with the pan position (`panX`, −1…1), the frame
 * number, and a bright mark while there is motion.
 */
export function cameraPicture(frame: number, panX: number, motion: boolean): number[][] {
  const cols = 40;
  const rows = 30;
  const shift = Math.round(panX * 10);
  const out: number[][] = [];
  for (let r = 0; r < rows; r++) {
    const row: number[] = [];
    for (let c = 0; c < cols; c++) {
      const hill = 18 + Math.round(4 * Math.sin((c + shift) / 5));
      row.push(r < hill ? 200 - r * 3 : 70 + ((c + r) % 2) * 6);
    }
    out.push(row);
  }
  drawNumber(out, String(frame), 2, 2);
  if (motion) for (let c = 30; c < 38; c++) out[2]![c] = out[3]![c] = 250;
  return out;
}

/** 3×5 block digits. */
const DIGITS: Record<string, string> = {
  '0': '111101101101111',
  '1': '010110010010111',
  '2': '111001111100111',
  '3': '111001111001111',
  '4': '101101111001001',
  '5': '111100111001111',
  '6': '111100111101111',
  '7': '111001001001001',
  '8': '111101111101111',
  '9': '111101111001111',
};

function drawNumber(img: number[][], text: string, top: number, left: number) {
  text.split('').forEach((ch, i) => {
    const glyph = DIGITS[ch] ?? '';
    for (let k = 0; k < glyph.length; k++)
      if (glyph[k] === '1') img[top + Math.floor(k / 3)]![left + i * 4 + (k % 3)] = 20;
  });
}
