import { isIP } from 'node:net';
import { Errors } from '../../errors.js';

export interface DeviceAddress {
  host: string;
  port: number | undefined;
}

const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

/**
 * `192.168.1.20`, `192.168.1.20:8080`, `shelly-kitchen.local`, `[fe80::1]:80` or a bare IPv6
 * address → host and port. Anything else (a URL, a path, spaces) is a 400 naming `address`.
 */
export function parseAddress(text: string): DeviceAddress {
  const s = text.trim();
  const bad = () =>
    Errors.validation(
      `"${s}" is not a device address; give a host name or IP address, optionally with :port (192.168.1.20:8080).`,
      { field: 'address' },
    );
  let host: string;
  let portText: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(s);
  if (bracketed) {
    host = bracketed[1]!;
    portText = bracketed[2];
    if (isIP(host) !== 6) throw bad();
  } else if (isIP(s) === 6) {
    host = s;
  } else {
    const m = /^([^:]+)(?::(\d+))?$/.exec(s);
    if (!m) throw bad();
    host = m[1]!;
    portText = m[2];
    if (isIP(host) !== 4 && !HOSTNAME.test(host)) throw bad();
  }
  let port: number | undefined;
  if (portText !== undefined) {
    port = Number(portText);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw bad();
  }
  return { host, port };
}

/** The address as a URL authority (`host:port`, brackets around IPv6). */
export function authorityOf({ host, port }: DeviceAddress, defaultPort?: number): string {
  const h = isIP(host) === 6 ? `[${host}]` : host;
  const p = port ?? defaultPort;
  return p === undefined ? h : `${h}:${p}`;
}
