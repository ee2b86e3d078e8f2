import { useEffect, useState } from 'preact/hooks';
import { api, message } from './api';
import { useModule } from './lazy';
import type { HomeStore } from './live';
import { text } from './text';

interface Automation {
  [key: string]: unknown;
  id: string;
  name: string;
  enabled: boolean;
  last_triggered?: string | null;
  next_trigger_at?: string | null;
  trigger: unknown;
  conditions?: unknown[];
  actions: unknown[];
}

const when = (iso?: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
const BASE = '/api/home/automations';

/** Automations: list, enable switch, form editor with the server's inline validation, dry run, traces. */
export function AutomationsView({ store, readOnly }: { store: HomeStore; readOnly: boolean }) {
  const [list, setList] = useState<Automation[] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Automation | 'new' | null>(null);
  const [result, setResult] = useState<{ title: string; body: unknown } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const reload = () => api<Automation[]>('GET', BASE).then(setList, (e: unknown) => setError(message(e)));
  useEffect(() => void reload(), []);
  // `#automations?traces=<id>` (a logbook's link to an automation) opens that automation's traces.
  useEffect(() => {
    const wanted = new URLSearchParams(location.hash.split('?')[1] ?? '').get('traces');
    const a = wanted && list?.find((x) => x.id === wanted);
    if (a) void run(`Traces of ${a.name}`, () => api('GET', `${BASE}/${a.id}/traces`))();
  }, [list === undefined]);

  if (list === undefined)
    return (
      <div class="page">
        <h2>Automations</h2>
        <p>Loading…</p>
      </div>
    );

  const run = (title: string | null, fn: () => Promise<unknown>) => async () => {
    setError(null);
    try {
      const body = await fn();
      if (title) setResult({ title, body });
    } catch (err) {
      setError(message(err));
    }
    await reload();
  };

  return (
    <div class="page">
      <h2>Automations</h2>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {saved && (
        <p role="status" class="outcome confirmed">
          {saved}
        </p>
      )}
      <ul class="list">
        {list.map((a) => (
          <li key={a.id} data-automation-id={a.id}>
            <button
              type="button"
              role="switch"
              class="switch"
              aria-checked={a.enabled}
              aria-label={`${a.name} enabled`}
              disabled={readOnly}
              onClick={run(null, () => api('PATCH', `${BASE}/${a.id}`, { enabled: !a.enabled }))}
            >
              <span />
            </button>
            <span class="grow">
              <strong>{a.name}</strong>{' '}
              <small>
                last triggered {when(a.last_triggered)} · next {when(a.next_trigger_at)}
              </small>
            </span>
            <button
              type="button"
              aria-label={`Test ${a.name}`}
              disabled={readOnly}
              onClick={run(`Test of ${a.name}`, () => api('POST', `${BASE}/${a.id}/test`, {}))}
            >
              Test
            </button>
            <button
              type="button"
              aria-label={`Traces of ${a.name}`}
              onClick={run(`Traces of ${a.name}`, () => api('GET', `${BASE}/${a.id}/traces`))}
            >
              Traces
            </button>
            <button
              type="button"
              aria-label={`Edit ${a.name}`}
              disabled={readOnly}
              onClick={() => {
                setSaved(null);
                setEditing(a);
              }}
            >
              Edit
            </button>
            <button
              type="button"
              aria-label={`Delete ${a.name}`}
              disabled={readOnly}
              onClick={(e) => {
                if (confirm(`Delete the automation ${a.name}? This cannot be undone.`))
                  void run(`Deleted ${a.name}`, () => api('DELETE', `${BASE}/${a.id}`))();
                else e.preventDefault();
              }}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      {!readOnly && !editing && (
        <button
          type="button"
          class="primary"
          onClick={() => {
            setSaved(null);
            setEditing('new');
          }}
        >
          New automation
        </button>
      )}
      {editing && (
        <LazyEditor
          key={editing === 'new' ? 'new' : editing.id}
          automation={editing === 'new' ? null : editing}
          store={store}
          onDone={(msg) => {
            setEditing(null);
            setSaved(msg);
            void reload();
          }}
        />
      )}
      {result && <Result title={result.title} body={result.body} />}
    </div>
  );
}

/** Loads the form editor on demand (it is most of this page's code, and most visits only list and switch). */
function LazyEditor({
  automation,
  store,
  onDone,
}: {
  automation: Automation | null;
  store: HomeStore;
  onDone: (saved: string | null) => void;
}) {
  const { module, error } = useModule(() => import('./automation-editor'));
  if (error)
    return (
      <p role="alert" class="error">
        {error}
      </p>
    );
  if (!module) return <p>Loading the editor…</p>;
  return <module.AutomationEditor automation={automation} store={store} onDone={onDone} />;
}

interface Verdict {
  type?: string;
  ok?: boolean;
  reason?: string | null;
  seen?: unknown;
}
interface DryRun {
  would_run?: boolean;
  blocked_by?: string | null;
  conditions?: Verdict[];
  actions?: { index: number; description: string; ok: boolean; problem?: string }[];
}
interface Trace {
  id?: string;
  started_at?: string;
  result?: string;
  reason?: string | null;
  conditions?: Verdict[];
  trigger?: {
    type?: string;
    description?: string;
    entity_id?: string;
    from_state?: unknown;
    to_state?: unknown;
    scheduled_for?: string;
  } | null;
  actions?: {
    index: number;
    kind?: string;
    target?: string;
    outcome?: string;
    error?: string;
    started_at?: string;
    finished_at?: string | null;
  }[];
}

/** What fired a run, in words. */
function triggerText(t: NonNullable<Trace['trigger']>): string {
  if (t.description) return t.description;
  if (t.entity_id) return `${t.entity_id}: ${text(t.from_state, '—')} → ${text(t.to_state, '—')}`;
  if (t.scheduled_for) return `${t.type ?? 'time'} at ${new Date(t.scheduled_for).toLocaleString()}`;
  return t.type ?? 'run by hand';
}

/** A dry run (each condition's verdict, the actions it would run) or the trace history. */
function Result({ title, body }: { title: string; body: unknown }) {
  const verdicts = (list: Verdict[] | undefined) =>
    list &&
    list.length > 0 && (
      <ul class="verdicts">
        {list.map((c, i) => (
          <li key={i} class={c.ok ? 'pass' : 'fail'} data-verdict={c.ok ? 'pass' : 'fail'}>
            {c.ok ? '✓' : '✗'} {c.type ?? `condition ${i + 1}`}
            {c.reason ? ` — ${c.reason}` : ''}
            {c.seen !== undefined ? <small> (saw {JSON.stringify(c.seen)})</small> : null}
          </li>
        ))}
      </ul>
    );
  if (Array.isArray(body)) {
    const traces = body as Trace[];
    return (
      <section class="card result" aria-label={title}>
        <h3>{title}</h3>
        {traces.length === 0 ? (
          <p class="empty">It has not run yet.</p>
        ) : (
          <ol class="list">
            {traces.map((tr, i) => (
              <li key={tr.id ?? i}>
                <span class="grow">
                  <strong>{tr.result}</strong>{' '}
                  <small>
                    {tr.started_at ? new Date(tr.started_at).toLocaleString() : ''}
                    {tr.reason ? ` · ${tr.reason}` : ''}
                  </small>
                  {tr.trigger && (
                    <p class="trace-trigger">
                      Triggered by: <span>{triggerText(tr.trigger)}</span>
                    </p>
                  )}
                  {verdicts(tr.conditions)}
                  {tr.actions && tr.actions.length > 0 && (
                    <ol class="trace-actions">
                      {tr.actions.map((a) => (
                        <li
                          key={a.index}
                          data-outcome={a.outcome}
                          class={a.outcome === 'failed' ? 'error' : ''}
                        >
                          {a.kind ?? 'action'}
                          {a.target ? ` ${a.target}` : ''}: <strong>{a.outcome ?? 'pending'}</strong>
                          {a.error ? ` — ${a.error}` : ''}
                        </li>
                      ))}
                    </ol>
                  )}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    );
  }
  const run = body as DryRun | null;
  return (
    <section class="card result" aria-label={title}>
      <h3>{title}</h3>
      {run && typeof run.would_run === 'boolean' && (
        <p class={`outcome ${run.would_run ? 'confirmed' : 'failed'}`}>
          {run.would_run ? 'It would run now.' : `It would not run: ${run.blocked_by ?? 'blocked'}.`}
        </p>
      )}
      {verdicts(run?.conditions)}
      {run?.actions && run.actions.length > 0 && (
        <ol>
          {run.actions.map((a) => (
            <li key={a.index} class={a.ok ? '' : 'error'}>
              {a.description}
              {a.problem ? ` — ${a.problem}` : ''}
            </li>
          ))}
        </ol>
      )}
      {!run?.conditions && <pre>{JSON.stringify(body, null, 2)}</pre>}
    </section>
  );
}
