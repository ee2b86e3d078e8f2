import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Part } from '../context.js';
import { AppError, Errors } from '../errors.js';
import type { Logger } from '../log.js';
import type { Store } from '../store/index.js';
import { verifyLicense, type LicenseDocument } from './document.js';

/** What a home keeps in its settings after an activation (settings key `license`). */
export interface StoredLicense {
  server: string;
  /** The license server's Ed25519 public key (SPKI PEM), fetched at activation: verification needs no network. */
  public_key_pem: string;
  document: LicenseDocument;
  fetched_at: string;
}

export type LicenseState = 'unlicensed' | 'valid' | 'expired' | 'invalid';

export interface LicenseStatus {
  state: LicenseState;
  home_id: string;
  customer?: string;
  /** The document's `expires_at`; null = valid without end. Absent when unlicensed or invalid. */
  valid_until?: string | null;
  issued_at?: string;
  server?: string;
  /** Only for admins (GET /api/settings/license), never in the status board. */
  key?: string;
  /** Why the stored license is invalid. */
  reason?: string;
}

const HOME_ID = 'home_id';
const LICENSE = 'license';

/**
 * The home's license. It identifies the installation; it never switches features off: an
 * unlicensed, expired or invalid home keeps working fully.
 */
export class HomeLicense implements Part {
  readonly name = 'license';

  constructor(private readonly deps: { store: Store; clock: Clock; log: Logger; fetchTimeoutMs?: number }) {}

  async start() {
    const status = await this.status();
    this.deps.log.info(
      {
        state: status.state,
        home_id: status.home_id,
        valid_until: status.valid_until,
        reason: status.reason,
      },
      'license checked',
    );
  }

  async stop() {}

  /** The stable id of this installation, generated once and kept in settings (and in backups). */
  async homeId(): Promise<string> {
    const existing = await this.deps.store.settings.get<string>(HOME_ID);
    if (existing) return existing;
    await this.deps.store.settings.set(HOME_ID, randomUUID());
    return (await this.deps.store.settings.get<string>(HOME_ID))!;
  }

  /** Verifies the stored license offline (signature, home id, expiry) every time it is asked. */
  async status(opts: { withKey?: boolean } = {}): Promise<LicenseStatus> {
    const home_id = await this.homeId();
    const stored = await this.deps.store.settings.get<StoredLicense>(LICENSE);
    if (!stored) return { state: 'unlicensed', home_id };
    const doc = stored.document;
    const base = {
      home_id,
      customer: doc.customer,
      issued_at: doc.issued_at,
      server: stored.server,
      ...(opts.withKey ? { key: doc.key } : {}),
    };
    if (!verifyLicense(doc, stored.public_key_pem))
      return { ...base, state: 'invalid', reason: "The signature does not match the license server's key." };
    if (doc.home_id !== home_id)
      return { ...base, state: 'invalid', reason: 'The license was issued for another home.' };
    const validUntil = doc.expires_at ?? null;
    const expired = validUntil !== null && Date.parse(validUntil) <= this.deps.clock.now();
    return { ...base, state: expired ? 'expired' : 'valid', valid_until: validUntil };
  }

  /** Activates `key` on the license server at `server`, verifies the answer and stores it. */
  async activate(server: string, key: string): Promise<LicenseStatus> {
    const base = server.replace(/\/+$/, '');
    const home_id = await this.homeId();
    const { public_key_pem } = await this.call<{ public_key_pem: string }>(base, '/api/licenses/public-key');
    const document = await this.call<LicenseDocument>(base, '/api/licenses/activate', {
      key: key.trim(),
      home_id,
    });
    if (!verifyLicense(document, public_key_pem) || document.home_id !== home_id) {
      throw Errors.licenseServer(
        `The license server at ${base} answered with a license that does not verify; nothing was stored.`,
      );
    }
    const stored: StoredLicense = {
      server: base,
      public_key_pem,
      document,
      fetched_at: new Date(this.deps.clock.now()).toISOString(),
    };
    await this.deps.store.settings.set(LICENSE, stored);
    this.deps.log.info(
      { server: base, customer: document.customer, expires_at: document.expires_at },
      'license activated',
    );
    return this.status({ withKey: true });
  }

  /** One JSON request to the license server; its coded refusals (revoked, expired, …) pass through unchanged. */
  private async call<T>(base: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(base + path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.deps.fetchTimeoutMs ?? 15_000),
      });
    } catch (err) {
      const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
      throw Errors.licenseServer(`Cannot reach the license server at ${base}: ${cause}`, { server: base });
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw Errors.licenseServer(
        `${base}${path} did not answer with JSON (HTTP ${res.status}); is this a Hearth license server?`,
        { server: base },
      );
    }
    if (res.ok) return parsed as T;
    const error = (parsed as { error?: { code?: unknown; message?: unknown; details?: unknown } }).error;
    if (res.status >= 400 && res.status < 500 && res.status !== 404 && typeof error?.code === 'string') {
      const retry = res.headers.get('retry-after');
      throw new AppError(
        error.code,
        res.status,
        String(error.message),
        error.details,
        retry ? { 'retry-after': retry } : undefined,
      );
    }
    if (error?.code === 'LICENSE_UNKNOWN') throw Errors.licenseUnknown();
    throw Errors.licenseServer(
      `The license server at ${base} refused: ${typeof error?.message === 'string' ? error.message : `HTTP ${res.status}`}`,
      { server: base, status: res.status },
    );
  }
}
