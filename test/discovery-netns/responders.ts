import { randomUUID } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import Bonjour from 'bonjour-service';
import { kasaDecrypt, kasaEncrypt } from '../../src/integrations/discovery/kasa-udp.js';
import type { KasaSimulator } from '../../src/integrations/kasa/simulator.js';

/**
 * Devices announcing themselves on the namespace's loopback, each written from the public
 * description of its discovery: an mDNS responder (bonjour-service's publish), an ONVIF camera's
 * WS-Discovery endpoint (ONVIF Core §7.3, OASIS WS-Discovery 2005/04) and a Kasa device's UDP
 * discovery port. Each counts the queries it saw, so a test can tell that Hearth sent none.
 * Only ever started inside test/discovery-netns/run.sh's private network namespace.
 */

interface MdnsPacket {
  type: 'query' | 'response';
  questions: { name: string; type: string }[];
  answers: { name: string; type: string; data: unknown }[];
}

/** Services published over mDNS; counts PTR queries for their types and records every response on the link. */
export class MdnsResponder {
  private readonly bonjour = new Bonjour();
  queries = 0;
  /** Names in every mDNS response heard (from any sender). */
  readonly responseNames: string[] = [];
  private readonly types = new Set<string>();

  constructor() {
    const mdns = (this.bonjour as unknown as { server: { mdns: NodeJS.EventEmitter } }).server.mdns;
    mdns.on('query', (packet: MdnsPacket) => {
      if (packet.questions.some((q) => q.type === 'PTR' && this.types.has(q.name.toLowerCase())))
        this.queries++;
    });
    mdns.on('response', (packet: MdnsPacket) => {
      for (const a of packet.answers) this.responseNames.push(a.name);
    });
  }

  publish(name: string, type: string, port: number, txt: Record<string, string>) {
    this.types.add(`_${type}._tcp.local`);
    this.bonjour.publish({ name, type, port, txt, disableIPv6: true });
  }

  stop() {
    return new Promise<void>((r) => this.bonjour.unpublishAll(() => this.bonjour.destroy(() => r())));
  }
}

/** An ONVIF camera's discovery endpoint: joins 239.255.255.250:3702 and answers Probe with ProbeMatches. */
export class WsDiscoveryResponder {
  probes = 0;
  private socket: Socket | undefined;
  private readonly uuid = randomUUID();

  constructor(
    private readonly xaddr: string,
    private readonly name: string,
    private readonly hardware: string,
  ) {}

  async start() {
    const socket = createSocket({ type: 'udp4', reuseAddr: true });
    socket.on('message', (msg, rinfo) => {
      const text = msg.toString('utf8');
      if (!text.includes('discovery/Probe<') || !text.includes('NetworkVideoTransmitter')) return;
      this.probes++;
      const relatesTo = /<(?:\w+:)?MessageID>([^<]+)</.exec(text)?.[1] ?? '';
      socket.send(Buffer.from(this.probeMatches(relatesTo)), rinfo.port, rinfo.address);
    });
    await new Promise<void>((r) => socket.bind(3702, r));
    socket.addMembership('239.255.255.250');
    this.socket = socket;
  }

  private probeMatches(relatesTo: string) {
    const scopes = [
      'onvif://www.onvif.org/type/video_encoder',
      'onvif://www.onvif.org/Profile/Streaming',
      `onvif://www.onvif.org/name/${encodeURIComponent(this.name)}`,
      `onvif://www.onvif.org/hardware/${encodeURIComponent(this.hardware)}`,
    ].join(' ');
    return (
      '<?xml version="1.0" encoding="UTF-8"?>' +
      '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://www.w3.org/2003/05/soap-envelope"' +
      ' xmlns:wsa="http://schemas.xmlsoap.org/ws/2004/08/addressing"' +
      ' xmlns:d="http://schemas.xmlsoap.org/ws/2005/04/discovery"' +
      ' xmlns:dn="http://www.onvif.org/ver10/network/wsdl">' +
      '<SOAP-ENV:Header>' +
      `<wsa:MessageID>uuid:${randomUUID()}</wsa:MessageID>` +
      `<wsa:RelatesTo>${relatesTo}</wsa:RelatesTo>` +
      '<wsa:To>http://schemas.xmlsoap.org/ws/2004/08/addressing/role/anonymous</wsa:To>' +
      '<wsa:Action>http://schemas.xmlsoap.org/ws/2005/04/discovery/ProbeMatches</wsa:Action>' +
      '</SOAP-ENV:Header><SOAP-ENV:Body><d:ProbeMatches><d:ProbeMatch>' +
      `<wsa:EndpointReference><wsa:Address>urn:uuid:${this.uuid}</wsa:Address></wsa:EndpointReference>` +
      '<d:Types>dn:NetworkVideoTransmitter</d:Types>' +
      `<d:Scopes>${scopes}</d:Scopes><d:XAddrs>${this.xaddr}</d:XAddrs>` +
      '<d:MetadataVersion>1</d:MetadataVersion>' +
      '</d:ProbeMatch></d:ProbeMatches></SOAP-ENV:Body></SOAP-ENV:Envelope>'
    );
  }

  stop() {
    const socket = this.socket;
    this.socket = undefined;
    return new Promise<void>((r) => (socket ? socket.close(() => r()) : r()));
  }
}

/** A Kasa device's UDP 9999: answers the encrypted get_sysinfo query with the simulator's sysinfo. */
export class KasaUdpResponder {
  queries = 0;
  private socket: Socket | undefined;

  constructor(private readonly device: KasaSimulator) {}

  async start() {
    const socket = createSocket({ type: 'udp4', reuseAddr: true });
    socket.on('message', (msg, rinfo) => {
      let query: { system?: { get_sysinfo?: unknown } };
      try {
        query = JSON.parse(kasaDecrypt(msg));
      } catch {
        return;
      }
      if (query.system?.get_sysinfo === undefined) return;
      this.queries++;
      const answer = { system: { get_sysinfo: { ...this.device.sysinfo(), err_code: 0 } } };
      socket.send(kasaEncrypt(JSON.stringify(answer)), rinfo.port, rinfo.address);
    });
    await new Promise<void>((r) => socket.bind(9999, r));
    this.socket = socket;
  }

  stop() {
    const socket = this.socket;
    this.socket = undefined;
    return new Promise<void>((r) => (socket ? socket.close(() => r()) : r()));
  }
}
