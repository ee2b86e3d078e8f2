import { useEffect, useState } from 'preact/hooks';
import { api, message } from './api';
import { useStructure } from './hooks';
import { LogbookLine, RANGES, type RangeId } from './history-parts';
import type { LogbookEntry } from './types';
import type { HomeStore } from './live';
import { cap } from './wording';

const CAUSES = [
  ['', 'Anyone or anything'],
  ['user', 'People'],
  ['automation', 'Automations'],
  ['scene', 'Scenes'],
  ['agent', 'Assistant'],
  ['device', 'Devices themselves'],
] as const;

/** What happened in the home and who or what did it, newest first, with filters. */
export function LogbookView({ store }: { store: HomeStore }) {
  useStructure(store);
  const [range, setRange] = useState<RangeId>('24h');
  const [area, setArea] = useState('');
  const [domain, setDomain] = useState('');
  const [cause, setCause] = useState('');
  const [entries, setEntries] = useState<LogbookEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const until = new Date();
    const since = new Date(until.getTime() - RANGES.find((r) => r.id === range)!.ms);
    const q = new URLSearchParams({ since: since.toISOString(), until: until.toISOString(), limit: '500' });
    if (area) q.set('area', area);
    if (domain) q.set('domain', domain);
    if (cause) q.set('cause_type', cause);
    setEntries(null);
    api<LogbookEntry[]>('GET', `/api/home/logbook?${q}`).then(
      (e) => {
        if (live) {
          setEntries(e);
          setError(null);
        }
      },
      (err: unknown) => live && setError(message(err)),
    );
    return () => {
      live = false;
    };
  }, [range, area, domain, cause]);

  const domains = [...new Set([...store.entities.values()].map((e) => e.domain))].sort();
  return (
    <div class="page logbook-page">
      <h2>Logbook</h2>
      <form class="filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          Period
          <select value={range} onChange={(e) => setRange(e.currentTarget.value as RangeId)}>
            {RANGES.map((r) => (
              <option key={r.id} value={r.id}>
                Last {r.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Room
          <select value={area} onChange={(e) => setArea(e.currentTarget.value)}>
            <option value="">All rooms</option>
            {store.areas.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Kind of device
          <select value={domain} onChange={(e) => setDomain(e.currentTarget.value)}>
            <option value="">All kinds</option>
            {domains.map((d) => (
              <option key={d} value={d}>
                {cap(d.replace(/_/g, ' '))}
              </option>
            ))}
          </select>
        </label>
        <label>
          Caused by
          <select value={cause} onChange={(e) => setCause(e.currentTarget.value)}>
            {CAUSES.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
      </form>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {!entries && !error && <p>Loading…</p>}
      {entries?.length === 0 && <p class="empty">Nothing happened with these filters.</p>}
      {entries && entries.length > 0 && (
        <ol class="logbook">
          {entries.map((e, i) => (
            <LogbookLine key={`${e.at}-${i}`} entry={e} entity={store.entities.get(e.entity_id)} showName />
          ))}
        </ol>
      )}
    </div>
  );
}
