/** Colours as people say them: names, `#rrggbb`, `rgb(r,g,b)` or `[r,g,b]`. */
export type Rgb = [number, number, number];

export const COLOR_NAMES: Record<string, Rgb> = {
  white: [255, 255, 255],
  black: [0, 0, 0],
  red: [255, 0, 0],
  orange: [255, 165, 0],
  yellow: [255, 255, 0],
  green: [0, 255, 0],
  blue: [0, 0, 255],
  purple: [128, 0, 128],
  brown: [165, 42, 42],
  pink: [255, 192, 203],
  turquoise: [64, 224, 208],
  cyan: [0, 255, 255],
  magenta: [255, 0, 255],
  violet: [238, 130, 238],
  warm_white: [255, 214, 170],
  cool_white: [235, 245, 255],
  gold: [255, 215, 0],
  teal: [0, 128, 128],
};

export function parseColor(value: unknown): Rgb | undefined {
  if (Array.isArray(value)) {
    if (
      value.length === 3 &&
      value.every((v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 255)
    )
      return value as Rgb;
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

/**
 * Colour conversions between Hearth's [r,g,b] and what lights report over their protocols
 * (Zigbee, MQTT discovery, Matter): CIE xy (brightness carried separately), hue/saturation and
 * mired colour temperature. sRGB with its gamma curve, D65 white.
 */
const toLinear = (c: number) => {
  const v = c / 255;
  return v > 0.04045 ? ((v + 0.055) / 1.055) ** 2.4 : v / 12.92;
};
const fromLinear = (v: number) => {
  const c = v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
  return Math.max(0, Math.min(255, Math.round(c * 255)));
};

export function rgbToXy([r, g, b]: Rgb): { x: number; y: number } {
  const R = toLinear(r);
  const G = toLinear(g);
  const B = toLinear(b);
  const X = R * 0.4124 + G * 0.3576 + B * 0.1805;
  const Y = R * 0.2126 + G * 0.7152 + B * 0.0722;
  const Z = R * 0.0193 + G * 0.1192 + B * 0.9505;
  const sum = X + Y + Z;
  if (sum === 0) return { x: 0.3127, y: 0.329 };
  return { x: round4(X / sum), y: round4(Y / sum) };
}

/** xy → the brightest [r,g,b] of that chromaticity (Zigbee reports brightness apart). */
export function xyToRgb(x: number, y: number): Rgb {
  if (y <= 0) return [255, 255, 255];
  const Y = 1;
  const X = (x / y) * Y;
  const Z = ((1 - x - y) / y) * Y;
  let R = X * 3.2406 - Y * 1.5372 - Z * 0.4986;
  let G = -X * 0.9689 + Y * 1.8758 + Z * 0.0415;
  let B = X * 0.0557 - Y * 0.204 + Z * 1.057;
  R = Math.max(0, R);
  G = Math.max(0, G);
  B = Math.max(0, B);
  const max = Math.max(R, G, B, 1e-9);
  return [fromLinear(R / max), fromLinear(G / max), fromLinear(B / max)];
}

/** hue 0–360, saturation 0–100 → full-value [r,g,b]. */
export function hsToRgb(hue: number, saturation: number): Rgb {
  const s = Math.max(0, Math.min(100, saturation)) / 100;
  const h = (((hue % 360) + 360) % 360) / 60;
  const c = s;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] =
    h < 1
      ? [c, x, 0]
      : h < 2
        ? [x, c, 0]
        : h < 3
          ? [0, c, x]
          : h < 4
            ? [0, x, c]
            : h < 5
              ? [x, 0, c]
              : [c, 0, x];
  const m = 1 - c;
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

export const kelvinToMired = (k: number) => Math.round(1_000_000 / k);
export const miredToKelvin = (m: number) => Math.round(1_000_000 / m);

function round4(n: number) {
  return Math.round(n * 10_000) / 10_000;
}
