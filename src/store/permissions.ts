import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../log.js';

/** Files of the database that hold accounts, sessions and keys' neighbours: owner only. */
const DB_FILES = ['hearth.db', 'hearth.db-wal', 'hearth.db-shm'];

/**
 * Keeps the data dir private (issue 17, problem 8: `hearth.db` was world-readable under a plain
 * `npm start` with the usual umask 022): the dir becomes 0700 and the database files 0600. A dir
 * Hearth does not own (a mount, a shared folder) is left as it is, with a warning.
 */
export function secureDataDir(dir: string, log: Logger) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir, 0o700, log);
  for (const f of DB_FILES) {
    const path = join(dir, f);
    if (existsSync(path)) tighten(path, 0o600, log);
  }
}

function tighten(path: string, mode: number, log: Logger) {
  try {
    if ((statSync(path).mode & 0o777 & ~mode) !== 0) chmodSync(path, mode);
  } catch (err) {
    log.warn({ path, err: (err as Error).message }, 'could not make this private; check its permissions');
  }
}
