import { isIP } from 'node:net';
import type { Found } from './offers.js';

/**
 * One way of finding devices on the home network (mDNS, WS-Discovery, Kasa's UDP broadcast).
 * Nothing is sent before `query`; the discovery service calls `open` only when discovery is on.
 */
export interface DiscoveryProtocol {
  readonly name: string;
  /** Opens its socket; answers (to this or any later query) reach `found`. Sends nothing. */
  open(found: (f: Found) => void): Promise<void>;
  /** Sends one round of queries. */
  query(): void;
  close(): Promise<void>;
}

/** `host` or `host:port` (brackets around IPv6), leaving out the port the integration assumes. */
export function addressOf(host: string, port: number | undefined, usualPort: number): string {
  const h = isIP(host) === 6 ? `[${host}]` : host;
  return port === undefined || port === usualPort ? h : `${h}:${port}`;
}

/** Answers are bounded before they are parsed: a device's discovery reply is a few kB. */
export const MAX_ANSWER_BYTES = 16 * 1024;
