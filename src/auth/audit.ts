import type { Clock } from '../clock.js';
import type { Logger } from '../log.js';
import type { NewAuditEntry, Store } from '../store/index.js';

/**
 * What a route writes to the audit log (`config.audit`): the action on success, optionally
 * another on a refusal (a failed login), and which body fields are worth keeping — never a
 * password, token, invite code or license key, so fields are listed, not filtered out.
 */
export interface AuditSpec {
  action: string;
  /** Recorded when the route answers 401 or 403 (e.g. `login_failed`). */
  failure?: string;
  fields?: readonly string[];
}

/**
 * The audit log (issue 17 §6): logins, failed logins, role changes, invites, approvals, session
 * and token revocations, license and settings changes — who, when, from where, to what. Stored
 * in SQLite (`GET /api/audit`, admins) and pruned after `HEARTH_AUDIT_DAYS`.
 */
export class AuditLog {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Never throws: a full disk must not turn a successful request into a failure after the fact. */
  async record(entry: Omit<NewAuditEntry, 'at'>): Promise<void> {
    try {
      await this.store.audit.insert({ ...entry, at: new Date(this.clock.now()).toISOString() });
    } catch (err) {
      this.log.error({ err, action: entry.action }, 'could not write the audit log');
    }
  }

  async page(opts: { limit: number; before?: number | undefined; action?: string | undefined }) {
    const entries = await this.store.audit.page(opts);
    return {
      entries,
      next_before: entries.length === opts.limit ? (entries[entries.length - 1]?.id ?? null) : null,
    };
  }
}

/** The listed fields of a request body (or all of it for `*`), each value bounded. */
export function pickFields(
  body: unknown,
  fields: readonly string[] | undefined,
): Record<string, unknown> | null {
  if (!fields?.length || typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const src = body as Record<string, unknown>;
  const keys = fields.includes('*') ? Object.keys(src) : fields.filter((f) => f in src);
  if (keys.length === 0) return null;
  const out: Record<string, unknown> = {};
  for (const k of keys.slice(0, 20)) {
    const v = src[k];
    out[k] =
      typeof v === 'string' ? v.slice(0, 200) : JSON.stringify(v ?? null).length <= 2_000 ? v : '[too long]';
  }
  return out;
}
