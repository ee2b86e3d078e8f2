/**
 * WAV in, 16 kHz mono 16-bit PCM out. Browsers and synthesizers produce other rates (flite's
 * `kal` is 8 kHz, espeak-ng 22,050 Hz) and stereo; converting here means no sox at run time.
 * Resampling is linear interpolation, deterministic and good enough for an 8 kHz-band model.
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

/** Downmix to mono and resample to 16 kHz. */
export function toSpeechPcm(pcm: Pcm): Int16Array {
  const { channels, rate } = pcm;
  const frames = Math.floor(pcm.samples.length / channels);
  const mono = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += pcm.samples[f * channels + c]!;
    mono[f] = sum / channels;
  }
  if (rate === RATE) return Int16Array.from(mono, (v) => Math.round(v));
  const outLen = Math.floor((frames * RATE) / rate);
  const out = new Int16Array(outLen);
  const step = rate / RATE;
  // downsampling: average over the source span first so higher frequencies do not alias
  const span = step > 1 ? Math.floor(step) : 1;
  for (let i = 0; i < outLen; i++) {
    const pos = i * step;
    const j = Math.floor(pos);
    const frac = pos - j;
    const at = (k: number) => {
      let s = 0;
      let cnt = 0;
      for (let m = 0; m < span && k + m < frames; m++) {
        s += mono[k + m]!;
        cnt++;
      }
      return cnt ? s / cnt : 0;
    };
    const a = at(j);
    const b = j + 1 < frames ? at(j + 1) : a;
    out[i] = Math.max(-32768, Math.min(32767, Math.round(a + (b - a) * frac)));
  }
  return out;
}

/** A 16 kHz mono 16-bit WAV file around `samples`. */
export function writeWav(samples: Int16Array, rate = RATE): Buffer {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const h = Buffer.alloc(44);
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
