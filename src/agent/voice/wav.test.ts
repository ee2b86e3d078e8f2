import { describe, expect, it } from 'vitest';
import { parseWav, toSpeechPcm, WavError, writeWav } from './wav.js';

function wav(
  rate: number,
  channels: number,
  bits: number,
  frames: number,
  sample: (f: number, c: number) => number,
  format = 1,
): Buffer {
  const bytes = bits / 8;
  const data = Buffer.alloc(frames * channels * bytes);
  for (let f = 0; f < frames; f++) {
    for (let c = 0; c < channels; c++) {
      const o = (f * channels + c) * bytes;
      const v = sample(f, c);
      if (format === 3) data.writeFloatLE(v / 32768, o);
      else if (bits === 8) data[o] = (v >> 8) + 128;
      else if (bits === 16) data.writeInt16LE(v, o);
      else data.writeIntLE(v << 8, o, 3);
    }
  }
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(format, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * channels * bytes, 28);
  h.writeUInt16LE(channels * bytes, 32);
  h.writeUInt16LE(bits, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

describe('WAV conversion to 16 kHz mono', () => {
  it('passes 16 kHz mono 16-bit through unchanged', () => {
    const src = wav(16000, 1, 16, 100, (f) => f * 10 - 500);
    const out = toSpeechPcm(parseWav(src));
    expect([...out]).toEqual(Array.from({ length: 100 }, (_, f) => f * 10 - 500));
    expect(writeWav(out)).toEqual(src);
  });

  it('downmixes stereo by averaging the channels', () => {
    const out = toSpeechPcm(parseWav(wav(16000, 2, 16, 4, (_f, c) => (c === 0 ? 1000 : 3000))));
    expect([...out]).toEqual([2000, 2000, 2000, 2000]);
  });

  it('resamples 48 kHz to a third of the samples and 8 kHz to twice as many', () => {
    expect(toSpeechPcm(parseWav(wav(48000, 1, 16, 4800, () => 100))).length).toBe(1600);
    const up = toSpeechPcm(parseWav(wav(8000, 1, 16, 800, (f) => (f % 2 ? 1000 : 0))));
    expect(up.length).toBe(1600);
    expect(Math.abs(up[1]! - 500)).toBeLessThanOrEqual(1); // halfway between two source samples (± dither)
  });

  it('keeps a 440 Hz tone at 440 Hz when resampling 22,050 Hz', () => {
    const out = toSpeechPcm(
      parseWav(wav(22050, 1, 16, 22050, (f) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * f) / 22050)))),
    );
    let crossings = 0;
    for (let i = 1; i < out.length; i++) if (out[i - 1]! < 0 && out[i]! >= 0) crossings++;
    expect(crossings).toBeGreaterThanOrEqual(439);
    expect(crossings).toBeLessThanOrEqual(441);
  });

  it('filters what lies above 8 kHz before downsampling instead of folding it into the band', () => {
    // a 10 kHz tone at 22,050 Hz would alias to 6 kHz (where the model listens) without the filter
    const tone = (hz: number) =>
      toSpeechPcm(
        parseWav(
          wav(22050, 1, 16, 22050, (f) => Math.round(8000 * Math.sin((2 * Math.PI * hz * f) / 22050))),
        ),
        { antiAlias: true },
      );
    const rms = (a: Int16Array) => Math.sqrt(a.reduce((s, v) => s + v * v, 0) / a.length);
    expect(rms(tone(10_000))).toBeLessThan(8); // > 50 dB down from the 5,657 RMS input
    expect(rms(tone(3000))).toBeGreaterThan(5500); // the speech band passes
  });

  it('upsamples 8 kHz band-limited when asked: the tone kept, nothing imaged above 4 kHz', () => {
    // a 3 kHz tone at 8 kHz: linear interpolation leaves an image at 5 kHz, the windowed sinc not
    const up = (bandLimitedUp: boolean) =>
      toSpeechPcm(
        parseWav(wav(8000, 1, 16, 8000, (f) => Math.round(8000 * Math.sin((2 * Math.PI * 3000 * f) / 8000)))),
        { bandLimitedUp },
      );
    // the 5 kHz image's amplitude: correlate with a 5 kHz sine and cosine away from the ends
    const at = (a: Int16Array, hz: number) => {
      let s = 0;
      let c = 0;
      for (let i = 800; i < a.length - 800; i++) {
        s += a[i]! * Math.sin((2 * Math.PI * hz * i) / 16000);
        c += a[i]! * Math.cos((2 * Math.PI * hz * i) / 16000);
      }
      return (2 * Math.hypot(s, c)) / (a.length - 1600);
    };
    expect(at(up(true), 3000)).toBeGreaterThan(7500);
    expect(at(up(true), 5000)).toBeLessThan(40); // > 45 dB down
    expect(at(up(false), 5000)).toBeGreaterThan(1000); // the image linear interpolation keeps
  });

  it('turns digital silence into a deterministic ±1 LSB floor when resampling', () => {
    const silence = () => toSpeechPcm(parseWav(wav(22050, 1, 16, 2205, () => 0)));
    const a = silence();
    expect(Math.max(...a.map(Math.abs))).toBeLessThanOrEqual(1);
    expect(a.some((v) => v !== 0)).toBe(true);
    expect([...silence()]).toEqual([...a]);
    const plain = toSpeechPcm(parseWav(wav(22050, 1, 16, 2205, () => 0)), { dither: false });
    expect(plain.every((v) => v === 0)).toBe(true);
  });

  it('reads 8-bit, 24-bit and float samples', () => {
    expect([...toSpeechPcm(parseWav(wav(16000, 1, 8, 2, () => 256 * 10)))]).toEqual([2560, 2560]);
    expect([...toSpeechPcm(parseWav(wav(16000, 1, 24, 2, () => -1234)))]).toEqual([-1234, -1234]);
    expect(Math.abs(toSpeechPcm(parseWav(wav(16000, 1, 32, 1, () => 16384, 3)))[0]! - 16384)).toBeLessThan(2);
  });

  it('rejects what is not a WAV file with a sentence', () => {
    expect(() => parseWav(Buffer.from('not audio at all'))).toThrow(WavError);
    expect(() => parseWav(wav(16000, 1, 16, 1, () => 0, 2))).toThrow(/send 16-bit PCM/);
  });
});
