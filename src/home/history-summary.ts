import type { HistorySlice } from '../store/home-types.js';

/**
 * History reduced to what a person can see: a numeric sensor's readings over a week (60,000 rows
 * at one every 10 s) become a few hundred buckets of min / mean / max, and an on/off entity's
 * rows become the spans during which each state held.
 */

export interface Bucket {
  /** Start of the bucket (ISO). */
  at: string;
  min: number;
  max: number;
  mean: number;
  count: number;
}

export interface Span {
  state: unknown;
  from: string;
  to: string;
}

export type HistorySummary =
  | { kind: 'numeric'; since: string; until: string; buckets: Bucket[] }
  | { kind: 'states'; since: string; until: string; spans: Span[] };

/** Numeric history: a number now, or a sensor with a unit (momentarily unavailable, say). */
export function isNumericEntity(e: {
  domain: string;
  state: unknown;
  attributes: Record<string, unknown>;
}): boolean {
  return (
    typeof e.state === 'number' || (e.domain === 'sensor' && e.attributes.unit_of_measurement !== undefined)
  );
}

const SLICE_MS: [HistorySlice, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['ten_minutes', 600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** The coarsest calendar slice no wider than one of `buckets` equal parts of the window. */
export function sliceFor(since: string, until: string, buckets: number): HistorySlice {
  const width = (Date.parse(until) - Date.parse(since)) / buckets;
  return SLICE_MS.find(([, ms]) => ms <= width)?.[0] ?? 'second';
}

/** The database's slices merged into at most `buckets` equal parts of the window. */
export function numericSummary(
  rows: { at: string; min: number; max: number; sum: number; count: number }[],
  opts: { since: string; until: string; buckets: number },
): HistorySummary {
  const t0 = Date.parse(opts.since);
  const width = Math.max(1, (Date.parse(opts.until) - t0) / opts.buckets);
  const out: (Bucket & { sum: number })[] = [];
  let prevIndex = -1;
  for (const r of rows) {
    const index = Math.min(opts.buckets - 1, Math.max(0, Math.floor((Date.parse(r.at) - t0) / width)));
    const last = out[out.length - 1];
    if (last && index === prevIndex) {
      last.min = Math.min(last.min, r.min);
      last.max = Math.max(last.max, r.max);
      last.sum += r.sum;
      last.count += r.count;
      continue;
    }
    prevIndex = index;
    out.push({
      at: new Date(t0 + index * width).toISOString(),
      min: r.min,
      max: r.max,
      mean: 0,
      sum: r.sum,
      count: r.count,
    });
  }
  const buckets = out.map(({ sum, ...b }) => ({ ...b, mean: round(sum / b.count) }));
  return { kind: 'numeric', since: opts.since, until: opts.until, buckets };
}

const round = (v: number) => Math.round(v * 100) / 100;

/** The spans during which each state held, from the state before the window. */
export function stateSpans(
  rows: { state: unknown; at: string }[],
  opts: { since: string; until: string; before: unknown },
): HistorySummary {
  const { since, until } = opts;
  const spans: Span[] = [];
  let state = opts.before;
  let from = since;
  for (const r of rows) {
    if (r.state === state) continue;
    if (state !== undefined && r.at > from) spans.push({ state, from, to: r.at });
    state = r.state;
    from = r.at;
  }
  if (state !== undefined) spans.push({ state, from, to: until });
  return { kind: 'states', since, until, spans };
}
