import { request as httpRequestRaw, type IncomingHttpHeaders, type RequestOptions } from 'node:http';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { DeviceAuth } from './auth.js';

/** Why a request to a device got no usable answer; integrations map it to availability and to pairing errors. */
export type DeviceFailure = 'unreachable' | 'timeout' | 'aborted' | 'certificate' | 'too_large';

export class DeviceRequestError extends Error {
  override readonly name = 'DeviceRequestError';
  constructor(
    readonly kind: DeviceFailure,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface DeviceRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Bound on the whole exchange (connect, send, answer). */
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** HTTP digest (SHA-256 or MD5) or basic credentials, answered to the device's challenge. */
  auth?: DeviceAuth | undefined;
  /**
   * HTTPS only: the SHA-256 fingerprint the device's certificate must have (pinned at pairing;
   * a different certificate is refused before anything is sent), or `'any'` to accept and report
   * it (the first contact, when pairing).
   */
  certificate?: string;
  /** Largest body accepted (default 4 MiB): a confused device cannot fill memory. */
  maxBytes?: number;
}

export interface DeviceResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** HTTPS: the SHA-256 fingerprint of the device's certificate (`AA:BB:…`). */
  certificate?: string | undefined;
}

/** One request with the credentials answered to a 401 challenge (one retry). */
export async function deviceRequest(req: DeviceRequest): Promise<DeviceResponse> {
  const url = new URL(req.url);
  const path = url.pathname + url.search;
  const method = req.method ?? 'GET';
  const first = await send(req, req.auth?.authorization(method, path));
  if (first.status !== 401 || !req.auth) return first;
  const challenge = first.headers['www-authenticate'];
  if (!req.auth.challenged(typeof challenge === 'string' ? challenge : undefined)) return first;
  return send(req, req.auth.authorization(method, path));
}

/** Reads a JSON answer; a body that is not JSON is a `SyntaxError` the caller logs once. */
export function jsonOf(res: DeviceResponse): unknown {
  return JSON.parse(res.body.toString('utf8'));
}

function send(req: DeviceRequest, authorization: string | undefined): Promise<DeviceResponse> {
  const url = new URL(req.url);
  const https = url.protocol === 'https:';
  const maxBytes = req.maxBytes ?? 4 * 1024 * 1024;
  return new Promise<DeviceResponse>((resolve, reject) => {
    let done = false;
    let tlsSocket: TLSSocket | undefined;
    let certificate: string | undefined;
    const finish = (err: Error | undefined, res?: DeviceResponse) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
      if (err) {
        outgoing?.destroy();
        tlsSocket?.destroy();
        reject(err);
      } else resolve(res!);
    };
    const timer = setTimeout(
      () =>
        finish(new DeviceRequestError('timeout', `${url.host} did not answer within ${req.timeoutMs} ms`)),
      req.timeoutMs,
    );
    const onAbort = () => finish(new DeviceRequestError('aborted', `request to ${url.host} was cancelled`));
    if (req.signal?.aborted) return onAbort();
    req.signal?.addEventListener('abort', onAbort, { once: true });

    const headers: Record<string, string> = { ...req.headers, connection: 'close' };
    if (authorization) headers.authorization = authorization;
    if (req.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = String(Buffer.byteLength(req.body));
    }
    const options: RequestOptions = {
      method: req.method ?? 'GET',
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || (https ? 443 : 80),
      path: url.pathname + url.search,
      headers,
      agent: false,
    };
    let outgoing: ReturnType<typeof httpRequestRaw> | undefined;
    const start = () => {
      outgoing = httpRequestRaw(options, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > maxBytes)
            return finish(
              new DeviceRequestError('too_large', `${url.host} sent more than ${maxBytes} bytes`),
            );
          chunks.push(c);
        });
        res.on('end', () =>
          finish(undefined, {
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            certificate,
          }),
        );
        res.on('error', (err) => finish(unreachable(url.host, err)));
      });
      outgoing.on('error', (err) => finish(unreachable(url.host, err)));
      if (req.body !== undefined) outgoing.write(req.body);
      outgoing.end();
    };
    if (!https) return start();
    // HTTPS: finish the handshake and check the certificate before a byte of the request (which
    // may carry an application key) is sent; self-signed device certificates are checked by pin.
    pinnedTls(options.host!, Number(options.port), req.certificate ?? '').then(
      (pinned) => {
        if (done) return void pinned.socket.destroy();
        tlsSocket = pinned.socket;
        certificate = pinned.certificate;
        // The socket is already TLS and pinned: plain `http` speaks on it (`https` would check the CA chain).
        // With `createConnection` and no agent, Node uses this socket (an agent would dial anew).
        delete options.agent;
        options.createConnection = () => pinned.socket;
        start();
      },
      (err: unknown) =>
        finish(
          err instanceof DeviceRequestError ? err : unreachable(url.host, err as Error & { code?: string }),
        ),
    );
  });
}

/**
 * A TLS connection whose certificate has the pinned SHA-256 fingerprint (`'any'`: accept and
 * report it). Device certificates are self-signed, so the CA chain is not what is checked.
 */
/** `certificate`: the pinned fingerprint, or `'any'` to accept and report the device's. */
export function pinnedTls(
  host: string,
  port: number,
  certificate: string,
): Promise<{ socket: TLSSocket; certificate: string }> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({
      host,
      port,
      rejectUnauthorized: false,
      ...(/^[\d.]+$|:/.test(host) ? {} : { servername: host }),
    });
    socket.once('error', reject);
    socket.once('secureConnect', () => {
      socket.off('error', reject);
      const seen = socket.getPeerCertificate().fingerprint256;
      if (certificate !== 'any' && seen !== certificate) {
        socket.destroy();
        return reject(
          new DeviceRequestError(
            'certificate',
            `${host}:${port} presented a different certificate than the one pinned when it was added`,
          ),
        );
      }
      resolve({ socket, certificate: seen });
    });
  });
}

function unreachable(host: string, err: Error & { code?: string }) {
  return new DeviceRequestError('unreachable', `${host}: ${err.code ?? err.message}`, err.code);
}

export { DeviceAuth };
