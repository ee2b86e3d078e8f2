import { createSocket, type Socket } from 'node:dgram';
import type { Logger } from '../../log.js';
import { isRecord } from '../local/json.js';
import type { Found } from './offers.js';
import { addressOf, MAX_ANSWER_BYTES, type DiscoveryProtocol } from './protocol.js';

/** Kasa devices listen for discovery on UDP 9999 and are controlled on TCP 9999. */
export const KASA_PORT = 9999;
const BROADCAST = '255.255.255.255';

/** Kasa's "autokey" XOR cipher starting at 171; over UDP the message has no length prefix. */
export function kasaEncrypt(text: string): Buffer {
  const out = Buffer.from(text);
  let key = 171;
  for (let i = 0; i < out.length; i++) key = out[i] = out[i]! ^ key;
  return out;
}

export function kasaDecrypt(data: Buffer): string {
  const out = Buffer.alloc(data.length);
  let key = 171;
  for (let i = 0; i < data.length; i++) {
    out[i] = data[i]! ^ key;
    key = data[i]!;
  }
  return out.toString('utf8');
}

/** The query tplink-smarthome-api broadcasts; every Kasa device answers with its sysinfo. */
export const KASA_DISCOVERY_QUERY = '{"system":{"get_sysinfo":{}}}';

/** A device's answer → an offer at the address it answered from; anything else gives nothing. */
export function parseKasaAnswer(data: Buffer, from: string): Found | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(kasaDecrypt(data));
  } catch {
    return undefined;
  }
  const system = isRecord(parsed) ? parsed.system : undefined;
  const info = isRecord(system) ? system.get_sysinfo : undefined;
  if (!isRecord(info) || typeof info.model !== 'string') return undefined;
  return {
    integration: 'kasa',
    address: addressOf(from, KASA_PORT, KASA_PORT),
    name: typeof info.alias === 'string' ? info.alias : undefined,
    model: info.model,
  };
}

/** TP-Link Kasa's UDP discovery: the sysinfo query broadcast to 255.255.255.255:9999. */
export class KasaDiscovery implements DiscoveryProtocol {
  readonly name = 'kasa';
  private socket: Socket | undefined;
  private warned = false;

  constructor(private readonly log: Logger) {}

  async open(found: (f: Found) => void) {
    const socket = createSocket({ type: 'udp4' });
    socket.on('error', (err) => this.log.warn({ err }, 'Kasa discovery socket error'));
    socket.on('message', (msg, rinfo) => {
      if (msg.length > MAX_ANSWER_BYTES) return;
      const f = parseKasaAnswer(msg, rinfo.address);
      if (f) found(f);
    });
    await new Promise<void>((resolve) => socket.bind(0, resolve));
    socket.setBroadcast(true);
    this.socket = socket;
  }

  query() {
    this.socket?.send(kasaEncrypt(KASA_DISCOVERY_QUERY), KASA_PORT, BROADCAST, (err) => {
      if (!err) return;
      // Once at warn level (e.g. no route on this machine), then at debug: it fails the same way every scan.
      this.log[this.warned ? 'debug' : 'warn']({ err }, 'Kasa discovery broadcast not sent');
      this.warned = true;
    });
  }

  async close() {
    const socket = this.socket;
    this.socket = undefined;
    if (socket) await new Promise<void>((r) => socket.close(() => r()));
  }
}
