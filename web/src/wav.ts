/**
 * Records from the microphone and yields a 16 kHz mono 16-bit WAV (what POST /api/ai/voice
 * takes natively): raw samples through the Web Audio API, resampled with an
 * OfflineAudioContext, so no codec is needed on either side.
 */
export interface Recording {
  /** Stops and returns the WAV. */
  stop(): Promise<Blob>;
  /** Stops and throws the audio away (leaving the page while recording must close the microphone). */
  cancel(): void;
}

/** Why the microphone cannot be used on this page, in words, or null when it can. */
export function microphoneProblem(): string | null {
  // `navigator.mediaDevices` is missing on pages that are not secure (plain http).
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
  if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia)
    return `Browsers allow the microphone only on secure pages: open Hearth over HTTPS, or as http://localhost on this machine (this page is ${location.protocol}//${location.host}). You can still type.`;
  return null;
}

export async function recordWav(): Promise<Recording> {
  const problem = microphoneProblem();
  if (problem) throw new Error(problem);
  // Made before the permission prompt, while the click still counts as a user gesture: an
  // AudioContext made after a prompt the person took a while to answer starts suspended, and
  // would record nothing but silence.
  const ctx = new AudioContext();
  let stream: MediaStream;
  try {
    // Echo cancellation, noise suppression and gain control are for calls; they smear and
    // clip speech that a recogniser would otherwise read well.
    stream = await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: 1, echoCancellation: false, noiseSuppression: false, autoGainControl: false },
    });
  } catch (err) {
    void ctx.close();
    throw err;
  }
  if (ctx.state === 'suspended') await ctx.resume();
  const source = ctx.createMediaStreamSource(stream);
  // ScriptProcessor is deprecated but needs no separate worklet file and works everywhere: an
  // AudioWorklet needs a module file the Content-Security-Policy allows, loaded before recording.
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- see above
  const proc = ctx.createScriptProcessor(4096, 1, 1);
  const chunks: Float32Array[] = [];
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- see above
  proc.onaudioprocess = (ev) => chunks.push(new Float32Array(ev.inputBuffer.getChannelData(0)));
  source.connect(proc);
  proc.connect(ctx.destination);
  let closed = false;
  const close = async () => {
    closed = true;
    proc.disconnect();
    source.disconnect();
    stream.getTracks().forEach((t) => t.stop());
    await ctx.close();
  };
  return {
    cancel: () => {
      if (!closed) void close();
    },
    stop: async () => {
      const rate = ctx.sampleRate;
      if (!closed) await close();
      return encodeWav(await resample(chunks, rate, 16000), 16000);
    },
  };
}

/**
 * Resamples to `to` Hz. The low-pass comes first because an AudioBufferSourceNode resamples by
 * interpolation alone: hiss and sibilants above the new Nyquist frequency (8–24 kHz from a 48 kHz
 * microphone) would otherwise fold back into the speech band the recogniser listens to.
 */
export async function resample(chunks: Float32Array[], rate: number, to: number): Promise<Float32Array> {
  const length = chunks.reduce((n, c) => n + c.length, 0);
  const input = new Float32Array(Math.max(1, length));
  let at = 0;
  for (const c of chunks) {
    input.set(c, at);
    at += c.length;
  }
  if (rate === to) return input;
  const offline = new OfflineAudioContext(1, input.length, rate);
  const buffer = offline.createBuffer(1, input.length, rate);
  buffer.copyToChannel(input, 0);
  const src = offline.createBufferSource();
  src.buffer = buffer;
  let node: AudioNode = src;
  for (let i = 0; i < 3; i++) {
    const lowpass = offline.createBiquadFilter();
    lowpass.type = 'lowpass';
    lowpass.frequency.value = to * 0.45;
    node.connect(lowpass);
    node = lowpass;
  }
  node.connect(offline.destination);
  src.start();
  const filtered = (await offline.startRendering()).getChannelData(0);
  const out = new Float32Array(Math.max(1, Math.floor((filtered.length * to) / rate)));
  const step = rate / to;
  for (let i = 0; i < out.length; i++) {
    const x = i * step;
    const j = Math.floor(x);
    const next = filtered[Math.min(j + 1, filtered.length - 1)]!;
    out[i] = filtered[j]! + (next - filtered[j]!) * (x - j);
  }
  return out;
}

export function encodeWav(samples: Float32Array, rate: number): Blob {
  const out = new DataView(new ArrayBuffer(44 + samples.length * 2));
  const text = (o: number, s: string) => {
    for (let i = 0; i < s.length; i++) out.setUint8(o + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  out.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  out.setUint32(16, 16, true);
  out.setUint16(20, 1, true);
  out.setUint16(22, 1, true);
  out.setUint32(24, rate, true);
  out.setUint32(28, rate * 2, true);
  out.setUint16(32, 2, true);
  out.setUint16(34, 16, true);
  text(36, 'data');
  out.setUint32(40, samples.length * 2, true);
  samples.forEach((s, i) => out.setInt16(44 + i * 2, Math.max(-1, Math.min(1, s)) * 0x7fff, true));
  return new Blob([out], { type: 'audio/wav' });
}
