import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeEvent, parseTcpUri, WyomingDecoder, WyomingEngine, type WyomingEvent } from './wyoming.js';

/** A small Wyoming ASR server: records what it got and answers `transcript` on audio-stop. */
function fakeServer(
  answer: (events: WyomingEvent[]) => WyomingEvent[],
): Promise<{ server: Server; uri: string; sessions: WyomingEvent[][] }> {
  const sessions: WyomingEvent[][] = [];
  const server = createServer((socket: Socket) => {
    const decoder = new WyomingDecoder();
    const got: WyomingEvent[] = [];
    sessions.push(got);
    socket.on('data', (chunk: Buffer) => {
      for (const ev of decoder.push(chunk)) {
        got.push(ev);
        if (ev.type === 'audio-stop' || ev.type === 'describe')
          for (const out of answer(got)) socket.write(encodeEvent(out));
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      resolve({
        server,
        uri: `tcp://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`,
        sessions,
      });
    }),
  );
}

describe('Wyoming codec', () => {
  it('round-trips events with data and payload, split across reads at any byte', () => {
    const events: WyomingEvent[] = [
      { type: 'audio-start', data: { rate: 16000, width: 2, channels: 1 } },
      {
        type: 'audio-chunk',
        data: { rate: 16000, width: 2, channels: 1 },
        payload: Buffer.from([1, 2, 3, 4]),
      },
      { type: 'audio-stop', data: {} },
    ];
    const bytes = Buffer.concat(events.map(encodeEvent));
    const d = new WyomingDecoder();
    const out: WyomingEvent[] = [];
    for (let i = 0; i < bytes.length; i++) out.push(...d.push(bytes.subarray(i, i + 1)));
    expect(out.map((e) => e.type)).toEqual(['audio-start', 'audio-chunk', 'audio-stop']);
    expect(out[0]!.data).toEqual({ rate: 16000, width: 2, channels: 1 });
    expect([...out[1]!.payload!]).toEqual([1, 2, 3, 4]);
  });

  it('merges the data block over data in the header line', () => {
    const d = new WyomingDecoder();
    const block = Buffer.from('{"text":"from block"}');
    const [ev] = d.push(
      Buffer.concat([
        Buffer.from(
          `{"type":"transcript","data":{"text":"header","language":"en"},"data_length":${block.length}}\n`,
        ),
        block,
      ]),
    );
    expect(ev!.data).toEqual({ text: 'from block', language: 'en' });
  });

  it('accepts only tcp://host:port addresses', () => {
    expect(parseTcpUri('tcp://10.0.0.5:10300')).toEqual({ host: '10.0.0.5', port: 10300 });
    expect(() => parseTcpUri('http://x:1')).toThrow(/tcp:\/\/host:port/);
  });
});

describe('Wyoming speech-to-text client', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.close();
    server = undefined;
  });

  it('sends transcribe, audio-start, chunks and audio-stop, and returns the transcript', async () => {
    const fake = await fakeServer(() => [
      { type: 'transcript', data: { text: 'turn on the kitchen light' } },
    ]);
    server = fake.server;
    const pcm = Int16Array.from({ length: 5000 }, (_, i) => i % 100);
    const r = await new WyomingEngine(fake.uri).transcribe(pcm);
    expect(r.text).toBe('turn on the kitchen light');
    const got = fake.sessions[0]!;
    expect(got[0]).toMatchObject({ type: 'transcribe', data: { language: 'en' } });
    expect(got[1]).toMatchObject({ type: 'audio-start', data: { rate: 16000, width: 2, channels: 1 } });
    const chunks = got.filter((e) => e.type === 'audio-chunk');
    expect(Buffer.concat(chunks.map((c) => c.payload!)).equals(Buffer.from(pcm.buffer))).toBe(true);
    expect(got[got.length - 1]!.type).toBe('audio-stop');
  });

  it('reports available when the server answers describe, unavailable when nothing listens', async () => {
    const fake = await fakeServer(() => [{ type: 'info', data: { asr: [{ name: 'fake-whisper' }] } }]);
    server = fake.server;
    expect(await new WyomingEngine(fake.uri).status()).toMatchObject({
      name: 'wyoming',
      available: true,
      detail: expect.stringContaining('fake-whisper'),
    });
    fake.server.close();
    server = undefined;
    expect((await new WyomingEngine(fake.uri).status()).available).toBe(false);
  });

  it('turns a server error event into a failure', async () => {
    const fake = await fakeServer(() => [{ type: 'error', data: { text: 'model not loaded' } }]);
    server = fake.server;
    await expect(new WyomingEngine(fake.uri).transcribe(new Int16Array(100))).rejects.toThrow(
      /model not loaded/,
    );
  });
});
