import { useEffect, useState } from 'preact/hooks';
import { api, message, pictureUrl } from './api';
import type { Entity, MotionSnapshot as Kept } from './types';

/** An object URL that is revoked when it is replaced or the component goes away. */
function usePicture(): [string | null, (url: string | null) => void] {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return [url, setUrl];
}

/**
 * A camera's pictures in its details: the snapshot now (fetched through Hearth with the bearer
 * token when the details open and when asked again — never continuously), and the snapshots
 * Hearth kept for motion events while the camera was active, newest first.
 */
export function CameraPictures({ entity }: { entity: Entity }) {
  const id = entity.entity_id;
  const [now, setNow] = usePicture();
  const [takenAt, setTakenAt] = useState<Date | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [kept, setKept] = useState<Kept[] | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [keptPicture, setKeptPicture] = usePicture();

  const refresh = () => {
    setLoading(true);
    pictureUrl(`/api/home/entities/${id}/snapshot`).then(
      (url) => {
        setNow(url);
        setTakenAt(new Date());
        setError(null);
        setLoading(false);
      },
      (err: unknown) => {
        setError(message(err));
        setLoading(false);
      },
    );
  };
  useEffect(refresh, [id]);

  // The list follows the entity's count of kept snapshots (it changes with each motion event).
  const count = entity.attributes.motion_snapshots;
  useEffect(() => {
    let live = true;
    api<Kept[]>('GET', `/api/home/entities/${id}/snapshots`).then(
      (list) => live && setKept(list),
      (err: unknown) => live && setError(message(err)),
    );
    return () => {
      live = false;
    };
  }, [id, count]);

  const show = (snap: Kept) => {
    setShown(snap.id);
    pictureUrl(`/api/home/entities/${id}/snapshots/${snap.id}`).then(setKeptPicture, (err: unknown) =>
      setError(message(err)),
    );
  };

  return (
    <section class="camera" aria-labelledby="camera-now" data-camera={id}>
      <h3 id="camera-now">Snapshot</h3>
      <figure class="snapshot" data-loaded={now ? 'yes' : 'no'}>
        {now ? (
          <img src={now} alt={`${entity.name} now`} />
        ) : (
          <div class="placeholder">{loading ? 'Loading…' : '—'}</div>
        )}
        <figcaption>
          {takenAt ? `Taken ${takenAt.toLocaleTimeString()}` : ''}
          <button type="button" onClick={refresh} disabled={loading}>
            {loading ? 'Loading…' : 'Refresh'}
          </button>
        </figcaption>
      </figure>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <h3 id="camera-motion">Motion snapshots</h3>
      <p class="hint">
        {entity.state === 'recording'
          ? 'Active: Hearth keeps a snapshot for each motion event.'
          : 'Inactive: no snapshots are kept. Record to keep one for each motion event.'}
      </p>
      {kept?.length === 0 && <p class="empty">No motion snapshots kept.</p>}
      {kept && kept.length > 0 && (
        <ol class="kept" aria-labelledby="camera-motion" data-count={kept.length}>
          {kept.map((s) => (
            <li key={s.id}>
              <button type="button" aria-pressed={shown === s.id} onClick={() => show(s)}>
                {new Date(s.at).toLocaleString()}
              </button>
            </li>
          ))}
        </ol>
      )}
      {shown && keptPicture && (
        <figure class="snapshot kept-picture">
          <img
            src={keptPicture}
            alt={`${entity.name}, motion at ${new Date(kept?.find((k) => k.id === shown)?.at ?? '').toLocaleString()}`}
          />
        </figure>
      )}
    </section>
  );
}
