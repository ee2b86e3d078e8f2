import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../../clock.js';
import { writeDurably } from '../../durable-file.js';

/** One kept motion snapshot: its id (also its file name without `.jpg`), when, and its size. */
export interface StoredSnapshot {
  id: string;
  at: string;
  bytes: number;
}

/** `20261124T002133123Z-3fa9c1`: the time it was taken (UTC, milliseconds) and a random tail. */
export const SNAPSHOT_ID = /^\d{8}T\d{9}Z-[0-9a-f]{6}$/;

const DAY_MS = 86_400_000;

function idFor(ms: number): string {
  const iso = new Date(ms).toISOString(); // 2026-11-24T00:21:33.123Z
  return `${iso.replace(/[-:.]/g, '').replace('Z', '')}Z-${randomBytes(3).toString('hex')}`;
}

function timeOf(id: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(id);
  if (!m) return NaN;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, +m[7]!);
}

/**
 * The motion snapshots Hearth keeps, one folder per camera under the integration's private
 * directory (`<data dir>/integrations/onvif/snapshots/<camera>/`, 0700; files 0600, so inside
 * `hearth backup`), bounded by count per camera and by age: the oldest go first.
 */
export class SnapshotStore {
  constructor(
    private readonly dir: string,
    private readonly clock: Clock,
    private readonly limits: () => { max: number; days: number },
  ) {}

  private folder(camera: string, create = false): string {
    if (!/^[a-z0-9][a-z0-9._-]{0,99}$/.test(camera)) throw new Error(`invalid camera id "${camera}"`);
    const path = join(this.dir, camera);
    if (create) {
      mkdirSync(path, { recursive: true, mode: 0o700 });
      chmodSync(this.dir, 0o700);
      chmodSync(path, 0o700);
    }
    return path;
  }

  /** Keeps a snapshot taken now; returns what was stored, after pruning beyond the bounds. */
  add(camera: string, jpeg: Buffer): StoredSnapshot {
    const folder = this.folder(camera, true);
    const now = this.clock.now();
    const id = idFor(now);
    writeDurably(join(folder, `${id}.jpg`), join(folder, `.${id}.tmp`), jpeg);
    this.prune(camera);
    return { id, at: new Date(now).toISOString(), bytes: jpeg.length };
  }

  /** Newest first. */
  list(camera: string): StoredSnapshot[] {
    let names: string[];
    try {
      names = readdirSync(this.folder(camera));
    } catch {
      return [];
    }
    const out: StoredSnapshot[] = [];
    for (const name of names) {
      const id = name.replace(/\.jpg$/, '');
      if (!name.endsWith('.jpg') || !SNAPSHOT_ID.test(id)) continue;
      let bytes = 0;
      try {
        bytes = statSync(join(this.folder(camera), name)).size;
      } catch {
        continue;
      }
      out.push({ id, at: new Date(timeOf(id)).toISOString(), bytes });
    }
    return out.sort((a, b) => (a.id < b.id ? 1 : -1));
  }

  read(camera: string, id: string): Buffer | undefined {
    if (!SNAPSHOT_ID.test(id)) return undefined;
    try {
      return readFileSync(join(this.folder(camera), `${id}.jpg`));
    } catch {
      return undefined;
    }
  }

  /** Removes what is beyond the count or older than the days; returns how many went. */
  prune(camera: string): number {
    const { max, days } = this.limits();
    const oldest = this.clock.now() - days * DAY_MS;
    let removed = 0;
    this.list(camera).forEach((s, i) => {
      if (i < max && Date.parse(s.at) >= oldest) return;
      rmSync(join(this.folder(camera), `${s.id}.jpg`), { force: true });
      removed++;
    });
    return removed;
  }

  /** Prunes every camera's folder (run at start and hourly). */
  pruneAll(): number {
    let removed = 0;
    let cameras: string[] = [];
    try {
      cameras = readdirSync(this.dir);
    } catch {
      return 0;
    }
    for (const c of cameras) if (/^[a-z0-9][a-z0-9._-]{0,99}$/.test(c)) removed += this.prune(c);
    return removed;
  }

  /** Forgets a camera's snapshots (it was removed from Hearth). */
  removeCamera(camera: string) {
    rmSync(this.folder(camera), { recursive: true, force: true });
  }
}
