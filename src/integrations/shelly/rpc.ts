import { randomBytes } from 'node:crypto';
import { DeviceAuth, hash } from '../local/auth.js';
import { deviceRequest, jsonOf } from '../local/http.js';
import { text } from '../../text.js';

/** The device answered the RPC with an error frame (`{error:{code,message}}`). */
export class ShellyRpcError extends Error {
  override readonly name = 'ShellyRpcError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** The device refused our credentials (or wants some and we have none). */
export class ShellyAuthError extends Error {
  override readonly name = 'ShellyAuthError';
}

export interface RpcTarget {
  /** `host:port` */
  authority: string;
  auth: DeviceAuth | undefined;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

let nextId = 1;

/**
 * One JSON-RPC call to a Gen2+ device over `POST /rpc` (digest SHA-256 answered by `DeviceAuth`).
 * Resolves with `result`; an error frame is a `ShellyRpcError`, a 401 a `ShellyAuthError`, a body
 * that is not a frame a `SyntaxError` (the caller logs it once).
 */
export async function rpc(
  target: RpcTarget,
  method: string,
  params?: Record<string, unknown>,
): Promise<unknown> {
  const id = nextId++;
  const res = await deviceRequest({
    url: `http://${target.authority}/rpc`,
    method: 'POST',
    body: JSON.stringify({ id, src: 'hearth', method, ...(params ? { params } : {}) }),
    timeoutMs: target.timeoutMs,
    signal: target.signal,
    auth: target.auth,
  });
  if (res.status === 401)
    throw new ShellyAuthError(target.auth ? 'the device refused the password' : 'the device has a password');
  const frame = jsonOf(res) as { result?: unknown; error?: { code?: unknown; message?: unknown } } | null;
  if (frame === null || typeof frame !== 'object') throw new SyntaxError('the answer is not an RPC frame');
  if (frame.error) throw new ShellyRpcError(Number(frame.error.code), String(frame.error.message));
  if (!('result' in frame)) throw new SyntaxError('the answer has neither result nor error');
  return frame.result;
}

/**
 * The `auth` object of a WebSocket frame, answering the challenge in a 401 error's message
 * (`{"auth_type":"digest","nonce":…,"nc":1,"realm":…,"algorithm":"SHA-256"}`): HA2 is the hash of
 * `dummy_method:dummy_uri` on this channel, as Shelly's documentation says.
 */
export function wsAuth(challengeText: string, password: string): Record<string, unknown> | undefined {
  let c: { nonce?: unknown; realm?: unknown; nc?: unknown; algorithm?: unknown };
  try {
    c = JSON.parse(challengeText) as typeof c;
  } catch {
    return undefined;
  }
  if (typeof c.realm !== 'string' || c.nonce === undefined) return undefined;
  const nonce = text(c.nonce);
  const ha1 = hash('SHA-256', `admin:${c.realm}:${password}`);
  const ha2 = hash('SHA-256', 'dummy_method:dummy_uri');
  const cnonce = randomBytes(8).toString('hex');
  const nc = Number(c.nc ?? 1);
  return {
    realm: c.realm,
    username: 'admin',
    nonce: c.nonce,
    cnonce,
    nc,
    response: hash('SHA-256', `${ha1}:${nonce}:${nc}:${cnonce}:auth:${ha2}`),
    algorithm: 'SHA-256',
  };
}
