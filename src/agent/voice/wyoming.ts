/**
 * A Wyoming speech-to-text client (the Home Assistant voice protocol, voice.md). Each event is
 * one JSON header line, then optionally `data_length` bytes of JSON data (merged over the
 * header's `data`) and `payload_length` bytes of binary payload. One TCP connection per
 * utterance: transcribe → audio-start → audio-chunk… → audio-stop, then read until `transcript`.
 */
import { connect, type Socket } from 'node:net';
import type { EngineStatus, SttEngine, SttResult } from './engine.js';
import { RATE } from './wav.js';

export interface WyomingEvent {
  type: string;
  data: Record<string, unknown>;
  payload?: Buffer | undefined;
}

export function encodeEvent(ev: WyomingEvent): Buffer {
  const data = Buffer.from(JSON.stringify(ev.data), 'utf8');
  const header: Record<string, unknown> = { type: ev.type, version: '1.5.0', data_length: data.length };
  if (ev.payload?.length) header.payload_length = ev.payload.length;
  return Buffer.concat([
    Buffer.from(`${JSON.stringify(header)}\n`, 'utf8'),
    data,
    ev.payload ?? Buffer.alloc(0),
  ]);
}

/** Incremental decoder: feed TCP chunks, get whole events (events may split across reads). */
export class WyomingDecoder {
  private buf = Buffer.alloc(0);

  push(chunk: Buffer): WyomingEvent[] {
    this.buf = Buffer.concat([this.buf, chunk]);
    const out: WyomingEvent[] = [];
    for (;;) {
      const nl = this.buf.indexOf(0x0a);
      if (nl < 0) return out;
      const header = JSON.parse(this.buf.subarray(0, nl).toString('utf8')) as {
        type?: unknown;
        data?: Record<string, unknown>;
        data_length?: number;
        payload_length?: number;
      };
      const dataLen = header.data_length ?? 0;
      const payloadLen = header.payload_length ?? 0;
      const end = nl + 1 + dataLen + payloadLen;
      if (this.buf.length < end) return out;
      const extra =
        dataLen > 0
          ? (JSON.parse(this.buf.subarray(nl + 1, nl + 1 + dataLen).toString('utf8')) as Record<
              string,
              unknown
            >)
          : {};
      const payload = payloadLen > 0 ? Buffer.from(this.buf.subarray(nl + 1 + dataLen, end)) : undefined;
      this.buf = this.buf.subarray(end);
      if (typeof header.type !== 'string') throw new Error('Wyoming event without a type');
      out.push({ type: header.type, data: { ...(header.data ?? {}), ...extra }, payload });
    }
  }
}

export function parseTcpUri(uri: string): { host: string; port: number } {
  const m = /^tcp:\/\/([^:/]+|\[[^\]]+\]):(\d+)\/?$/.exec(uri.trim());
  if (!m) throw new Error(`HEARTH_WYOMING_STT must look like tcp://host:port, not "${uri}"`);
  return { host: m[1]!.replace(/^\[|\]$/g, ''), port: Number(m[2]) };
}

const CHUNK_SAMPLES = 1024;

export class WyomingEngine implements SttEngine {
  readonly name = 'wyoming';
  private readonly target: { host: string; port: number };

  constructor(
    readonly uri: string,
    private readonly timeoutMs = 15_000,
    private readonly language = 'en',
  ) {
    this.target = parseTcpUri(uri);
  }

  /** Available when the server answers `describe` with an `info` event. */
  async status(): Promise<EngineStatus> {
    try {
      const info = await this.exchange([{ type: 'describe', data: {} }], 'info', 3000);
      const asr = (info.data.asr as { name?: string }[] | undefined) ?? [];
      return {
        name: this.name,
        available: true,
        detail: `${this.uri}${asr.length ? ` (${asr.map((a) => a.name).join(', ')})` : ''}`,
      };
    } catch (err) {
      return {
        name: this.name,
        available: false,
        detail: `${this.uri}: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
  }

  async transcribe(pcm: Int16Array): Promise<SttResult> {
    const fmt = { rate: RATE, width: 2, channels: 1 };
    const bytes = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
    const events: WyomingEvent[] = [
      { type: 'transcribe', data: { language: this.language } },
      { type: 'audio-start', data: { ...fmt, timestamp: 0 } },
    ];
    for (let i = 0; i < bytes.length; i += CHUNK_SAMPLES * 2) {
      events.push({
        type: 'audio-chunk',
        data: { ...fmt, timestamp: Math.round((i / 2 / RATE) * 1000) },
        payload: bytes.subarray(i, i + CHUNK_SAMPLES * 2),
      });
    }
    events.push({ type: 'audio-stop', data: { timestamp: Math.round((bytes.length / 2 / RATE) * 1000) } });
    const ev = await this.exchange(events, 'transcript', this.timeoutMs);
    const text = typeof ev.data.text === 'string' ? ev.data.text.trim() : '';
    return text
      ? { text, passes: { wyoming: text } }
      : { text: '', rejected: 'empty transcript', passes: { wyoming: '' } };
  }

  /** Sends the events on a fresh connection and resolves with the first event of type `want`. */
  private exchange(events: WyomingEvent[], want: string, timeoutMs: number): Promise<WyomingEvent> {
    return new Promise((resolve, reject) => {
      const socket: Socket = connect(this.target.port, this.target.host);
      const decoder = new WyomingDecoder();
      const done = (err: Error | undefined, ev?: WyomingEvent) => {
        clearTimeout(timer);
        socket.destroy();
        if (err) reject(err);
        else resolve(ev!);
      };
      const timer = setTimeout(() => done(new Error(`no ${want} within ${timeoutMs} ms`)), timeoutMs);
      socket.on('connect', () => {
        for (const ev of events) socket.write(encodeEvent(ev));
      });
      socket.on('data', (chunk: Buffer) => {
        try {
          for (const ev of decoder.push(chunk)) {
            if (ev.type === want) return done(undefined, ev);
            if (ev.type === 'error')
              return done(
                new Error(`server error: ${typeof ev.data.text === 'string' ? ev.data.text : 'unknown'}`),
              );
          }
        } catch (err) {
          done(err as Error);
        }
      });
      socket.on('error', (err) => done(err));
      socket.on('close', () => done(new Error(`connection closed before ${want}`)));
    });
  }
}
