declare module '../../bus.js' {
  interface EventMap {
    /**
     * A step of a pairing in progress; realtime sends it (without `user_id`) as the Socket.IO
     * event `pairing_progress` to the sockets of the admin who asked. The last event of a pairing
     * has step `done` or `failed` (then `code` is the error code of the answer).
     */
    pairing_progress: PairingProgressEvent;
  }
}

export interface PairingProgressEvent {
  pairing_id: string;
  integration: string;
  user_id: string;
  step: string;
  message: string;
  at: string;
  code?: string;
}
