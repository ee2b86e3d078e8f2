/** Colours as people say them: names, `#rrggbb`, `rgb(r,g,b)` or `[r,g,b]`. */
export type Rgb = [number, number, number];

export const COLOR_NAMES: Record<string, Rgb> = {
  white: [255, 255, 255], black: [0, 0, 0], red: [255, 0, 0], orange: [255, 165, 0], yellow: [255, 255, 0],
  green: [0, 255, 0], blue: [0, 0, 255], purple: [128, 0, 128], brown: [165, 42, 42], pink: [255, 192, 203],
  turquoise: [64, 224, 208], cyan: [0, 255, 255], magenta: [255, 0, 255], violet: [238, 130, 238],
  warm_white: [255, 214, 170], cool_white: [235, 245, 255], gold: [255, 215, 0], teal: [0, 128, 128],
};

export function parseColor(value: unknown): Rgb | undefined {
  if (Array.isArray(value)) {
    if (value.length === 3 && value.every((v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 255)) return value as Rgb;
    return undefined;
  }
  if (typeof value !== 'string') return undefined;
  const s = value.trim().toLowerCase();
  const named = COLOR_NAMES[s.replace(/[\s-]+/g, '_')];
  if (named) return [...named];
  const hex = /^#?([0-9a-f]{6})$/.exec(s);
  if (hex) {
    const n = parseInt(hex[1]!, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(s);
  if (rgb) {
    const parts = rgb.slice(1, 4).map(Number) as Rgb;
    return parts.every((v) => v <= 255) ? parts : undefined;
  }
  return undefined;
}

export const toHex = ([r, g, b]: Rgb) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
