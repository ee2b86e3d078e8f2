import { useEffect, useRef, useState } from 'preact/hooks';
import { api, message } from './api';
import { useEntity, useModal } from './hooks';
import { HistoryGraph, LogbookLine, RANGES, Timeline, type RangeId } from './history-parts';
import { CameraPictures } from './camera';
import type { HomeStore } from './live';
import type { HistorySummary, LogbookEntry } from './types';
import { describe } from './tile';
import { text } from './text';

interface Props {
  store: HomeStore;
  id: string;
  onClose: () => void;
}

/**
 * One entity in depth (like Home Assistant's more-info): its state, a graph or timeline over
 * 24 hours or 7 days, the logbook of who or what changed it, and every attribute.
 * Loaded on first open, so the home page's download stays small.
 */
export function EntityDetails({ store, id, onClose }: Props) {
  const ref = useModal(onClose);
  const [entity] = useEntity(store, id);
  const [range, setRange] = useState<RangeId>('24h');
  const [summary, setSummary] = useState<HistorySummary | null>(null);
  const [log, setLog] = useState<LogbookEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Reload when the range changes, and when the entity changes state (the graph follows it live).
  // A sensor reporting every few seconds reloads at most once a minute.
  const stamp =
    typeof entity?.state === 'number'
      ? Math.floor(Date.parse(entity.last_updated) / 60_000)
      : entity?.last_changed;
  const readings = typeof entity?.state === 'number';
  const shownRange = useRef(range);
  useEffect(() => {
    let live = true;
    // A new period shows "Loading…" rather than the old period's graph under the new label.
    if (shownRange.current !== range) setSummary(null);
    shownRange.current = range;
    const ms = RANGES.find((r) => r.id === range)!.ms;
    const until = new Date();
    const since = new Date(until.getTime() - ms).toISOString();
    const q = `since=${encodeURIComponent(since)}&until=${encodeURIComponent(until.toISOString())}`;
    Promise.all([
      api<HistorySummary>('GET', `/api/home/entities/${id}/history/summary?${q}&buckets=600`),
      // A sensor's readings are its graph; its logbook would be every reading again.
      readings
        ? Promise.resolve([])
        : api<LogbookEntry[]>('GET', `/api/home/logbook?entity_id=${id}&${q}&limit=100`),
    ]).then(
      ([s, l]) => {
        if (!live) return;
        setSummary(s);
        setLog(l);
        setError(null);
      },
      (err: unknown) => live && setError(message(err)),
    );
    return () => {
      live = false;
    };
  }, [id, range, stamp, readings]);

  if (!entity) return null;
  const unit =
    typeof entity.attributes.unit_of_measurement === 'string'
      ? ` ${entity.attributes.unit_of_measurement}`
      : '';
  const area = store.areas.find((a) => a.id === entity.area)?.name;
  return (
    <dialog ref={ref} class="details" aria-labelledby="details-title" data-details={id}>
      <header>
        <div>
          <h2 id="details-title">{entity.name}</h2>
          <p class="state">
            {entity.available ? describe(entity) : 'Unavailable'}
            {area ? ` · ${area}` : ''}
          </p>
        </div>
        <button type="button" class="close" aria-label="Close" onClick={() => ref.current?.close()}>
          ✕
        </button>
      </header>
      {entity.domain === 'camera' && entity.attributes.has_snapshot === true && (
        <CameraPictures entity={entity} />
      )}
      <div class="range" role="group" aria-label="Period">
        {RANGES.map((r) => (
          <button key={r.id} type="button" aria-pressed={range === r.id} onClick={() => setRange(r.id)}>
            {r.label}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <section aria-label="History" data-range={range} data-loaded={summary ? 'yes' : 'no'}>
        {!summary ? (
          <p>Loading history…</p>
        ) : summary.kind === 'numeric' ? (
          <HistoryGraph summary={summary} unit={unit} />
        ) : (
          <Timeline summary={summary} entity={entity} />
        )}
      </section>
      {!readings && (
        <section aria-labelledby="details-log">
          <h3 id="details-log">Logbook</h3>
          {log?.length === 0 && <p class="empty">Nothing happened in this period.</p>}
          {log && log.length > 0 && (
            <ol class="logbook">
              {log.map((e, i) => (
                <LogbookLine key={`${e.at}-${i}`} entry={e} entity={entity} showName={false} />
              ))}
            </ol>
          )}
        </section>
      )}
      <details class="attributes">
        <summary>Attributes</summary>
        <dl>
          <dt>Entity id</dt>
          <dd>
            <code>{entity.entity_id}</code>
          </dd>
          <dt>Last changed</dt>
          <dd>{new Date(entity.last_changed).toLocaleString()}</dd>
          {Object.entries(entity.attributes).map(([k, v]) => (
            <>
              <dt key={`k-${k}`}>{k.replace(/_/g, ' ')}</dt>
              <dd key={`v-${k}`}>{typeof v === 'object' ? JSON.stringify(v) : text(v)}</dd>
            </>
          ))}
        </dl>
      </details>
    </dialog>
  );
}
