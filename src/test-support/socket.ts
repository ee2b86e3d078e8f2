import { io, type Socket } from 'socket.io-client';
import type { TestApp } from './harness.js';

/** A Socket.IO client of the test app, connected over WebSocket with the given token. */
export function connect(t: TestApp, token: string): Promise<Socket> {
  const socket = io(t.url, { auth: { token }, transports: ['websocket'], reconnection: false });
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

/** Collects events of one name; `next(pred)` resolves with the first (past or future) that matches. */
export function collect(socket: Socket, event: string) {
  const seen: any[] = [];
  const waiters: { pred: (e: any) => boolean; resolve: (e: any) => void }[] = [];
  socket.on(event, (e: any) => {
    seen.push(e);
    for (const w of [...waiters])
      if (w.pred(e)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(e);
      }
  });
  return {
    seen,
    next: (pred: (e: any) => boolean = () => true) =>
      new Promise<any>((resolve) => {
        const hit = seen.find(pred);
        if (hit) resolve(hit);
        else waiters.push({ pred, resolve });
      }),
  };
}
