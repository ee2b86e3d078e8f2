import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, message, optional } from './api';

interface Automation { id: string; name: string; enabled: boolean; last_triggered?: string | null; next_trigger_at?: string | null; trigger: unknown; conditions?: unknown[]; actions: unknown[] }

const EXAMPLE = { name: 'Evening lights', trigger: { type: 'time', at: '19:30' }, conditions: [{ type: 'presence', state: 'home' }], actions: [{ entity: 'light.living_room', action: 'dim', brightness: 30 }] };
const when = (iso?: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
const BASE = '/api/home/automations';

/** Automations: list, enable switch, JSON editor with the server's inline validation, dry run, traces. Hidden until the API exists. */
export function AutomationsView({ readOnly }: { readOnly: boolean }) {
  const [list, setList] = useState<Automation[] | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Automation | 'new' | null>(null);
  const [result, setResult] = useState<{ title: string; body: unknown } | null>(null);
  const reload = () => optional<Automation[]>(BASE).then(setList, (e) => setError(message(e)));
  useEffect(() => void reload(), []);

  if (list === undefined) return <div class="page"><h2>Automations</h2><p>Loading…</p></div>;
  if (list === null) return <div class="page"><h2>Automations</h2><p class="empty">This service has no automations yet (the automations API is not installed).</p></div>;

  const run = (title: string, fn: () => Promise<unknown>) => async () => {
    setError(null);
    try { setResult({ title, body: await fn() }); } catch (err) { setError(message(err)); }
    await reload();
  };

  return (
    <div class="page">
      <h2>Automations</h2>
      {error && <p role="alert" class="error">{error}</p>}
      <ul class="list">{list.map((a) => (
        <li key={a.id} data-automation-id={a.id}>
          <button type="button" role="switch" class="switch" aria-checked={a.enabled} aria-label={`${a.name} enabled`} disabled={readOnly}
            onClick={run(`${a.name}`, () => api('PATCH', `${BASE}/${a.id}`, { enabled: !a.enabled }))}><span /></button>
          <span class="grow"><strong>{a.name}</strong> <small>last triggered {when(a.last_triggered)} · next {when(a.next_trigger_at)}</small></span>
          <button type="button" aria-label={`Test ${a.name}`} disabled={readOnly} onClick={run(`Test of ${a.name}`, () => api('POST', `${BASE}/${a.id}/test`, {}))}>Test</button>
          <button type="button" aria-label={`Traces of ${a.name}`} onClick={run(`Traces of ${a.name}`, () => api('GET', `${BASE}/${a.id}/traces`))}>Traces</button>
          <button type="button" aria-label={`Edit ${a.name}`} disabled={readOnly} onClick={() => setEditing(a)}>Edit</button>
          <button type="button" aria-label={`Delete ${a.name}`} disabled={readOnly} onClick={run(`Deleted ${a.name}`, () => api('DELETE', `${BASE}/${a.id}`))}>Delete</button>
        </li>
      ))}</ul>
      {!readOnly && !editing && <button type="button" class="primary" onClick={() => setEditing('new')}>New automation</button>}
      {editing && <Editor automation={editing === 'new' ? null : editing} onDone={() => { setEditing(null); void reload(); }} />}
      {result && <Result title={result.title} body={result.body} />}
    </div>
  );
}

function Editor({ automation, onDone }: { automation: Automation | null; onDone: () => void }) {
  const initial = automation ? { name: automation.name, trigger: automation.trigger, conditions: automation.conditions ?? [], actions: automation.actions } : EXAMPLE;
  const [text, setText] = useState(JSON.stringify(initial, null, 2));
  const [error, setError] = useState<{ text: string; field?: string | undefined } | null>(null);
  const save = async (ev: Event) => {
    ev.preventDefault();
    setError(null);
    let body: unknown;
    try { body = JSON.parse(text); } catch (err) { setError({ text: `Not valid JSON: ${message(err)}` }); return; }
    try {
      if (automation) await api('PUT', `${BASE}/${automation.id}`, body);
      else await api('POST', BASE, body);
      onDone();
    } catch (err) {
      setError({ text: message(err), field: err instanceof ApiError ? err.field : undefined });
    }
  };
  return (
    <form class="card" onSubmit={save}>
      <h3>{automation ? `Edit ${automation.name}` : 'New automation'}</h3>
      <p><small>Trigger kinds: time, sensor, presence, solar, device state; conditions and actions as in the API documentation (<a href="/docs">/docs</a>).</small></p>
      <label>Automation (JSON)<textarea rows={14} spellcheck={false} value={text} onInput={(e) => setText(e.currentTarget.value)} aria-invalid={error !== null} /></label>
      {error && <p role="alert" class="error">{error.field ? <strong>{error.field}: </strong> : null}{error.text}</p>}
      <div class="buttons"><button type="submit" class="primary">Save automation</button><button type="button" onClick={onDone}>Cancel</button></div>
    </form>
  );
}

interface Verdict { type?: string; ok?: boolean; reason?: string | null; seen?: unknown }
interface DryRun { would_run?: boolean; blocked_by?: string | null; conditions?: Verdict[]; actions?: { index: number; description: string; ok: boolean; problem?: string }[] }
interface Trace { id?: string; started_at?: string; result?: string; reason?: string | null; conditions?: Verdict[] }

/** A dry run (each condition's verdict, the actions it would run) or the trace history. */
function Result({ title, body }: { title: string; body: unknown }) {
  const verdicts = (list: Verdict[] | undefined) => list && list.length > 0 && (
    <ul class="verdicts">{list.map((c, i) => (
      <li key={i} class={c.ok ? 'pass' : 'fail'} data-verdict={c.ok ? 'pass' : 'fail'}>
        {c.ok ? '✓' : '✗'} {c.type ?? `condition ${i + 1}`}{c.reason ? ` — ${c.reason}` : ''}{c.seen !== undefined ? <small> (saw {JSON.stringify(c.seen)})</small> : null}
      </li>
    ))}</ul>
  );
  if (Array.isArray(body)) {
    const traces = body as Trace[];
    return (
      <section class="card result" aria-label={title}>
        <h3>{title}</h3>
        {traces.length === 0 ? <p class="empty">It has not run yet.</p> : (
          <ol class="list">{traces.map((tr, i) => (
            <li key={tr.id ?? i}><span class="grow"><strong>{tr.result}</strong> <small>{tr.started_at ? new Date(tr.started_at).toLocaleString() : ''}{tr.reason ? ` · ${tr.reason}` : ''}</small>{verdicts(tr.conditions)}</span></li>
          ))}</ol>
        )}
      </section>
    );
  }
  const run = body as DryRun | null;
  return (
    <section class="card result" aria-label={title}>
      <h3>{title}</h3>
      {run && typeof run.would_run === 'boolean' && (
        <p class={`outcome ${run.would_run ? 'confirmed' : 'failed'}`}>{run.would_run ? 'It would run now.' : `It would not run: ${run.blocked_by ?? 'blocked'}.`}</p>
      )}
      {verdicts(run?.conditions)}
      {run?.actions && run.actions.length > 0 && (
        <ol>{run.actions.map((a) => <li key={a.index} class={a.ok ? '' : 'error'}>{a.description}{a.problem ? ` — ${a.problem}` : ''}</li>)}</ol>
      )}
      {!run?.conditions && <pre>{JSON.stringify(body, null, 2)}</pre>}
    </section>
  );
}
