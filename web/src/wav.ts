/**
 * Records from the microphone and returns a function that stops and yields a 16 kHz mono
 * 16-bit WAV (what POST /api/ai/voice takes natively): raw samples through the Web Audio API,
 * resampled with an OfflineAudioContext, so no codec is needed on either side.
 */
export async function recordWav(): Promise<() => Promise<Blob>> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1 } });
  const ctx = new AudioContext();
  const source = ctx.createMediaStreamSource(stream);
  // ScriptProcessor is deprecated but needs no separate worklet file and works everywhere.
  const proc = ctx.createScriptProcessor(4096, 1, 1);
  const chunks: Float32Array[] = [];
  proc.onaudioprocess = (ev) => chunks.push(new Float32Array(ev.inputBuffer.getChannelData(0)));
  source.connect(proc);
  proc.connect(ctx.destination);
  return async () => {
    proc.disconnect();
    source.disconnect();
    stream.getTracks().forEach((t) => t.stop());
    const rate = ctx.sampleRate;
    await ctx.close();
    const length = chunks.reduce((n, c) => n + c.length, 0);
    const input = new Float32Array(length);
    let at = 0;
    for (const c of chunks) { input.set(c, at); at += c.length; }
    const outLength = Math.max(1, Math.round((length * 16000) / rate));
    const offline = new OfflineAudioContext(1, outLength, 16000);
    const buffer = offline.createBuffer(1, Math.max(1, length), rate);
    buffer.copyToChannel(input, 0);
    const src = offline.createBufferSource();
    src.buffer = buffer;
    src.connect(offline.destination);
    src.start();
    const rendered = await offline.startRendering();
    return encodeWav(rendered.getChannelData(0), 16000);
  };
}

export function encodeWav(samples: Float32Array, rate: number): Blob {
  const out = new DataView(new ArrayBuffer(44 + samples.length * 2));
  const text = (o: number, s: string) => { for (let i = 0; i < s.length; i++) out.setUint8(o + i, s.charCodeAt(i)); };
  text(0, 'RIFF'); out.setUint32(4, 36 + samples.length * 2, true); text(8, 'WAVE');
  text(12, 'fmt '); out.setUint32(16, 16, true); out.setUint16(20, 1, true); out.setUint16(22, 1, true);
  out.setUint32(24, rate, true); out.setUint32(28, rate * 2, true); out.setUint16(32, 2, true); out.setUint16(34, 16, true);
  text(36, 'data'); out.setUint32(40, samples.length * 2, true);
  samples.forEach((s, i) => out.setInt16(44 + i * 2, Math.max(-1, Math.min(1, s)) * 0x7fff, true));
  return new Blob([out], { type: 'audio/wav' });
}
