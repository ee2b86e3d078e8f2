import { randomUUID } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import type { Logger } from '../../log.js';
import type { Found } from './offers.js';
import { addressOf, MAX_ANSWER_BYTES, type DiscoveryProtocol } from './protocol.js';

/** WS-Discovery's multicast group and port (OASIS WS-Discovery 1.1; ONVIF Core §7.3). */
export const WS_DISCOVERY_GROUP = '239.255.255.250';
export const WS_DISCOVERY_PORT = 3702;

/** A WS-Discovery Probe for ONVIF devices (`dn:NetworkVideoTransmitter`), as the ONVIF Core spec gives it. */
export function probeMessage(messageId: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"' +
    ' xmlns:a="http://schemas.xmlsoap.org/ws/2004/08/addressing"' +
    ' xmlns:d="http://schemas.xmlsoap.org/ws/2005/04/discovery"' +
    ' xmlns:dn="http://www.onvif.org/ver10/network/wsdl">' +
    '<s:Header>' +
    `<a:MessageID>uuid:${messageId}</a:MessageID>` +
    '<a:To s:mustUnderstand="1">urn:schemas-xmlsoap-org:ws:2005:04:discovery</a:To>' +
    '<a:Action s:mustUnderstand="1">http://schemas.xmlsoap.org/ws/2005/04/discovery/Probe</a:Action>' +
    '</s:Header>' +
    '<s:Body><d:Probe><d:Types>dn:NetworkVideoTransmitter</d:Types></d:Probe></s:Body>' +
    '</s:Envelope>'
  );
}

/** The text of every element with this local name, whatever its namespace prefix. */
function elements(xml: string, local: string): string[] {
  const re = new RegExp(
    `<(?:[A-Za-z_][\\w.-]*:)?${local}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[A-Za-z_][\\w.-]*:)?${local}>`,
    'g',
  );
  return [...xml.matchAll(re)].map((m) => m[1]!.trim());
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * The cameras in a ProbeMatches answer: the first HTTP(S) address in `XAddrs` (the device
 * service), the name and hardware from the `onvif://www.onvif.org/name/…` and `…/hardware/…`
 * scopes. Anything else (a Probe, a Hello, a fault, not XML) gives nothing.
 */
export function parseProbeMatches(xml: string): Found[] {
  if (!xml.includes('ProbeMatches')) return [];
  const out: Found[] = [];
  for (const match of elements(xml, 'ProbeMatch')) {
    const xaddr = (elements(match, 'XAddrs')[0] ?? '').split(/\s+/).find((u) => /^https?:\/\//i.test(u));
    if (!xaddr) continue;
    let url: URL;
    try {
      url = new URL(xaddr);
    } catch {
      continue;
    }
    const scopes = (elements(match, 'Scopes')[0] ?? '').split(/\s+/);
    const scope = (kind: string) => {
      const prefix = `onvif://www.onvif.org/${kind}/`;
      const s = scopes.find((x) => x.toLowerCase().startsWith(prefix));
      return s ? decode(s.slice(prefix.length)) : undefined;
    };
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const usual = url.protocol === 'https:' ? 443 : 80;
    out.push({
      integration: 'onvif',
      address: addressOf(host, url.port ? Number(url.port) : undefined, usual),
      name: scope('name'),
      model: scope('hardware'),
    });
  }
  return out;
}

/**
 * ONVIF cameras by WS-Discovery: a Probe sent to 239.255.255.250:3702 from an ephemeral port
 * (TTL 1: the local network only); cameras answer with ProbeMatches to that port.
 */
export class WsDiscovery implements DiscoveryProtocol {
  readonly name = 'ws-discovery';
  private socket: Socket | undefined;
  private warned = false;

  constructor(private readonly log: Logger) {}

  async open(found: (f: Found) => void) {
    const socket = createSocket({ type: 'udp4' });
    socket.on('error', (err) => this.log.warn({ err }, 'WS-Discovery socket error'));
    socket.on('message', (msg) => {
      if (msg.length > MAX_ANSWER_BYTES) return;
      for (const f of parseProbeMatches(msg.toString('utf8'))) found(f);
    });
    await new Promise<void>((resolve) => socket.bind(0, resolve));
    socket.setMulticastTTL(1);
    this.socket = socket;
  }

  query() {
    const msg = Buffer.from(probeMessage(randomUUID()));
    this.socket?.send(msg, WS_DISCOVERY_PORT, WS_DISCOVERY_GROUP, (err) => {
      if (!err) return;
      // Once at warn level (e.g. no route on this machine), then at debug: it fails the same way every scan.
      this.log[this.warned ? 'debug' : 'warn']({ err }, 'WS-Discovery probe not sent');
      this.warned = true;
    });
  }

  async close() {
    const socket = this.socket;
    this.socket = undefined;
    if (socket) await new Promise<void>((r) => socket.close(() => r()));
  }
}
