/** History graph (numeric), timeline (states) and cause wording, shared by the details dialog and the logbook page. */
import type { Bucket, Entity, HistorySummary, LogbookEntry, RecordedCause } from './types';
import { stateWord } from './wording';

export const RANGES = [
  { id: '24h', label: '24 hours', ms: 86_400_000 },
  { id: '7d', label: '7 days', ms: 7 * 86_400_000 },
] as const;
export type RangeId = (typeof RANGES)[number]['id'];

const time = (iso: string, long: boolean) =>
  new Date(iso).toLocaleString(
    undefined,
    long
      ? { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }
      : { hour: '2-digit', minute: '2-digit' },
  );

/** "by Alice", "by automation Evening lights", "by the device"… */
export function CauseText({ cause }: { cause: RecordedCause }) {
  const name = cause.name ?? cause.id;
  switch (cause.type) {
    case 'user':
      return <span class="cause">by {name ?? 'a person'}</span>;
    case 'automation':
      return (
        <span class="cause">
          by automation{' '}
          {cause.id ? <a href={`#automations?traces=${encodeURIComponent(cause.id)}`}>{name}</a> : 'unknown'}
        </span>
      );
    case 'scene':
      return <span class="cause">by scene {name ?? 'unknown'}</span>;
    case 'agent':
      return (
        <span class="cause">
          by the {name ? `${name} ` : ''}assistant{cause.user_name ? ` for ${cause.user_name}` : ''}
        </span>
      );
    case 'device':
      return <span class="cause">reported by the device</span>;
    case 'system':
      return <span class="cause">by Hearth</span>;
    case 'matter':
      return <span class="cause">by Matter controller {name ?? ''}</span>;
    default:
      return (
        <span class="cause">
          by {cause.type}
          {name ? ` ${name}` : ''}
        </span>
      );
  }
}

const W = 640;
const H = 180;
const PAD = { left: 44, right: 8, top: 10, bottom: 22 };

/** A numeric history as a line (mean) over a band (min–max) per bucket, in plain SVG. */
export function HistoryGraph({
  summary,
  unit,
}: {
  summary: HistorySummary & { kind: 'numeric' };
  unit: string;
}) {
  const { buckets } = summary;
  if (buckets.length === 0) return <p class="empty">No readings in this period.</p>;
  const t0 = Date.parse(summary.since);
  const t1 = Date.parse(summary.until);
  let lo = Infinity;
  let hi = -Infinity;
  for (const b of buckets) {
    if (b.min < lo) lo = b.min;
    if (b.max > hi) hi = b.max;
  }
  if (hi - lo < 1e-9) {
    hi += 1;
    lo -= 1;
  }
  const pad = (hi - lo) * 0.08;
  lo -= pad;
  hi += pad;
  const x = (iso: string) => PAD.left + ((Date.parse(iso) - t0) / (t1 - t0)) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - (v - lo) / (hi - lo)) * (H - PAD.top - PAD.bottom);
  // A gap of more than three buckets' width breaks the line (the sensor was silent).
  const gap = ((t1 - t0) / Math.max(buckets.length, 1)) * 3 + 1;
  let line = '';
  let band = '';
  let segment: Bucket[] = [];
  const flush = () => {
    if (segment.length === 0) return;
    line += segment.map((b, i) => `${i ? 'L' : 'M'}${x(b.at).toFixed(1)} ${y(b.mean).toFixed(1)}`).join('');
    // A lone reading is a short dash, not an invisible point.
    if (segment.length === 1) line += 'h3';
    band +=
      segment.map((b, i) => `${i ? 'L' : 'M'}${x(b.at).toFixed(1)} ${y(b.max).toFixed(1)}`).join('') +
      [...segment]
        .reverse()
        .map((b) => `L${x(b.at).toFixed(1)} ${y(b.min).toFixed(1)}`)
        .join('') +
      'Z';
    segment = [];
  };
  let prev = 0;
  for (const b of buckets) {
    const t = Date.parse(b.at);
    if (segment.length && t - prev > gap) flush();
    segment.push(b);
    prev = t;
  }
  flush();
  const long = t1 - t0 > 2 * 86_400_000;
  const fmt = (v: number) => `${Math.round(v * 10) / 10}${unit}`;
  return (
    <figure class="graph">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Readings from ${fmt(lo + pad)} to ${fmt(hi - pad)}`}
      >
        <line class="axis" x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} />
        <text class="tick" x={PAD.left - 4} y={y(hi - pad) + 4} text-anchor="end">
          {fmt(hi - pad)}
        </text>
        <text class="tick" x={PAD.left - 4} y={y(lo + pad) + 4} text-anchor="end">
          {fmt(lo + pad)}
        </text>
        <text class="tick" x={PAD.left} y={H - 6}>
          {time(summary.since, long)}
        </text>
        <text class="tick" x={W - PAD.right} y={H - 6} text-anchor="end">
          {time(summary.until, long)}
        </text>
        <path class="band" d={band} />
        <path class="line" d={line} />
      </svg>
    </figure>
  );
}

/** On/off and other states as a bar of spans, with a legend of how long each state held. */
export function Timeline({
  summary,
  entity,
}: {
  summary: HistorySummary & { kind: 'states' };
  entity: Entity;
}) {
  const { spans } = summary;
  if (spans.length === 0) return <p class="empty">No changes in this period.</p>;
  const t0 = Date.parse(summary.since);
  const t1 = Date.parse(summary.until);
  const x = (iso: string) => ((Math.max(Date.parse(iso), t0) - t0) / (t1 - t0)) * 100;
  const word = (s: unknown) => stateWord(entity.domain, entity.attributes, s);
  const totals = new Map<string, number>();
  for (const s of spans) {
    const k = word(s.state);
    totals.set(k, (totals.get(k) ?? 0) + Date.parse(s.to) - Math.max(Date.parse(s.from), t0));
  }
  const long = t1 - t0 > 2 * 86_400_000;
  const kind = (s: unknown) =>
    s === 'unavailable'
      ? 'gone'
      : s === 'off' || s === 'closed' || s === 'locked' || s === 'idle' || s === 'disarmed'
        ? 'off'
        : 'on';
  return (
    <figure class="timeline">
      <svg viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true">
        {spans.map((s, i) => (
          <rect
            key={i}
            class={kind(s.state)}
            x={x(s.from)}
            width={Math.max(0.15, x(s.to) - x(s.from))}
            y={0}
            height={8}
          >
            <title>
              {word(s.state)}: {time(s.from, long)} – {time(s.to, long)}
            </title>
          </rect>
        ))}
      </svg>
      <figcaption>
        <span>{time(summary.since, long)}</span>
        <ul class="legend">
          {[...totals].map(([k, ms]) => (
            <li key={k}>
              <span class={`swatch ${kind(spans.find((s) => word(s.state) === k)!.state)}`} /> {k}{' '}
              <small>{duration(ms)}</small>
            </li>
          ))}
        </ul>
        <span>{time(summary.until, long)}</span>
      </figcaption>
    </figure>
  );
}

export function duration(ms: number): string {
  const m = Math.round(ms / 60_000);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${m % 60 ? `${m % 60} min` : ''}`.trim();
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

/** One logbook line: when, what it became, and who or what did it. */
export function LogbookLine({
  entry,
  entity,
  showName,
}: {
  entry: LogbookEntry;
  entity: Entity | undefined;
  showName: boolean;
}) {
  const attrs = entity?.attributes ?? {};
  return (
    <li data-cause={entry.cause.type}>
      <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>{' '}
      {showName && <strong>{entry.name} </strong>}
      <span class="became">{stateWord(entry.domain, attrs, entry.state)}</span>{' '}
      <CauseText cause={entry.cause} />
    </li>
  );
}
