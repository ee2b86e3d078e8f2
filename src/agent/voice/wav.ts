/**
 * WAV in, 16 kHz mono 16-bit PCM out. Browsers and synthesizers produce other rates (flite's
 * `kal` is 8 kHz, espeak-ng 22,050 Hz) and stereo; converting here means no sox at run time.
 * Deterministic (fixed-seed dither), so the same audio always gives the same transcript.
 */
export const RATE = 16_000;

export interface Pcm {
  rate: number;
  channels: number;
  samples: Int16Array;
}

export class WavError extends Error {}

/** Parses a RIFF/WAVE file with 8/16/24/32-bit integer or 32-bit float PCM samples. */
export function parseWav(buf: Buffer): Pcm {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    throw new WavError('The body is not a WAV file (RIFF/WAVE header missing).');
  }
  let fmt: { format: number; channels: number; rate: number; bits: number } | undefined;
  let off = 12;
  while (off + 8 <= buf.length) {
    const id = buf.toString('ascii', off, off + 4);
    // streaming writers (flite to a pipe, browsers) may leave the size at 0 or 0xFFFFFFFF
    let size = buf.readUInt32LE(off + 4);
    const body = off + 8;
    if (id === 'fmt ') {
      if (size < 16) throw new WavError('The WAV fmt chunk is too short.');
      let format = buf.readUInt16LE(body);
      if (format === 0xfffe && size >= 40) format = buf.readUInt16LE(body + 24); // WAVE_FORMAT_EXTENSIBLE
      fmt = {
        format,
        channels: buf.readUInt16LE(body + 2),
        rate: buf.readUInt32LE(body + 4),
        bits: buf.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!fmt) throw new WavError('The WAV data chunk comes before its fmt chunk.');
      if (size === 0 || body + size > buf.length) size = buf.length - body;
      return decode(buf.subarray(body, body + size), fmt);
    }
    off = body + size + (size % 2);
  }
  throw new WavError('The WAV file has no data chunk.');
}

function decode(data: Buffer, fmt: { format: number; channels: number; rate: number; bits: number }): Pcm {
  const { format, channels, rate, bits } = fmt;
  if (channels < 1 || channels > 8 || rate < 4000 || rate > 192_000)
    throw new WavError(`Unsupported WAV: ${channels} channels at ${rate} Hz.`);
  const bytes = bits / 8;
  const isFloat = format === 3 && bits === 32;
  if (!isFloat && (format !== 1 || ![8, 16, 24, 32].includes(bits))) {
    throw new WavError(`Unsupported WAV encoding (format ${format}, ${bits} bit); send 16-bit PCM.`);
  }
  const n = Math.floor(data.length / bytes);
  const out = new Int16Array(n);
  for (let i = 0; i < n; i++) {
    const o = i * bytes;
    let v: number;
    if (isFloat) v = Math.max(-1, Math.min(1, data.readFloatLE(o))) * 32767;
    else if (bits === 8) v = (data[o]! - 128) << 8;
    else if (bits === 16) v = data.readInt16LE(o);
    else if (bits === 24) v = data.readIntLE(o, 3) >> 8;
    else v = data.readInt32LE(o) >> 16;
    out[i] = v;
  }
  return { rate, channels, samples: out };
}

export interface ResampleOptions {
  /** Windowed-sinc anti-aliasing when downsampling (default off: see `toSpeechPcm`). */
  antiAlias?: boolean;
  /** ±1 LSB fixed-seed triangular dither after resampling (false: plain rounding). */
  dither?: boolean;
  /** Windowed-sinc interpolation when upsampling (default off: see `toSpeechPcm`). */
  bandLimitedUp?: boolean;
}

/**
 * Downmix to mono and resample to 16 kHz, then requantize with dither (below).
 *
 * Down (22,050, 44,100, 48,000 Hz …): by default the span average + linear interpolation.
 * A Kaiser-windowed sinc at 7.6 kHz (`antiAlias`) matches sox and stops a 10 kHz tone folding
 * to 6 kHz, but on the whole engine it cost exact commands on every espeak-ng voice measured
 * (bench/RESULTS.md, `bench/voice-ablation.ts`): the LM pass agrees with the grammar pass less
 * often. Kept as an option for measurement, not used by the service.
 *
 * Up (8 kHz phone and intercom audio): linear interpolation, on purpose. Its attenuated images
 * of the 0–4 kHz band stand in for the missing upper band, which the 16 kHz model uses to score
 * vowels and nasals. A band-limited upsampler (`bandLimitedUp`) leaves 4–8 kHz empty: with the
 * decoder's running cepstral mean it rejected nearly everything (5/40); with each utterance's
 * own mean (the engine since 2026-12) it comes within a few commands of linear interpolation
 * (bench/RESULTS.md, eighth round). Decoding 8 kHz natively with the band narrowed
 * (`-samprate 8000 -upperf 3900`) worked for one voice and failed for others (8/40).
 */
export function toSpeechPcm(pcm: Pcm, opts: ResampleOptions = {}): Int16Array {
  const { channels, rate } = pcm;
  const frames = Math.floor(pcm.samples.length / channels);
  const mono = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += pcm.samples[f * channels + c]!;
    mono[f] = sum / channels;
  }
  if (rate === RATE) return Int16Array.from(mono, (v) => Math.round(v));
  const out =
    rate > RATE
      ? (opts.antiAlias ?? false)
        ? downsample(mono, rate)
        : downsampleAverage(mono, rate)
      : (opts.bandLimitedUp ?? false)
        ? upsampleSinc(mono, rate)
        : upsampleLinear(mono, rate);
  return (opts.dither ?? true)
    ? requantize(out)
    : Int16Array.from(out, (v) => Math.max(-32768, Math.min(32767, Math.round(v))));
}

/**
 * Back to 16-bit with triangular dither of ±1 LSB from a fixed-seed generator (what sox does
 * with `-R`): deterministic, and it turns a synthesizer's or a gated microphone's digital
 * silence (runs of exact zeros, a third of espeak-ng's samples) into the faint noise floor
 * every real recording has. Without it pocketsphinx's noise and silence estimates go wrong on
 * such input (espeak-ng en-gb 24/40 → 31/40 in the grammar pass; bench/RESULTS.md).
 */
function requantize(out: Float64Array): Int16Array {
  let seed = 0x2545f491;
  const rnd = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 4294967296;
  };
  return Int16Array.from(out, (v) => Math.max(-32768, Math.min(32767, Math.round(v + rnd() - rnd()))));
}

/** The former downsampler: average over the source span, then linear interpolation. */
function downsampleAverage(mono: Float64Array, rate: number): Float64Array {
  const frames = mono.length;
  const outLen = Math.floor((frames * RATE) / rate);
  const out = new Float64Array(outLen);
  const step = rate / RATE;
  const span = Math.floor(step);
  const at = (k: number) => {
    let s = 0;
    let cnt = 0;
    for (let m = 0; m < span && k + m < frames; m++) {
      s += mono[k + m]!;
      cnt++;
    }
    return cnt ? s / cnt : 0;
  };
  for (let i = 0; i < outLen; i++) {
    const pos = i * step;
    const j = Math.floor(pos);
    const a = at(j);
    const b = j + 1 < frames ? at(j + 1) : a;
    out[i] = a + (b - a) * (pos - j);
  }
  return out;
}

function upsampleLinear(mono: Float64Array, rate: number): Float64Array {
  const frames = mono.length;
  const outLen = Math.floor((frames * RATE) / rate);
  const out = new Float64Array(outLen);
  const step = rate / RATE;
  for (let i = 0; i < outLen; i++) {
    const pos = i * step;
    const j = Math.floor(pos);
    const a = mono[j] ?? 0;
    const b = j + 1 < frames ? mono[j + 1]! : a;
    out[i] = a + (b - a) * (pos - j);
  }
  return out;
}

/** Cut-off of the anti-aliasing filter (Hz): 95 % of the new Nyquist frequency, as sox does. */
export const CUTOFF_HZ = 7600;
/** Half-width of the filter in output samples; 16 gives > 60 dB stop-band with the Kaiser window. */
const HALF_TAPS = 16;
const KAISER_BETA = 7;

/** The Kaiser window tabulated over |x| / half-width in [0, 1] (interpolated when read). */
const WINDOW = (() => {
  const n = 4096;
  const t = new Float64Array(n + 2);
  const i0b = besselI0(KAISER_BETA);
  for (let i = 0; i <= n; i++) t[i] = besselI0(KAISER_BETA * Math.sqrt(Math.max(0, 1 - (i / n) ** 2))) / i0b;
  return t;
})();

function kaiser(r: number): number {
  const p = Math.abs(r) * (WINDOW.length - 2);
  const j = Math.floor(p);
  if (j >= WINDOW.length - 2) return WINDOW[WINDOW.length - 2]!;
  return WINDOW[j]! + (WINDOW[j + 1]! - WINDOW[j]!) * (p - j);
}

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 30; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
  }
  return sum;
}

function downsample(mono: Float64Array, rate: number): Float64Array {
  const frames = mono.length;
  const outLen = Math.floor((frames * RATE) / rate);
  const out = new Float64Array(outLen);
  const fc = CUTOFF_HZ / rate; // cut-off in cycles per input sample
  const half = Math.ceil((HALF_TAPS * rate) / RATE); // filter half-length in input samples
  for (let i = 0; i < outLen; i++) {
    const centre = (i * rate) / RATE;
    const lo = Math.max(0, Math.ceil(centre - half));
    const hi = Math.min(frames - 1, Math.floor(centre + half));
    let acc = 0;
    for (let k = lo; k <= hi; k++) {
      const x = k - centre;
      const w = kaiser(x / half);
      const sinc = x === 0 ? 2 * fc : Math.sin(2 * Math.PI * fc * x) / (Math.PI * x);
      acc += mono[k]! * sinc * w;
    }
    out[i] = acc;
  }
  return out;
}

/** Band-limited interpolation: a Kaiser-windowed sinc at 95 % of the input's Nyquist frequency. */
function upsampleSinc(mono: Float64Array, rate: number): Float64Array {
  const frames = mono.length;
  const outLen = Math.floor((frames * RATE) / rate);
  const out = new Float64Array(outLen);
  const fc = 0.475; // cut-off in cycles per input sample
  const half = HALF_TAPS / 2; // filter half-length in input samples
  for (let i = 0; i < outLen; i++) {
    const centre = (i * rate) / RATE;
    const lo = Math.max(0, Math.ceil(centre - half));
    const hi = Math.min(frames - 1, Math.floor(centre + half));
    let acc = 0;
    let gain = 0;
    for (let k = lo; k <= hi; k++) {
      const x = k - centre;
      const h = (x === 0 ? 2 * fc : Math.sin(2 * Math.PI * fc * x) / (Math.PI * x)) * kaiser(x / half);
      acc += mono[k]! * h;
      gain += h;
    }
    out[i] = gain > 0 ? acc / gain : 0;
  }
  return out;
}

/** The size of the header `writeWav` writes (a decoder reading raw samples skips it). */
export const WAV_HEADER_BYTES = 44;

/** A 16 kHz mono 16-bit WAV file around `samples`. */
export function writeWav(samples: Int16Array, rate = RATE): Buffer {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const h = Buffer.alloc(WAV_HEADER_BYTES);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}
