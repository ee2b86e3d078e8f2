import { connect } from 'node:net';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_CSP } from '../../src/api/http/edges.js';
import { startTestApp, withUsers, type TestApp } from '../../src/test-support/harness.js';

/**
 * The edges (issue 17 §6) over a real socket, not inject(): what the router and Node's HTTP
 * parser answer by themselves is in the one error shape too, every answer carries the security
 * headers, and browsers on foreign origins are refused unless configured.
 */

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** Sends `request` as raw bytes and parses the one response (the server closes the connection). */
function raw(t: TestApp, request: string): Promise<RawResponse> {
  const port = Number(new URL(t.url).port);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(':');
        headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim();
      }
      const bodyText = rest.join('\r\n\r\n');
      let body: unknown = bodyText;
      try {
        body = JSON.parse(bodyText);
      } catch {
        /* not JSON */
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

const get = (path: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: x\r\n${extra}Connection: close\r\n\r\n`;

function expectErrorShape(res: RawResponse, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(res.body)).toEqual(['error']);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
}

describe('answers from the router and the HTTP parser, over a real socket', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { demo: false, body_limit: 2048 } });
  });
  afterAll(async () => t.stop());

  it('answers 400 BAD_URL for a path that is not valid percent-encoding', async () => {
    expectErrorShape(await raw(t, get('/%zz')), 400, 'BAD_URL');
    expectErrorShape(await raw(t, get('/api/home/entities/%E0%A4%A')), 400, 'BAD_URL');
  });

  it('answers 414 URI_TOO_LONG for an overlong path parameter', async () => {
    expectErrorShape(await raw(t, get(`/api/home/entities/${'a'.repeat(500)}`)), 414, 'URI_TOO_LONG');
  });

  it('answers 431 HEADERS_TOO_LARGE for a request line or headers over 16 KB', async () => {
    expectErrorShape(await raw(t, get(`/${'a'.repeat(20_000)}`)), 431, 'HEADERS_TOO_LARGE');
    expectErrorShape(
      await raw(t, get('/health', `X-Big: ${'b'.repeat(20_000)}\r\n`)),
      431,
      'HEADERS_TOO_LARGE',
    );
  });

  it('answers 400 BAD_REQUEST for bytes that are not HTTP', async () => {
    expectErrorShape(await raw(t, 'HELLO THERE\r\n\r\n'), 400, 'BAD_REQUEST');
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a body over the limit, declared or streamed', async () => {
    const declared = `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\nConnection: close\r\n\r\n{}`;
    expectErrorShape(await raw(t, declared), 413, 'PAYLOAD_TOO_LARGE');
    const chunk = `{"username":"${'u'.repeat(4000)}"}`;
    const chunked = `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`;
    expectErrorShape(await raw(t, chunked), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers 404 ROUTE_NOT_FOUND for odd paths and methods', async () => {
    for (const path of ['//api/../../etc/passwd', '/api/%2e%2e/x', '/.env', '/api/home/entities/x/y/z'])
      expectErrorShape(await raw(t, get(path)), 404, 'ROUTE_NOT_FOUND');
    expectErrorShape(
      await raw(t, 'PROPFIND /api/home/entities HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      404,
      'ROUTE_NOT_FOUND',
    );
  });
});

describe('security headers', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ config: { demo: false } });
    admin = (await withUsers(t)).adminToken;
  });
  afterAll(async () => t.stop());

  it('gives the API a deny-all policy, frame protection, nosniff and no referrer', async () => {
    const res = await t.api('GET', '/api/home/entities', { token: admin });
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('marks auth answers no-store, so no cache keeps a token', async () => {
    const login = await t.api('POST', '/api/auth/login', {
      body: { username: 'admin', password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const failed = await t.api('POST', '/api/auth/login', {
      body: { username: 'admin', password: 'nope nope nope' },
    });
    expect(failed.headers.get('cache-control')).toBe('no-store');
  });

  it('gives pages outside the API the dashboard policy', async () => {
    const res = await t.api('GET', '/nowhere');
    expect(res.headers.get('content-security-policy')).toBe(DASHBOARD_CSP);
  });
});

describe('origins (CORS)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ config: { demo: false, cors_origins: 'https://panel.example.com' } });
    admin = (await withUsers(t)).adminToken;
  });
  afterAll(async () => t.stop());

  it('refuses a request from a foreign origin with 403 ORIGIN_NOT_ALLOWED', async () => {
    const res = await t.api('GET', '/api/home/entities', {
      token: admin,
      headers: { origin: 'https://evil.example.net' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('ORIGIN_NOT_ALLOWED');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets the dashboard (same origin) and clients without an Origin through', async () => {
    const same = await t.api('GET', '/api/home/entities', { token: admin, headers: { origin: t.url } });
    expect(same.status).toBe(200);
    expect((await t.api('GET', '/api/home/entities', { token: admin })).status).toBe(200);
  });

  it('answers a configured origin: preflight 204 with the allowed methods, then the request with its origin', async () => {
    const pre = await t.api('OPTIONS', '/api/home/control', {
      headers: {
        origin: 'https://panel.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://panel.example.com');
    expect(pre.headers.get('access-control-allow-headers')).toContain('authorization');
    const res = await t.api('GET', '/api/home/entities', {
      token: admin,
      headers: { origin: 'https://panel.example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://panel.example.com');
  });

  it('refuses a Socket.IO connection from a foreign origin and accepts the configured one', async () => {
    const attempt = (origin: string) =>
      new Promise<string>((resolve) => {
        const s = io(t.url, {
          auth: { token: admin },
          transports: ['websocket'],
          reconnection: false,
          extraHeaders: { origin },
        });
        s.on('connect', () => {
          s.close();
          resolve('connected');
        });
        s.on('connect_error', (e) => {
          s.close();
          resolve(`refused: ${e.message}`);
        });
      });
    expect(await attempt('https://evil.example.net')).toMatch(/^refused/);
    expect(await attempt('https://panel.example.com')).toBe('connected');
  });
});
