import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, ApiError, message } from './api';
import type {
  HomeSettingKey as Field,
  HomeSettingsView as HomeSettings,
  SettingSource as Source,
} from './types';

const SOURCE_TEXT: Record<Source, string> = {
  settings: 'saved here',
  config: 'from the service configuration',
  system: "the system's zone",
  unset: 'not set',
};
const FIELDS: Field[] = ['time_zone', 'latitude', 'longitude'];
const LABELS: Record<Field, string> = {
  time_zone: 'Time zone',
  latitude: 'Latitude',
  longitude: 'Longitude',
};

/** Every zone this browser knows, for the datalist (UTC is not in the list but is valid). */
function zones(): string[] {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return list.includes('UTC') ? list : ['UTC', ...list];
}

const text = (v: string | number | null) => (v === null ? '' : String(v));

/**
 * The home's time zone and location (admin only). Only changed fields are sent; an emptied
 * field sends null, which clears the saved value so the service's configuration applies again.
 */
export function HomeSettingsSection() {
  const [current, setCurrent] = useState<HomeSettings | null>(null);
  const [form, setForm] = useState<Record<Field, string>>({ time_zone: '', latitude: '', longitude: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const zoneList = useMemo(zones, []);

  const show = (s: HomeSettings) => {
    setCurrent(s);
    setForm({ time_zone: s.time_zone, latitude: text(s.latitude), longitude: text(s.longitude) });
  };
  useEffect(() => {
    api<HomeSettings>('GET', '/api/settings').then(show, (err: unknown) => setNote(message(err)));
  }, []);

  const set = (f: Field) => (e: { currentTarget: HTMLInputElement }) => {
    const value = e.currentTarget.value;
    setForm((old) => ({ ...old, [f]: value }));
    setErrors((old) => ({ ...old, [f]: undefined }));
  };

  const save = async (e: Event) => {
    e.preventDefault();
    if (!current) return;
    setNote(null);
    const patch: Record<string, string | number | null> = {};
    const local: Partial<Record<Field, string>> = {};
    for (const f of FIELDS) {
      const raw = form[f].trim();
      if (raw === text(current[f])) continue;
      if (raw === '') patch[f] = null;
      else if (f === 'time_zone') patch[f] = raw;
      else if (Number.isFinite(Number(raw))) patch[f] = Number(raw);
      else local[f] = `${f} must be a number`;
    }
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    if (Object.keys(patch).length === 0) return setNote('Nothing changed.');
    setBusy(true);
    try {
      show(await api<HomeSettings>('PATCH', '/api/settings', patch));
      setNote('Saved. Time and sun triggers now follow these values.');
    } catch (err) {
      const field = err instanceof ApiError ? err.field : undefined;
      if (field && (FIELDS as string[]).includes(field)) setErrors({ [field]: message(err) });
      else setNote(message(err));
    } finally {
      setBusy(false);
    }
  };

  const locate = () => {
    setNote(null);
    // `navigator.geolocation` is missing on pages that are not secure (plain http).
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
    if (!navigator.geolocation) return setNote('This browser cannot share its location.');
    navigator.geolocation.getCurrentPosition(
      // Three decimals (about 100 m) is plenty for sunrise and sunset and keeps the home vague.
      (pos) =>
        setForm((old) => ({
          ...old,
          latitude: pos.coords.latitude.toFixed(3),
          longitude: pos.coords.longitude.toFixed(3),
        })),
      (err) => setNote(`The browser did not share its location (${err.message || 'denied'}).`),
      { timeout: 15_000 },
    );
  };

  // The hint and the error sit beside the input, not in its label, so the field's name stays "Time zone".
  const input = (f: Field, extra: Record<string, unknown>) => (
    <div class="field" key={f}>
      <label for={`setting-${f}`}>{LABELS[f]}</label>
      <input
        id={`setting-${f}`}
        name={f}
        value={form[f]}
        onInput={set(f)}
        aria-invalid={errors[f] ? true : undefined}
        aria-describedby={`${f}-hint${errors[f] ? ` ${f}-error` : ''}`}
        {...extra}
      />
      <small id={`${f}-hint`}>{current ? SOURCE_TEXT[current.sources[f]] : ''}</small>
      {errors[f] && (
        <small id={`${f}-error`} class="error" role="alert">
          {errors[f]}
        </small>
      )}
    </div>
  );

  return (
    <section aria-labelledby="settings-h">
      <h3 id="settings-h">Settings</h3>
      <p class="empty">
        Time zone and location of the home, for time and sun triggers. Values saved here win over the service
        configuration; empty a field and save to go back to it.
      </p>
      {current && (
        <form class="settings-form" noValidate onSubmit={save}>
          {input('time_zone', { list: 'time-zones', autocomplete: 'off', spellcheck: false })}
          <datalist id="time-zones">
            {zoneList.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
          {input('latitude', { inputMode: 'decimal', placeholder: 'e.g. 52.52' })}
          {input('longitude', { inputMode: 'decimal', placeholder: 'e.g. 13.405' })}
          <div class="buttons">
            <button type="button" onClick={locate}>
              Use this browser's location
            </button>
            <button type="submit" class="primary" disabled={busy}>
              Save
            </button>
          </div>
        </form>
      )}
      {note && (
        <p role="status" class="settings-note">
          {note}
        </p>
      )}
    </section>
  );
}
