import type { Server, Socket } from 'socket.io';

/** How long events may gather before they are written while events keep coming (ms). */
const WINDOW_MS = 20;

/**
 * A client this far behind (bytes written to its connection that the kernel has not taken) is
 * not reading: it is disconnected rather than buffered without end (a Pi has little memory).
 * It reconnects and reloads the home, as after any disconnection.
 */
const MAX_BEHIND_BYTES = 8 * 1024 * 1024;

interface Queued {
  /** Undefined: every socket. */
  rooms: readonly string[] | undefined;
  event: string;
  payload: unknown;
}

interface RawWebSocket {
  readyState: number;
  _sender?: { sendFrame?: (list: Buffer[], cb?: (err?: Error) => void) => void };
  _socket?: { writableLength?: number };
}

/**
 * Household events to many sockets, written in batches.
 *
 * Socket.IO sends each broadcast to each socket as its own write: one system call per socket per
 * event. With 1,000 dashboards and a few hundred state changes a second that was over half the
 * service's CPU (bench/RESULTS.md, "Load with 1,000 clients"), and the event loop fell seconds
 * behind. Here events that arrive while a batch is being gathered are encoded once each (the
 * same `42["event",{…}]` text and WebSocket frame Socket.IO would send), and every websocket
 * gets all its frames of the batch in one write. The first event after a quiet spell goes out at
 * once (setImmediate); while events keep coming, a batch is written at most every 20 ms. Order is
 * kept per socket for everything sent through here. A socket still on HTTP long-polling (or
 * upgrading) gets the events through Socket.IO's own path.
 */
export class FanOut {
  private queue: Queued[] = [];
  private scheduled: NodeJS.Timeout | NodeJS.Immediate | undefined;
  private lastFlush = 0;

  constructor(
    private readonly io: Server,
    private readonly onSlowClient: (socket: Socket, behindBytes: number) => void = () => {},
  ) {}

  /** Queues `event` for the sockets in any of `rooms` (every socket when undefined). */
  send(rooms: readonly string[] | undefined, event: string, payload: unknown): void {
    this.queue.push({ rooms, event, payload });
    if (this.scheduled) return;
    const wait = this.lastFlush + WINDOW_MS - performance.now();
    this.scheduled = wait <= 0 ? setImmediate(() => this.flush()) : setTimeout(() => this.flush(), wait);
  }

  /** Writes everything queued now. */
  flush(): void {
    if (this.scheduled) {
      clearTimeout(this.scheduled as NodeJS.Timeout);
      clearImmediate(this.scheduled as NodeJS.Immediate);
    }
    this.scheduled = undefined;
    this.lastFlush = performance.now();
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    const nsp = this.io.of('/');
    const rooms = nsp.adapter.rooms;
    // Socket id -> the batch entries it gets, in order.
    const bySocket = new Map<string, number[]>();
    batch.forEach((item, i) => {
      const add = (id: string) => {
        const list = bySocket.get(id);
        if (!list) bySocket.set(id, [i]);
        else if (list[list.length - 1] !== i) list.push(i);
      };
      if (!item.rooms) for (const id of nsp.sockets.keys()) add(id);
      else for (const room of item.rooms) rooms.get(room)?.forEach(add);
    });
    const frames: (Buffer | undefined)[] = new Array<Buffer | undefined>(batch.length);
    const frameOf = (i: number) => (frames[i] ??= encodeFrame(batch[i]!.event, batch[i]!.payload));
    // Sockets with the same subscriptions get the same bytes: join them once, not per socket.
    const joined = new Map<string, Buffer>();
    const dataOf = (entries: number[]) => {
      if (entries.length === 1) return frameOf(entries[0]!);
      const key = entries.join(',');
      let data = joined.get(key);
      if (!data) joined.set(key, (data = Buffer.concat(entries.map(frameOf))));
      return data;
    };
    for (const [id, entries] of bySocket) {
      const socket = nsp.sockets.get(id);
      if (!socket) continue;
      const ws = openWebSocket(socket);
      if (ws) {
        const behind = ws._socket?.writableLength ?? 0;
        if (behind > MAX_BEHIND_BYTES) {
          this.onSlowClient(socket, behind);
          socket.disconnect(true);
          continue;
        }
        ws._sender!.sendFrame!([dataOf(entries)]);
      } else {
        for (const i of entries) socket.emit(batch[i]!.event, batch[i]!.payload);
      }
    }
  }

  close(): void {
    this.flush();
  }
}

/** The Socket.IO text packet of an event (`42["name",payload]`) as one unmasked WebSocket text frame. */
export function encodeFrame(event: string, payload: unknown): Buffer {
  const text = '42' + JSON.stringify([event, payload]);
  const length = Buffer.byteLength(text);
  // RFC 6455 §5.2: FIN + text opcode, then the length in 7 bits, 16 bits (126) or 64 bits (127);
  // frames from a server are not masked.
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81;
  if (length < 126) frame[1] = length;
  else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, header);
  return frame;
}

/** The socket's open websocket, when it is on that transport and frames can be written to it as they are. */
function openWebSocket(socket: Socket): RawWebSocket | undefined {
  const conn = socket.conn as unknown as {
    readyState: string;
    upgrading: boolean;
    transport: { name: string; perMessageDeflate?: unknown; socket?: RawWebSocket };
  };
  const t = conn.transport;
  if (conn.readyState !== 'open' || conn.upgrading || t.name !== 'websocket' || t.perMessageDeflate) return;
  const ws = t.socket;
  if (ws?.readyState !== 1 || typeof ws._sender?.sendFrame !== 'function') return;
  return ws;
}
