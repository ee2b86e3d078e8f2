import type { Server } from 'socket.io';

interface FrameOpts {
  wsPreEncodedFrame?: unknown;
}
interface Encoder {
  _encode?: (packet: unknown, opts: FrameOpts) => unknown;
}

/**
 * Joins each broadcast's pre-encoded WebSocket frame into one buffer, once per event.
 *
 * Socket.IO's in-memory adapter encodes a broadcast once and hands every websocket the ready
 * frame as `[header, payload]`; ws then sends it with cork + two writes + uncork, i.e. a writev
 * with its bookkeeping, per socket. One joined buffer makes each socket's send a single plain
 * write. On a fan-out to 1,000 clients that per-socket work is most of the server's CPU
 * (bench/RESULTS.md, "Fan-out"). The bytes on the wire are the same.
 *
 * `_encode` is the adapter's internal hook (socket.io-adapter 2.5); if a later version drops or
 * renames it, this does nothing and the adapter's own path runs unchanged.
 */
export function sendWholeFrames(io: Server): void {
  const adapter = io.of('/').adapter as unknown as Encoder;
  const encode = adapter._encode;
  if (typeof encode !== 'function') return;
  adapter._encode = function (packet, opts) {
    const encoded = encode.call(this, packet, opts);
    const frame = opts.wsPreEncodedFrame;
    if (
      Array.isArray(frame) &&
      frame.length === 2 &&
      Buffer.isBuffer(frame[0]) &&
      Buffer.isBuffer(frame[1])
    ) {
      opts.wsPreEncodedFrame = [Buffer.concat([frame[0], frame[1]])];
    }
    return encoded;
  };
}
