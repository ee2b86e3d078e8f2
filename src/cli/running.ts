import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Part } from '../context.js';
import { isStorageFull } from '../errors.js';

export const PID_FILE = 'hearth.pid';

/**
 * Marks a data dir as in use by a running service (`<data dir>/hearth.pid`), so `hearth restore`
 * can refuse to swap the database under a live process. A stale file from a crash is ignored
 * because its process no longer exists.
 */
export class RunningMarker implements Part {
  readonly name = 'running-marker';

  constructor(private readonly dataDir: string) {}

  async start() {
    try {
      writeFileSync(join(this.dataDir, PID_FILE), `${process.pid}\n`);
    } catch (err) {
      // On a full disk the service still starts (read-only); only this guard for restore is lost.
      if (!isStorageFull(err)) throw err;
    }
  }

  async stop() {
    if (runningPid(this.dataDir) === process.pid) rmSync(join(this.dataDir, PID_FILE), { force: true });
  }
}

/** The pid of the live service using `dataDir`, or undefined when none is. */
export function runningPid(dataDir: string): number | undefined {
  const file = join(dataDir, PID_FILE);
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: the process exists but belongs to another user (the service runs as `hearth`).
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
