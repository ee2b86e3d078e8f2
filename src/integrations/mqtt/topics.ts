/** MQTT topic filter matching (`+` one level, `#` the rest). */
export function topicMatches(filter: string, topic: string): boolean {
  if (filter === topic) return true;
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

/** Parses a JSON payload; `undefined` with a reason when it is not JSON. */
export function parseJson(payload: Buffer): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(payload.toString('utf8')) };
  } catch (err) {
    return { ok: false, reason: `not JSON: ${(err as Error).message}` };
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Logs a bad payload once per source (a device, a topic) so a chatty broken device cannot flood the log. */
export class OncePerKey {
  private readonly seen = new Set<string>();
  constructor(private readonly max = 10_000) {}
  first(key: string): boolean {
    if (this.seen.has(key)) return false;
    if (this.seen.size >= this.max) this.seen.clear();
    this.seen.add(key);
    return true;
  }
}
