/**
 * A step of a pairing in progress (types only: the dashboard reads it too). Realtime sends it,
 * without `user_id`, as the Socket.IO event `pairing_progress` to the sockets of the admin who
 * asked. The last event of a pairing has step `done` or `failed` (then `code` is the error code
 * of the answer).
 */
export interface PairingProgressEvent {
  pairing_id: string;
  integration: string;
  user_id: string;
  step: string;
  message: string;
  at: string;
  code?: string;
}

/** What the asking admin's sockets receive. */
export type PairingProgress = Omit<PairingProgressEvent, 'user_id'>;
