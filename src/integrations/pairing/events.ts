import type { PairingProgressEvent } from './progress.js';

declare module '../../bus.js' {
  interface EventMap {
    /** A step of a pairing in progress (`progress.ts`). */
    pairing_progress: PairingProgressEvent;
  }
}

export type { PairingProgressEvent };
