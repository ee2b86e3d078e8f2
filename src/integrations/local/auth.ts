import { createHash, randomBytes } from 'node:crypto';

interface Challenge {
  scheme: 'digest' | 'basic';
  realm: string;
  nonce: string;
  qop: string | undefined;
  algorithm: 'SHA-256' | 'MD5';
  opaque: string | undefined;
}

/**
 * HTTP authentication towards one device: answers `WWW-Authenticate` challenges with digest
 * (RFC 7616, SHA-256 as Shelly Gen2+ uses, or MD5) or basic (Shelly Gen1), and keeps the last
 * challenge so later requests authenticate at once (one round trip, not two). The password
 * stays in this object; nothing here logs.
 */
export class DeviceAuth {
  private challenge: Challenge | undefined;
  private nc = 0;

  constructor(
    readonly username: string,
    private readonly password: string,
    /** Send basic credentials without waiting for a challenge (Gen1 devices accept them). */
    preemptiveBasic = false,
  ) {
    if (preemptiveBasic)
      this.challenge = {
        scheme: 'basic',
        realm: '',
        nonce: '',
        qop: undefined,
        algorithm: 'MD5',
        opaque: undefined,
      };
  }

  /** Takes a 401's challenge; false when it is one we cannot answer (or the same we just failed). */
  challenged(header: string | undefined): boolean {
    if (!header) return false;
    const scheme = /^\s*(\w+)/.exec(header)?.[1]?.toLowerCase();
    const params = parseParams(header.replace(/^\s*\w+\s*/, ''));
    if (scheme === 'basic') {
      if (this.challenge?.scheme === 'basic') return false;
      this.challenge = {
        scheme: 'basic',
        realm: params.realm ?? '',
        nonce: '',
        qop: undefined,
        algorithm: 'MD5',
        opaque: undefined,
      };
      return true;
    }
    if (scheme !== 'digest' || !params.nonce) return false;
    const algorithm = (params.algorithm ?? 'MD5').toUpperCase() === 'SHA-256' ? 'SHA-256' : 'MD5';
    // The same nonce refused twice means the password is wrong (a stale nonce comes with a new one).
    if (this.challenge?.nonce === params.nonce && params.stale !== 'true') return false;
    this.challenge = {
      scheme: 'digest',
      realm: params.realm ?? '',
      nonce: params.nonce,
      qop: params.qop
        ?.split(',')
        .map((q) => q.trim())
        .includes('auth')
        ? 'auth'
        : undefined,
      algorithm,
      opaque: params.opaque,
    };
    this.nc = 0;
    return true;
  }

  /** The Authorization header for a request, once a challenge is known. */
  authorization(method: string, uri: string): string | undefined {
    const c = this.challenge;
    if (!c) return undefined;
    if (c.scheme === 'basic')
      return `Basic ${Buffer.from(`${this.username}:${this.password}`).toString('base64')}`;
    const h = (s: string) => hash(c.algorithm, s);
    const ha1 = h(`${this.username}:${c.realm}:${this.password}`);
    const ha2 = h(`${method}:${uri}`);
    const parts = [
      `username="${this.username}"`,
      `realm="${c.realm}"`,
      `nonce="${c.nonce}"`,
      `uri="${uri}"`,
      `algorithm=${c.algorithm}`,
    ];
    if (c.qop) {
      const nc = (++this.nc).toString(16).padStart(8, '0');
      const cnonce = randomBytes(8).toString('hex');
      parts.push(
        `qop=auth`,
        `nc=${nc}`,
        `cnonce="${cnonce}"`,
        `response="${h(`${ha1}:${c.nonce}:${nc}:${cnonce}:auth:${ha2}`)}"`,
      );
    } else parts.push(`response="${h(`${ha1}:${c.nonce}:${ha2}`)}"`);
    if (c.opaque) parts.push(`opaque="${c.opaque}"`);
    return `Digest ${parts.join(', ')}`;
  }
}

export function hash(algorithm: 'SHA-256' | 'MD5', text: string) {
  return createHash(algorithm === 'SHA-256' ? 'sha256' : 'md5')
    .update(text)
    .digest('hex');
}

export function parseParams(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/(\w+)\s*=\s*(?:"([^"]*)"|([^\s,]+))/g))
    out[m[1]!.toLowerCase()] = m[2] ?? m[3]!;
  return out;
}
