import { chmodSync, closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes a file whole or not at all: the data goes to `tmp` (owner-only), is flushed to disk,
 * then renamed over `file`, so a crash or a kill -9 leaves the old file or the new one, never
 * half of one. With `syncDir` the directory is flushed too, so the rename itself survives a
 * power cut (for what must not be lost, like pairing credentials). `tmp` must be in the same
 * directory as `file` (a rename does not cross file systems).
 */
export function writeDurably(
  file: string,
  tmp: string,
  data: string | Uint8Array,
  opts: { syncDir?: boolean } = {},
) {
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  // The mode given to open is narrowed by the umask; the file holds secrets either way.
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
  if (!opts.syncDir) return;
  const dirFd = openSync(dirname(file), 'r');
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
}
